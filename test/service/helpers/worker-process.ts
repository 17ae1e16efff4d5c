/** `octavo worker` as a real child process (from dist/), ready once it says it renders. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServeProcess } from './serve-process.js';
import { withoutWarmUp } from './serve-process.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export async function startWorkerProcess(args: readonly string[]): Promise<Omit<ServeProcess, 'url'>> {
  const child = spawn(process.execPath, [join(root, 'dist/cli/main.js'), 'worker', ...withoutWarmUp(args)], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`octavo worker did not start: ${err}`)); }, 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      if (/rendering up to \d+ jobs/.test(err)) { clearTimeout(timer); resolve(); }
    });
    child.once('exit', () => { clearTimeout(timer); reject(new Error(`octavo worker exited: ${err}`)); });
  });
  return { child, exited, crash: () => { child.kill('SIGKILL'); } };
}
