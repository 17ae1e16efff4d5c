/**
 * CPU time for tests that guard an algorithm's cost (linear, not quadratic; a budget that stops
 * work early): the user + system time this process spends while `fn` runs. On a machine shared
 * with other work the wall time of the same computation grows many times over; its CPU time grows
 * far less — but up to twice when the other work runs on the sibling hyperthread of the same
 * core, so a bound meant to hold at its limit runs alone (vitest.config.ts: the 'alone' project).
 * Speed budgets belong in bench/.
 *
 *   const { ms } = await cpuTime(() => layoutHtml(html));
 *   expect(ms).toBeLessThan(1_500);
 *
 * A worker process runs one test file at a time (vitest.config.ts: pool 'forks'), so no other
 * file's work is counted; `fn` should be the only work of its test while it runs.
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface CpuTimed<T> {
  readonly result: T;
  /** User + system CPU time of this process, in milliseconds. */
  readonly ms: number;
}

export async function cpuTime<T>(fn: () => T | Promise<T>): Promise<CpuTimed<T>> {
  const start = process.cpuUsage();
  const result = await fn();
  const used = process.cpuUsage(start);
  return { result, ms: (used.user + used.system) / 1000 };
}

export interface MeasuredRun {
  readonly code: number | null;
  readonly stderr: string;
  /** User + system CPU time of the command and the processes it waited for, in milliseconds. */
  readonly cpuMs: number;
}

/**
 * Runs `command` to its end and measures the CPU time it used, for the bounds of tests that start
 * a process (the CLI): a POSIX shell runs it and then its `times` builtin, whose second line is
 * the user and system time of the shell's children. A signal that ends the command comes back as
 * the shell's exit code 128 + n.
 */
export function runMeasured(command: string, args: readonly string[], stdin: 'ignore' | number = 'ignore'): Promise<MeasuredRun> {
  const script = '"$@"; status=$?; times >&3; exit $status';
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script, 'sh', command, ...args], { stdio: [stdin, 'ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let times = '';
    child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    (child.stdio[3] as Readable).on('data', (chunk: Buffer) => { times += chunk.toString(); });
    child.once('error', reject);
    child.once('close', (code) => {
      const children = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/m.exec(times.trim().split('\n')[1] ?? '');
      if (children === null) {
        reject(new Error(`no times from the shell: ${JSON.stringify(times)}`));
        return;
      }
      const [, userMin, userSec, sysMin, sysSec] = children.map(Number) as [number, number, number, number, number];
      resolve({ code, stderr, cpuMs: Math.round((userMin * 60 + userSec + sysMin * 60 + sysSec) * 1000) });
    });
  });
}
