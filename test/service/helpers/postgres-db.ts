/**
 * Fresh databases for tests: $OCTAVO_TEST_DATABASE_URL if set, else one throwaway cluster per test
 * file (scripts/postgres-test-cluster.mjs). `postgresAvailable` false: the caller skips locally and
 * fails in CI, as storage-postgres.test.ts does.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { findPostgresBinDir, startPostgresCluster } from '../../../scripts/postgres-test-cluster.mjs';
import type { PostgresCluster } from '../../../scripts/postgres-test-cluster.mjs';

const givenUrl = process.env['OCTAVO_TEST_DATABASE_URL'];
export const postgresAvailable = givenUrl !== undefined || findPostgresBinDir() !== undefined;
export const inCi = process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';

let cluster: PostgresCluster | undefined;

export async function freshDatabase(prefix = 'octavo_test'): Promise<string> {
  let base = givenUrl;
  if (base === undefined) {
    cluster ??= await startPostgresCluster();
    base = cluster.url;
  }
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try { await admin.query(`CREATE DATABASE ${name}`); } finally { await admin.end(); }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export function stopCluster(): void {
  cluster?.stop();
  cluster = undefined;
}
