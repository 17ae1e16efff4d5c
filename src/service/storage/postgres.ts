/**
 * PostgreSQL storage, the scale-out path (docs/design.md §1.5): several stateless `octavo serve`
 * processes share one database. Schema migrations run on open (serialised by an advisory lock
 * and recorded in `octavo_migrations`); quota is one atomic `UPDATE ... RETURNING`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type {
  DocumentRecord, NewTemplate, NewWorkspace, Page, PreviewKind, Storage, StoredDocument,
  TemplateChanges, TemplateFiles, TemplatePage, TemplateRecord, TemplateUse, TemplateVersion, TemplateVersionInfo, Workspace, WorkspaceChanges,
} from './types.js';
import { StorageConflictError, isUuid } from './types.js';
import { JOBS_MIGRATION } from './jobs-postgres-schema.js';
import { BATCHES_MIGRATION, BATCHES_QUEUED_MIGRATION } from './batches-postgres.js';
import { TEMPLATE_VERSIONS_MIGRATION } from './template-versions-schema.js';

/** Ordered schema changes; a released migration is never edited, only followed by a new one. */
const MIGRATIONS: readonly { readonly version: number; readonly sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE octavo_settings (key text PRIMARY KEY, value bytea NOT NULL);
      CREATE TABLE workspaces (
        id uuid PRIMARY KEY,
        name text NOT NULL UNIQUE,
        active boolean NOT NULL DEFAULT true,
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz,
        quota integer NOT NULL CHECK (quota >= 0),
        remaining integer NOT NULL CHECK (remaining >= 0)
      );
      CREATE TABLE api_keys (
        hash text PRIMARY KEY,
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        created timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX api_keys_workspace ON api_keys (workspace_id);
      CREATE TABLE templates (
        id uuid PRIMARY KEY,
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name text NOT NULL,
        html text NOT NULL,
        sample json,
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz,
        preview_pdf bytea,
        preview_png bytea
      );
      CREATE INDEX templates_listing ON templates (workspace_id, name COLLATE "C", id);
      CREATE TABLE documents (
        id uuid PRIMARY KEY,
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        template_id uuid NOT NULL,
        reference_id text,
        created timestamptz NOT NULL,
        expires timestamptz NOT NULL,
        pdf bytea NOT NULL
      );
      CREATE INDEX documents_expires ON documents (expires);
      CREATE INDEX documents_workspace ON documents (workspace_id);
    `,
  },
  {
    version: 2,
    sql: `
      CREATE TABLE template_files (
        template_id uuid NOT NULL REFERENCES templates (id) ON DELETE CASCADE,
        path text NOT NULL,
        bytes bytea NOT NULL,
        PRIMARY KEY (template_id, path)
      );
    `,
  },
  { version: 3, sql: JOBS_MIGRATION },
  { version: 4, sql: BATCHES_MIGRATION },
  {
    // names unique per workspace (issue 30); a database made before keeps its oldest template of a
    // name and renames the later ones `name (id)`, so the index can be made on it
    version: 5,
    sql: `
      UPDATE templates t SET name = t.name || ' (' || t.id || ')', modified = now()
      WHERE EXISTS (SELECT 1 FROM templates o WHERE o.workspace_id = t.workspace_id AND o.name = t.name
                    AND (o.created, o.id) < (t.created, t.id));
      CREATE UNIQUE INDEX templates_name ON templates (workspace_id, name);
    `,
  },
  { version: 6, sql: BATCHES_QUEUED_MIGRATION },
  { version: 7, sql: TEMPLATE_VERSIONS_MIGRATION },
  // when a template was last used (noteTemplatesUsed), for the render processes' warm-up
  { version: 8, sql: `ALTER TABLE templates ADD COLUMN last_used timestamptz;` },
];

/** Arbitrary constant of the advisory lock that serialises migrations of concurrent starts. */
const MIGRATION_LOCK = 0x6f6374;

export interface PostgresStorageOptions {
  readonly connectionString: string;
  readonly maxConnections?: number;
}

/** Every pool of the service (storage, job store, webhook store) is made here, with the same failure behaviour. */
export function createPgPool(connectionString: string, maxConnections: number): pg.Pool {
  // a database that does not answer is "unreachable" (503) after 5 s, not a request that hangs
  const pool = new pg.Pool({ connectionString, max: maxConnections, connectionTimeoutMillis: 5_000 });
  // an idle connection the database drops (stopped, restarted) must not end the process: the next query reconnects
  pool.on('error', () => undefined);
  return pool;
}

export async function createPostgresStorage(options: PostgresStorageOptions): Promise<Storage> {
  const pool = createPgPool(options.connectionString, options.maxConnections ?? 10);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const q = <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => pool.query<R>(sql, params);
  return {
    signingSecret: () => signingSecret(pool),
    createWorkspace: (input) => createWorkspace(pool, input),
    getWorkspace: async (id) => !isUuid(id) ? undefined : first(await q<WorkspaceRow>(`SELECT * FROM workspaces WHERE id = $1`, [id]), toWorkspace),
    findWorkspaceByName: async (name) => first(await q<WorkspaceRow>(`SELECT * FROM workspaces WHERE name = $1`, [name]), toWorkspace),
    findApiKey: async (hash) => first(await q<WorkspaceRow & { key_hash: string }>(
      `SELECT w.*, k.hash AS key_hash FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id WHERE k.hash = $1`, [hash]),
    (row) => ({ workspace: toWorkspace(row), keyHash: row.key_hash })),
    updateWorkspace: async (id, changes) => (isUuid(id) ? updateWorkspace(pool, id, changes) : undefined),
    addApiKey: async (workspaceId, hash) => {
      await q(`INSERT INTO api_keys (hash, workspace_id) VALUES ($1, $2) ON CONFLICT (hash) DO NOTHING`, [hash, workspaceId]);
    },
    removeApiKeys: async (workspaceId) => { await q(`DELETE FROM api_keys WHERE workspace_id = $1`, [workspaceId]); },
    consumeQuota: async (id) => !isUuid(id) ? undefined : first(await q<{ remaining: number }>(
      `UPDATE workspaces SET remaining = remaining - 1 WHERE id = $1 AND remaining > 0 RETURNING remaining`, [id]),
    (row) => row.remaining),
    refundQuota: async (id) => {
      if (isUuid(id)) await q(`UPDATE workspaces SET remaining = LEAST(quota, remaining + 1) WHERE id = $1`, [id]);
    },
    createTemplate: (input) => createTemplate(pool, input),
    getTemplate: async (workspaceId, templateId) => !isUuid(workspaceId) || !isUuid(templateId) ? undefined : first(await q<TemplateRow>(
      `SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE id = $1 AND workspace_id = $2`, [templateId, workspaceId]), toTemplate),
    getTemplateSample: async (workspaceId, templateId) => !isUuid(workspaceId) || !isUuid(templateId) ? undefined : first(await q<{ sample: string | null }>(
      `SELECT sample::text AS sample FROM templates WHERE id = $1 AND workspace_id = $2`, [templateId, workspaceId]),
    (row) => (row.sample === null ? undefined : JSON.parse(row.sample) as unknown)),
    listTemplates: async (workspaceId, page) => (isUuid(workspaceId) ? listTemplates(pool, workspaceId, page) : { items: [], total: 0 }),
    getPreview: async (templateId, kind) => (isUuid(templateId) ? getPreview(pool, templateId, kind) : undefined),
    updateTemplate: async (workspaceId, templateId, changes) =>
      (isUuid(workspaceId) && isUuid(templateId) ? updateTemplate(pool, workspaceId, templateId, changes) : undefined),
    getTemplateFiles: async (workspaceId, templateId) =>
      (isUuid(workspaceId) && isUuid(templateId) ? getTemplateFiles(pool, workspaceId, templateId) : undefined),
    deleteTemplate: async (workspaceId, templateId) => isUuid(workspaceId) && isUuid(templateId) && deleteTemplate(pool, workspaceId, templateId),
    getTemplateVersion: async (workspaceId, templateId, version) =>
      (isUuid(workspaceId) && isUuid(templateId) ? getTemplateVersion(pool, workspaceId, templateId, version) : undefined),
    listTemplateVersions: async (workspaceId, templateId) =>
      (isUuid(workspaceId) && isUuid(templateId) ? listTemplateVersions(pool, workspaceId, templateId) : undefined),
    deleteUnusedTemplateVersions: (inUse, before) => deleteUnusedTemplateVersions(pool, inUse, before),
    noteTemplatesUsed: (uses) => noteTemplatesUsed(pool, uses),
    // read when a render process starts, not per request: a scan of the templates, no index kept for it
    recentTemplates: async (limit) => (await q<TemplateRow>(
      `SELECT ${TEMPLATE_COLUMNS} FROM templates ORDER BY GREATEST(last_used, COALESCE(modified, created)) DESC, id LIMIT $1`,
      [Math.max(0, limit)])).rows.map(toTemplate),
    putDocument: async (record, pdf) => { await insertDocument(pool, record, pdf); },
    chargeAndPutDocument: (record, pdf) => chargeAndPutDocument(pool, record, pdf),
    getDocument: async (id) => !isUuid(id) ? undefined : first(await q<DocumentRow>(`SELECT * FROM documents WHERE id = $1`, [id]), toStoredDocument),
    deleteDocument: async (id) => { if (isUuid(id)) await q(`DELETE FROM documents WHERE id = $1`, [id]); },
    deleteExpiredDocuments: async (now) => (await q(`DELETE FROM documents WHERE expires <= $1`, [now])).rowCount ?? 0,
    countDocuments: async (workspaceId) => !isUuid(workspaceId) ? 0 :
      Number((await q<{ n: string }>(`SELECT count(*) AS n FROM documents WHERE workspace_id = $1`, [workspaceId])).rows[0]?.n ?? 0),
    close: () => pool.end(),
  };
}

function first<R, T>(result: pg.QueryResult<R & pg.QueryResultRow>, map: (row: R) => T): T | undefined {
  const row = result.rows[0];
  return row === undefined ? undefined : map(row);
}

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS octavo_migrations (version integer PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM octavo_migrations')).rows.map((r) => r.version));
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO octavo_migrations (version) VALUES ($1)', [migration.version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function signingSecret(pool: pg.Pool): Promise<Uint8Array> {
  await pool.query(`INSERT INTO octavo_settings (key, value) VALUES ('signing_secret', $1) ON CONFLICT (key) DO NOTHING`, [randomBytes(32)]);
  const row = (await pool.query<{ value: Buffer }>(`SELECT value FROM octavo_settings WHERE key = 'signing_secret'`)).rows[0];
  if (row === undefined) throw new Error('signing secret missing after insert');
  return new Uint8Array(row.value);
}

interface WorkspaceRow {
  id: string; name: string; active: boolean; created: Date; modified: Date | null; quota: number; remaining: number;
}

function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id, name: row.name, active: row.active, created: row.created, modified: row.modified,
    quota: row.quota, remainingQuota: row.remaining,
  };
}

async function createWorkspace(pool: pg.Pool, input: NewWorkspace): Promise<Workspace> {
  return inTransaction(pool, async (client) => {
    const result = await client.query<WorkspaceRow>(
      `INSERT INTO workspaces (id, name, active, quota, remaining) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (name) DO NOTHING RETURNING *`,
      [randomUUID(), input.name, input.active ?? true, input.quota],
    );
    const row = result.rows[0];
    if (row === undefined) throw new StorageConflictError(`a workspace named '${input.name}' exists`);
    await client.query(`INSERT INTO api_keys (hash, workspace_id) VALUES ($1, $2)`, [input.apiKeyHash, row.id]);
    return toWorkspace(row);
  });
}

async function updateWorkspace(pool: pg.Pool, id: string, changes: WorkspaceChanges): Promise<Workspace | undefined> {
  const result = await pool.query<WorkspaceRow>(
    `UPDATE workspaces SET active = COALESCE($2, active), quota = COALESCE($3, quota), remaining = COALESCE($3, remaining),
       modified = now() WHERE id = $1 RETURNING *`,
    [id, changes.active ?? null, changes.quota ?? null],
  );
  return first(result, toWorkspace);
}

/** Not the sample: `getTemplateSample` reads it where it is used. */
const TEMPLATE_COLUMNS = 'id, workspace_id, name, html, created, modified, version';

/** A document's columns in the order of `insertDocument`'s parameters. */
function documentValues(record: DocumentRecord, pdf: Uint8Array): unknown[] {
  return [record.id, record.workspaceId, record.templateId, record.referenceId, record.created, record.expires, Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)];
}

export async function insertDocument(db: pg.Pool | pg.PoolClient, record: DocumentRecord, pdf: Uint8Array): Promise<void> {
  await db.query(`INSERT INTO documents (id, workspace_id, template_id, reference_id, created, expires, pdf) VALUES ($1, $2, $3, $4, $5, $6, $7)`, documentValues(record, pdf));
}

/**
 * The quota unit and the document in one statement, so one transaction: after any crash, quota used
 * = documents stored. The update's row feeds the insert: no unit left, no row inserted, nothing
 * changed. One round trip where BEGIN, UPDATE, INSERT, COMMIT took four on every generate.
 */
async function chargeAndPutDocument(pool: pg.Pool, record: DocumentRecord, pdf: Uint8Array): Promise<boolean> {
  if (!isUuid(record.workspaceId)) return false;
  const inserted = await pool.query(
    `WITH charged AS (UPDATE workspaces SET remaining = remaining - 1 WHERE id = $2 AND remaining > 0 RETURNING id)
     INSERT INTO documents (id, workspace_id, template_id, reference_id, created, expires, pdf)
     SELECT $1::uuid, charged.id, $3::uuid, $4::text, $5::timestamptz, $6::timestamptz, $7::bytea FROM charged`,
    documentValues(record, pdf),
  );
  return (inserted.rowCount ?? 0) > 0;
}

/** One statement for the batch; GREATEST ignores the NULL of a template never used. */
async function noteTemplatesUsed(pool: pg.Pool, uses: readonly TemplateUse[]): Promise<void> {
  // one row per template: an UPDATE ... FROM with two rows for one template applies only one of them
  const latest = new Map<string, TemplateUse>();
  for (const use of uses) {
    if (!isUuid(use.workspaceId) || !isUuid(use.templateId)) continue;
    const known = latest.get(use.templateId);
    if (known === undefined || known.at.getTime() < use.at.getTime()) latest.set(use.templateId, use);
  }
  const valid = [...latest.values()];
  if (valid.length === 0) return;
  await pool.query(
    `UPDATE templates t SET last_used = GREATEST(t.last_used, u.at)
     FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS u(template_id, workspace_id, at)
     WHERE t.id = u.template_id AND t.workspace_id = u.workspace_id`,
    [valid.map((use) => use.templateId), valid.map((use) => use.workspaceId), valid.map((use) => use.at)]);
}

interface TemplateRow {
  id: string; workspace_id: string; name: string; html: string; created: Date; modified: Date | null; version: number;
}

function toTemplate(row: TemplateRow): TemplateRecord {
  return {
    id: row.id, workspaceId: row.workspace_id, name: row.name, html: row.html,
    created: row.created, modified: row.modified, version: row.version,
  };
}

/** Runs `work` in one transaction on one connection: all of it or nothing. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Replaces the template's files with `files` (inside the caller's transaction). */
async function replaceTemplateFiles(client: pg.PoolClient, templateId: string, files: TemplateFiles): Promise<void> {
  await client.query(`DELETE FROM template_files WHERE template_id = $1`, [templateId]);
  for (const [path, bytes] of files) {
    await client.query(`INSERT INTO template_files (template_id, path, bytes) VALUES ($1, $2, $3)`,
      [templateId, path, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
  }
}

/** The template, its previews and its files in one transaction; a taken name (the unique index) is a conflict. */
async function createTemplate(pool: pg.Pool, input: NewTemplate): Promise<TemplateRecord> {
  const made = await inTransaction(pool, async (client) => {
    const result = await client.query<TemplateRow>(
      `INSERT INTO templates (id, workspace_id, name, html, sample, preview_pdf, preview_png) VALUES ($1, $2, $3, $4, $5::json, $6, $7)
       ON CONFLICT (workspace_id, name) DO NOTHING RETURNING ${TEMPLATE_COLUMNS}`,
      [
        randomUUID(), input.workspaceId, input.name, input.html,
        input.sample === undefined ? null : JSON.stringify(input.sample),
        input.previews === undefined ? null : Buffer.from(input.previews.pdf),
        input.previews === undefined ? null : Buffer.from(input.previews.png),
      ],
    );
    const template = first(result, toTemplate);
    if (template !== undefined && input.files !== undefined) await replaceTemplateFiles(client, template.id, input.files);
    return template;
  });
  if (made !== undefined) return made;
  const taken = (await pool.query<{ id: string }>(`SELECT id FROM templates WHERE workspace_id = $1 AND name = $2`, [input.workspaceId, input.name])).rows[0];
  // the other template was deleted between the two statements: the name is free again
  if (taken === undefined) return createTemplate(pool, input);
  throw new StorageConflictError(`a template named '${input.name}' exists (id ${taken.id})`, taken.id);
}

/**
 * Copies the template's current version and files into template_versions (inside the caller's
 * transaction, the template's row locked): what an update or a delete supersedes. False if not found.
 */
async function keepCurrentVersion(client: pg.PoolClient, workspaceId: string, templateId: string): Promise<boolean> {
  const version = (await client.query<{ version: number }>(
    `SELECT version FROM templates WHERE id = $1 AND workspace_id = $2 FOR UPDATE`, [templateId, workspaceId])).rows[0]?.version;
  if (version === undefined) return false;
  const kept = await client.query(
    `INSERT INTO template_versions (template_id, version, workspace_id, name, html, sample, created, modified, superseded)
     SELECT id, version, workspace_id, name, html, sample, created, modified, now() FROM templates WHERE id = $1
     ON CONFLICT (template_id, version) DO NOTHING`, [templateId]);
  if (kept.rowCount !== 0) {
    await client.query(
      `INSERT INTO template_version_files (template_id, version, path, bytes) SELECT template_id, $2, path, bytes FROM template_files WHERE template_id = $1`,
      [templateId, version]);
  }
  return true;
}

async function deleteTemplate(pool: pg.Pool, workspaceId: string, templateId: string): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    // accepted jobs still render it
    if (!(await keepCurrentVersion(client, workspaceId, templateId))) return false;
    return ((await client.query(`DELETE FROM templates WHERE id = $1 AND workspace_id = $2`, [templateId, workspaceId])).rowCount ?? 0) > 0;
  });
}

async function getTemplateVersion(pool: pg.Pool, workspaceId: string, templateId: string, version: number): Promise<TemplateVersion | undefined> {
  const current = first(await pool.query<TemplateRow>(
    `SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE id = $1 AND workspace_id = $2 AND version = $3`, [templateId, workspaceId, version]), toTemplate);
  if (current !== undefined) {
    const files = await getTemplateFiles(pool, workspaceId, templateId);
    if (files !== undefined) return { template: current, files, superseded: null };
  }
  const kept = (await pool.query<TemplateRow & { superseded: Date }>(
    `SELECT template_id AS id, workspace_id, name, html, created, modified, version, superseded
     FROM template_versions WHERE template_id = $1 AND workspace_id = $2 AND version = $3`, [templateId, workspaceId, version])).rows[0];
  if (kept === undefined) return undefined;
  const files = (await pool.query<{ path: string; bytes: Buffer }>(
    `SELECT path, bytes FROM template_version_files WHERE template_id = $1 AND version = $2 ORDER BY path COLLATE "C"`, [templateId, version])).rows;
  return { template: toTemplate(kept), files: new Map(files.map((row) => [row.path, new Uint8Array(row.bytes)])), superseded: kept.superseded };
}

async function listTemplateVersions(pool: pg.Pool, workspaceId: string, templateId: string): Promise<TemplateVersionInfo[] | undefined> {
  const current = first(await pool.query<TemplateRow>(
    `SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE id = $1 AND workspace_id = $2`, [templateId, workspaceId]), toTemplate);
  if (current === undefined) return undefined;
  const kept = (await pool.query<{ version: number; created: Date; modified: Date | null; superseded: Date }>(
    `SELECT version, created, modified, superseded FROM template_versions WHERE template_id = $1 AND workspace_id = $2 ORDER BY version DESC`,
    [templateId, workspaceId])).rows;
  return [
    { version: current.version, created: current.modified ?? current.created, superseded: null },
    ...kept.filter((row) => row.version !== current.version).map((row) => ({ version: row.version, created: row.modified ?? row.created, superseded: row.superseded })),
  ];
}

async function deleteUnusedTemplateVersions(pool: pg.Pool, inUse: ReadonlySet<string>, before: Date): Promise<number> {
  return (await pool.query(
    `DELETE FROM template_versions WHERE superseded <= $1 AND NOT (template_id::text || '@' || version = ANY($2::text[]))`,
    [before, [...inUse]])).rowCount ?? 0;
}

async function updateTemplate(pool: pg.Pool, workspaceId: string, templateId: string, changes: TemplateChanges): Promise<TemplateRecord | undefined> {
  return inTransaction(pool, async (client) => {
    if (!(await keepCurrentVersion(client, workspaceId, templateId))) return undefined;
    const template = first(await client.query<TemplateRow>(
      `UPDATE templates SET html = $3, sample = $4::json, preview_pdf = $5, preview_png = $6, modified = now(), version = version + 1
       WHERE id = $1 AND workspace_id = $2 RETURNING ${TEMPLATE_COLUMNS}`,
      [templateId, workspaceId, changes.html, changes.sample === undefined ? null : JSON.stringify(changes.sample),
        Buffer.from(changes.previews.pdf), Buffer.from(changes.previews.png)]), toTemplate);
    if (template !== undefined && changes.files !== undefined) await replaceTemplateFiles(client, templateId, changes.files);
    return template;
  });
}

async function getTemplateFiles(pool: pg.Pool, workspaceId: string, templateId: string): Promise<TemplateFiles | undefined> {
  const rows = (await pool.query<{ path: string | null; bytes: Buffer | null }>(
    `SELECT f.path, f.bytes FROM templates t LEFT JOIN template_files f ON f.template_id = t.id
     WHERE t.id = $1 AND t.workspace_id = $2 ORDER BY f.path COLLATE "C"`, [templateId, workspaceId])).rows;
  if (rows.length === 0) return undefined;
  return new Map(rows.filter((row) => row.path !== null && row.bytes !== null).map((row) => [row.path!, new Uint8Array(row.bytes!)]));
}

async function listTemplates(pool: pg.Pool, workspaceId: string, page: Page): Promise<TemplatePage> {
  const [rows, count] = await Promise.all([
    pool.query<TemplateRow>(
      `SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE workspace_id = $1 ORDER BY name COLLATE "C", id OFFSET $2 LIMIT $3`,
      [workspaceId, page.offset, page.limit],
    ),
    pool.query<{ n: string }>(`SELECT count(*) AS n FROM templates WHERE workspace_id = $1`, [workspaceId]),
  ]);
  return { items: rows.rows.map(toTemplate), total: Number(count.rows[0]?.n ?? 0) };
}

async function getPreview(pool: pg.Pool, templateId: string, kind: PreviewKind): Promise<Uint8Array | undefined> {
  const column = kind === 'pdf' ? 'preview_pdf' : 'preview_png';
  const row = (await pool.query<{ bytes: Buffer | null }>(`SELECT ${column} AS bytes FROM templates WHERE id = $1`, [templateId])).rows[0];
  return row?.bytes == null ? undefined : new Uint8Array(row.bytes);
}

interface DocumentRow {
  id: string; workspace_id: string; template_id: string; reference_id: string | null; created: Date; expires: Date; pdf: Buffer;
}

function toStoredDocument(row: DocumentRow): StoredDocument {
  const record: DocumentRecord = {
    id: row.id, workspaceId: row.workspace_id, templateId: row.template_id, referenceId: row.reference_id,
    created: row.created, expires: row.expires,
  };
  return { record, pdf: new Uint8Array(row.pdf) };
}
