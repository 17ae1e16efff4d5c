/**
 * Starts the CLI from its V8 startup snapshot (dist/cli/octavo.blob, scripts/build-snapshot.mjs):
 * a second node process, `node --snapshot-blob octavo.blob -- main.js ARGS`, that begins with the
 * CLI loaded, fonts parsed and a render's code compiled. Node 20 cannot replace a running process
 * (no execve) nor take the blob from a script's shebang, so the launcher waits for the child and
 * exits as it did. Measured on the invoice: the two processes cost less than half of one process
 * loading and compiling the CLI (README.md, cold start).
 *
 * The blob is used only by the Node build that made it (same version, V8, platform and
 * architecture) in the folder it was made in (its heap holds that folder's paths), without node
 * flags (V8 refuses a blob made with other flags: node's own or NODE_OPTIONS' are honoured by
 * starting without it), and not by the long-running commands, which start once and should get
 * their signals straight. Should node still refuse the blob (exit code 14, before the CLI ran),
 * the command runs again without it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What octavo.blob.json records: the Node build and the folder the blob was made by and for. */
export interface SnapshotBuild {
  readonly node: string;
  readonly v8: string;
  readonly arch: string;
  readonly platform: string;
  readonly dir: string;
}

/** The Node build running now. */
export function currentBuild(dir: string): SnapshotBuild {
  return { node: process.version, v8: process.versions.v8, arch: process.arch, platform: process.platform, dir };
}

/** Servers: one process, so that SIGTERM reaches them directly. */
const LONG_RUNNING = new Set(['serve', 'preview']);

/** node's exit code when it cannot deserialize a startup snapshot (the CLI never exits with it). */
export const SNAPSHOT_REFUSED = 14;

/**
 * The blob to start `args` from, or undefined: snapshot off (OCTAVO_SNAPSHOT=0), a long-running
 * command, a `--helpers` module to load (a snapshot's process has no module loader for it), no
 * blob, or a blob made by another Node build or for another folder.
 */
export function snapshotBlob(
  dir: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env,
  build: SnapshotBuild = currentBuild(dir), nodeFlags: readonly string[] = process.execArgv,
): string | undefined {
  if (env.OCTAVO_SNAPSHOT === '0' || LONG_RUNNING.has(args[0] ?? '')) return undefined;
  if (args.some((arg) => arg === '--helpers' || arg.startsWith('--helpers='))) return undefined;
  if (nodeFlags.length > 0 || (env.NODE_OPTIONS ?? '').trim() !== '') return undefined;
  const blob = join(dir, 'octavo.blob');
  let made: Partial<SnapshotBuild>;
  try {
    made = JSON.parse(readFileSync(join(dir, 'octavo.blob.json'), 'utf8')) as Partial<SnapshotBuild>;
  } catch {
    return undefined;
  }
  const same = (Object.keys(build) as (keyof SnapshotBuild)[]).every((key) => made[key] === build[key]);
  return same && existsSync(blob) ? blob : undefined;
}

/**
 * Runs `main.js ARGS` in a process started from `blob`, with this process's standard streams.
 * Resolves once it ended: true with its exit code set on this process, false when node refused
 * the blob (nothing ran).
 */
export function runFromSnapshot(blob: string, main: string, args: readonly string[]): Promise<boolean> {
  const child = spawn(process.execPath, ['--snapshot-blob', blob, '--', main, ...args], { stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals): void => { child.kill(signal); };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const name of signals) process.off(name, forward);
      if (signal !== null) process.kill(process.pid, signal); // end as the child did
      if (code === SNAPSHOT_REFUSED) return resolve(false);
      process.exitCode = code ?? 1;
      resolve(true);
    });
  });
}
