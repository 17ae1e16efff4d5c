/** `octavo serve` as a real child process (from dist/), on 127.0.0.1 with a free port. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** kill -9 */
  crash(): void;
}

/** `env`: more environment variables for the server only (e.g. a test-only fault injection). */
export async function startServeProcess(args: readonly string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [join(root, 'dist/cli/main.js'), 'serve', '--port', '0', '--host', '127.0.0.1', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`octavo serve did not start: ${err}`)); }, 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)\/v1/.exec(err);
      if (match) { clearTimeout(timer); resolve(match[1]!); }
    });
    child.once('exit', () => { clearTimeout(timer); reject(new Error(`octavo serve exited: ${err}`)); });
  });
  return { url, child, exited, crash: () => { child.kill('SIGKILL'); } };
}
