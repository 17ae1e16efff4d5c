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
import { runMeasured } from '../helpers/cpu-time.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'dist/cli/main.js');
/** Catches a hang, no speed budget: a CLI start takes many seconds on a loaded machine. */
const HANG_MS = 60_000;

function run(args: string[]): Promise<{ signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: HANG_MS - 5_000 });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.once('exit', (_, signal) => resolve({ signal, stderr }));
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'octavo-bounded-'));
  await writeFile(join(dir, 't.html'), '<p>{{name}}</p>');
});
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('octavo render bounds its inputs', () => {
  // the bound is the CLI's CPU time (the work the input costs); on a loaded machine its wall time is many times that
  it('refuses --data /dev/zero after limits.maxPayloadBytes, within 5 s of CPU time', async () => {
    const result = await runMeasured(process.execPath, [cli, 'render', join(dir, 't.html'), '--data', '/dev/zero', '--out', join(dir, 'o.pdf')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("data file '/dev/zero' is larger than 10485760 bytes (limits.maxPayloadBytes = 10485760)");
    expect(result.cpuMs).toBeLessThan(5_000);
  }, HANG_MS);

  it('refuses an endless stdin the same way', async () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const result = await runMeasured(process.execPath, [cli, 'render', join(dir, 't.html'), '--data', '-', '--out', join(dir, 'o.pdf')], zero);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("data file '<stdin>' is larger than 10485760 bytes");
      expect(result.cpuMs).toBeLessThan(5_000);
    } finally {
      closeSync(zero);
    }
  }, HANG_MS);

  it('stops a process stuck past the budget with a message (the watchdog of the default time limit)', async () => {
    const watchdog = join(root, 'dist/cli/shared/watchdog.js');
    // stuck for good: only the watchdog ends it (the test's time limit would end a missing one)
    const script = `import(${JSON.stringify(watchdog)}).then((m) => { m.startWatchdog(100, 100); for (;;); })`;
    const result = await run(['-e', script]);
    expect(result.signal).toBe('SIGKILL');
    expect(result.stderr).toContain('rendering took longer than 200 ms (limits.maxRenderMs = 100 and a grace period): stopped');
  }, HANG_MS);
});
