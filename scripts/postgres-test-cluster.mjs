// A throwaway PostgreSQL cluster for the storage contract tests (docs/design.md §1.5, §3):
// initdb in a temp folder, postgres on 127.0.0.1 at a random free port, torn down afterwards.
// As root (CI, this machine) the server runs as the `postgres` system user (initdb refuses root).
//
//   node scripts/postgres-test-cluster.mjs   starts one, prints its URL, stops it on Ctrl-C
//   import { startPostgresCluster } from '../../scripts/postgres-test-cluster.mjs'   in tests
//
// Binaries: $OCTAVO_PG_BINDIR, else the newest /usr/lib/postgresql/<version>/bin (Debian's
// `postgresql` package), else `initdb` on the PATH.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setInterval } from 'node:timers';

/** The folder holding initdb/pg_ctl/postgres, or undefined when PostgreSQL is not installed. */
export function findPostgresBinDir() {
  const fromEnv = process.env.OCTAVO_PG_BINDIR;
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return join(debian, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim() !== '') return join(which.stdout.trim(), '..');
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function runAs(user, bin, args) {
  const command = user === undefined ? [bin, args] : ['runuser', ['-u', user, '--', bin, ...args]];
  return execFileSync(command[0], command[1], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Starts a cluster; resolves to { url, stop() }. Throws if the binaries are missing or the
 * server does not come up (its log is in the error message).
 */
export async function startPostgresCluster() {
  const binDir = findPostgresBinDir();
  if (binDir === undefined) throw new Error('PostgreSQL binaries not found (install the Debian package `postgresql`)');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const user = isRoot ? 'postgres' : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'octavo-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const stop = () => {
    try {
      if (existsSync(join(data, 'postmaster.pid'))) runAs(user, join(binDir, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    runAs(user, join(binDir, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync']);
    let lastError;
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      const options = [
        `-p ${port}`, '-c listen_addresses=127.0.0.1', `-c unix_socket_directories=${dir}`,
        '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=100',
      ].join(' ');
      try {
        runAs(user, join(binDir, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-t', '60', '-o', options, 'start']);
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
      } catch (error) {
        lastError = error; // most likely the port was taken in between: try another
      }
    }
    const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
    throw new Error(`PostgreSQL did not start: ${lastError?.message ?? ''}\n${serverLog}`);
  } catch (error) {
    stop();
    throw error;
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const cluster = await startPostgresCluster();
  process.stdout.write(`${cluster.url}\n`);
  const shutdown = () => { cluster.stop(); process.exit(0); };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  setInterval(() => undefined, 1 << 30);
}
