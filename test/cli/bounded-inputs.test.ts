/**
 * Issue 26: the CLI's inputs and render time are bounded. `--data /dev/zero` (and an endless
 * stdin) is refused after limits.maxPayloadBytes instead of read until memory runs out; a render
 * stuck past the default budget is stopped by the watchdog. Runs the built dist/ (npm run build).
 */
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'dist/cli/main.js');

function run(args: string[], stdin: 'ignore' | number = 'ignore'): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: [stdin, 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.once('exit', (code, signal) => resolve({ code, signal, stderr, ms: Date.now() - started }));
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'octavo-bounded-'));
  await writeFile(join(dir, 't.html'), '<p>{{name}}</p>');
});
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('octavo render bounds its inputs', () => {
  it('refuses --data /dev/zero after limits.maxPayloadBytes, within 5 s', async () => {
    const result = await run([cli, 'render', join(dir, 't.html'), '--data', '/dev/zero', '--out', join(dir, 'o.pdf')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("data file '/dev/zero' is larger than 10485760 bytes (limits.maxPayloadBytes = 10485760)");
    expect(result.ms).toBeLessThan(5_000);
  }, 20_000);

  it('refuses an endless stdin the same way', async () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const result = await run([cli, 'render', join(dir, 't.html'), '--data', '-', '--out', join(dir, 'o.pdf')], zero);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("data file '<stdin>' is larger than 10485760 bytes");
      expect(result.ms).toBeLessThan(5_000);
    } finally {
      closeSync(zero);
    }
  }, 20_000);

  it('stops a process stuck past the budget with a message (the watchdog of the default time limit)', async () => {
    const watchdog = join(root, 'dist/cli/shared/watchdog.js');
    const script = `import(${JSON.stringify(watchdog)}).then((m) => { m.startWatchdog(100, 100); const end = Date.now() + 20000; while (Date.now() < end); })`;
    const result = await run(['-e', script]);
    expect(result.signal).toBe('SIGKILL');
    expect(result.stderr).toContain('rendering took longer than 200 ms (limits.maxRenderMs = 100 and a grace period): stopped');
    expect(result.ms).toBeLessThan(5_000);
  }, 20_000);
});
