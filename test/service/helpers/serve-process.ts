/** `octavo serve` as a real child process (from dist/), on 127.0.0.1 with a free port. */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROCESS_TIMEOUT_MS, ensureBuilt } from '../../helpers/processes.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The CLI from dist/ as a child process, without blocking this event loop (kept-alive sockets must see their close). */
export function runOctavo(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(root, 'dist/cli/main.js'), ...args], { encoding: 'utf8', timeout: PROCESS_TIMEOUT_MS }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** kill -9 */
  crash(): void;
}

/**
 * The render processes' warm-up after `ready` is off unless `args` sets `--warm-up-ms`: the
 * suite starts many servers, and each would spend its budget on every core.
 */
export function withoutWarmUp(args: readonly string[]): readonly string[] {
  return args.includes('--warm-up-ms') ? args : ['--warm-up-ms', '0', ...args];
}

/** `env`: more environment variables for the server only (e.g. a test-only fault injection). */
export async function startServeProcess(args: readonly string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  ensureBuilt();
  const child = spawn(process.execPath, [join(root, 'dist/cli/main.js'), 'serve', '--port', '0', '--host', '127.0.0.1', ...withoutWarmUp(args)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    // a cold start takes a second on a quiet machine, much longer on a loaded one
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`octavo serve did not start: ${err}`)); }, 90_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)\/v1/.exec(err);
      if (match) { clearTimeout(timer); resolve(match[1]!); }
    });
    child.once('exit', () => { clearTimeout(timer); reject(new Error(`octavo serve exited: ${err}`)); });
  });
  return { url, child, exited, crash: () => { child.kill('SIGKILL'); } };
}

/** Linux's USER_HZ: /proc reports CPU times in these ticks. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system, ms, all threads) the process has used so far, from /proc/PID/stat. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3, state
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND; // fields 14 and 15
}

/**
 * CPU time (ms) of the process and all its descendants so far — the live ones' own time and that
 * of the children each has already reaped — from /proc/PID/stat: the work a server does for a
 * request, whichever of its render processes does it, unlike wall time the same on a loaded machine.
 */
export function processTreeCpuMs(pid: number): number {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3, state
    // fields 4 (ppid), 14-17 (utime, stime, cutime, cstime)
    stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) });
  }
  let ticks = 0;
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [id, { parent }] of stats) {
      if (tree.has(id) || !tree.has(parent)) continue;
      tree.add(id);
      grew = true;
    }
  }
  for (const id of tree) ticks += stats.get(id)?.ticks ?? 0;
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Resolves once the process has used `ms` of CPU time more than `since`: the sign that it is at
 * work on what was just sent to it, however long a loaded machine makes that take (a fixed sleep
 * is too short there).
 */
export async function busyFor(pid: number, ms: number, since: number): Promise<void> {
  while (processCpuMs(pid) - since < ms) await sleep(10);
}
