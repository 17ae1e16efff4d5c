/**
 * File-system storage, the embedded default (docs/design.md §1.5): a data folder anyone can read,
 * templates as plain files.
 *
 *   DATA/secret.key                                   link-signing secret (mode 0600)
 *   DATA/workspaces/<id>.json                         workspace, quota included
 *   DATA/keys/<sha256 of key>.json                    {"workspaceId": ...}
 *   DATA/templates/<workspace>/<template>/            template.html, template.json, sample.json,
 *                                                     preview.pdf, preview.png, files/ (the template's
 *                                                     folder: stylesheets, images, fonts, partials; after
 *                                                     an update that replaced them, files-<n>/, named
 *                                                     by template.json)
 *   DATA/documents/<id>.document                      document: its record (one line of JSON), then the PDF
 *                                                     (fs-documents.ts; before, <id>.pdf + <id>.json)
 *   DATA/template-uses.json                           when templates were last used (fs-template-uses.ts)
 *
 * Every write is atomic (fs-atomic.ts): a template folder appears complete or not at all; a
 * document appears in one rename, once its record and bytes are on disk.
 * Quota updates are serialised per workspace in-process and by a lock file across processes
 * on the same machine; several machines sharing a network folder must use postgres instead.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { KeptVersions } from './kept-versions.js';
import { createKeptVersions } from './kept-versions.js';
import { GroupCommit } from './group-commit.js';
import type {
  NewTemplate, NewWorkspace, Page, PreviewKind, Storage,
  TemplateChanges, TemplateFiles, TemplatePage, TemplateRecord, Workspace, WorkspaceChanges,
} from './types.js';
import { collectTemplateFiles } from './template-files.js';
import { noteTemplatesUsed, recentTemplates } from './fs-template-uses.js';
import type { ReadTemplate } from './fs-template-uses.js';
import { StorageConflictError, compareTemplates, isUuid, templateNamed } from './types.js';
import type { ChargeUnit } from './fs-documents.js';
import { createFsDocuments } from './fs-documents.js';
import { KeyedMutex, TEMP_PREFIX, createDirAtomic, replaceUnderLock, withFileLock, writeFileAtomic } from './fs-atomic.js';
import { CheckedFiles, listDir, readBytes, readJson, readSmallJson } from './fs-read.js';

interface FsContext {
  readonly root: string;
  readonly mutex: KeyedMutex;
  /** Changes of workspace files, concurrent ones written together (modifyWorkspace). */
  readonly workspaceChanges: GroupCommit<Workspace>;
  /** Superseded versions, for this process's jobs (kept-versions.ts). */
  readonly kept: KeptVersions;
  /** Keys' entries and templates' meta and source, checked by `stat` on every read (fs-read.ts). */
  readonly checked: CheckedFiles;
}

const HASH = /^[0-9a-f]{64}$/;

export async function createFsStorage(dataDir: string): Promise<Storage> {
  const mutex = new KeyedMutex();
  const ctx: FsContext = { root: dataDir, mutex, workspaceChanges: new GroupCommit(mutex, (id, apply) => updateWorkspaceFile(ctx, id, apply)), kept: createKeptVersions(), checked: new CheckedFiles() };
  for (const dir of ['workspaces', 'keys', 'templates', 'documents']) await mkdir(join(dataDir, dir), { recursive: true });
  await removeStaleTemps(ctx);
  const documents = createFsDocuments(dataDir, takeUnit(ctx));
  const getTemplate: ReadTemplate = (workspaceId, templateId) => readTemplate(ctx, workspaceId, templateId);
  return {
    signingSecret: () => signingSecret(ctx),
    createWorkspace: (input) => createWorkspace(ctx, input),
    getWorkspace: (id) => readWorkspace(ctx, id),
    findWorkspaceByName: async (name) => (await allWorkspaces(ctx)).find((ws) => ws.name === name),
    findApiKey: async (hash) => {
      if (!HASH.test(hash)) return undefined;
      const entry = ctx.checked.json<{ workspaceId: string }>(join(ctx.root, 'keys', `${hash}.json`));
      const workspace = entry === undefined ? undefined : await readWorkspace(ctx, entry.workspaceId);
      return workspace === undefined ? undefined : { workspace, keyHash: hash };
    },
    updateWorkspace: (id, changes) => modifyWorkspace(ctx, id, (ws) => applyChanges(ws, changes)),
    addApiKey: (workspaceId, hash) => writeFileAtomic(join(ctx.root, 'keys', `${hash}.json`), JSON.stringify({ workspaceId })),
    removeApiKeys: (workspaceId) => removeApiKeys(ctx, workspaceId),
    consumeQuota: async (id) => {
      let remaining: number | undefined;
      await modifyWorkspace(ctx, id, (ws) => {
        if (ws.remainingQuota <= 0) return undefined;
        remaining = ws.remainingQuota - 1;
        return { ...ws, remainingQuota: remaining };
      });
      return remaining;
    },
    refundQuota: async (id) => {
      await modifyWorkspace(ctx, id, (ws) => ({ ...ws, remainingQuota: Math.min(ws.quota, ws.remainingQuota + 1) }));
    },
    createTemplate: (input) => createTemplate(ctx, input),
    getTemplate,
    getTemplateSample: (workspaceId, templateId) => readTemplateSample(ctx, workspaceId, templateId),
    listTemplates: (workspaceId, page) => listTemplates(ctx, workspaceId, page),
    updateTemplate: (workspaceId, templateId, changes) => updateTemplate(ctx, workspaceId, templateId, changes),
    deleteTemplate: (workspaceId, templateId) => deleteTemplate(ctx, workspaceId, templateId),
    getPreview: (templateId, kind) => getPreview(ctx, templateId, kind),
    getTemplateFiles: (workspaceId, templateId) => readTemplateFiles(ctx, workspaceId, templateId),
    getTemplateVersion: async (workspaceId, templateId, version) => {
      const template = await readTemplate(ctx, workspaceId, templateId);
      if (template?.version === version) {
        const files = await readTemplateFiles(ctx, workspaceId, templateId);
        if (files !== undefined) return { template, files, superseded: null };
      }
      return ctx.kept.get(workspaceId, templateId, version);
    },
    listTemplateVersions: async (workspaceId, templateId) => {
      const template = await readTemplate(ctx, workspaceId, templateId);
      return template === undefined ? undefined : ctx.kept.list(template);
    },
    deleteUnusedTemplateVersions: async (inUse, before) => ctx.kept.deleteUnused(inUse, before),
    noteTemplatesUsed: (uses) => noteTemplatesUsed(ctx.root, uses, getTemplate),
    recentTemplates: (limit) => recentTemplates(ctx.root, limit, () => allTemplateStamps(ctx), getTemplate),
    putDocument: documents.putDocument,
    chargeAndPutDocument: documents.chargeAndPutDocument,
    getDocument: documents.getDocument,
    deleteDocument: documents.deleteDocument,
    deleteExpiredDocuments: documents.deleteExpiredDocuments,
    countDocuments: async (workspaceId) => (await documents.allDocumentRecords()).filter((r) => r.workspaceId === workspaceId).length,
    close: async () => undefined,
  };
}

// ---------------------------------------------------------------- helpers

/** Sweeps temporaries older than an hour (left by a crash; younger ones may be another process's write). */
/** Folder of the data directory where `octavo serve` spools template uploads (templates-api/upload.ts). */
export const UPLOAD_SPOOL_FOLDER = 'tmp';

async function removeStaleTemps(ctx: FsContext): Promise<void> {
  // spooled uploads too: left by a process that died mid-upload
  const folders = ['workspaces', 'keys', 'documents', 'templates', UPLOAD_SPOOL_FOLDER, ...(await listDir(join(ctx.root, 'templates'))).map((ws) => join('templates', ws))];
  for (const folder of folders) {
    const dir = join(ctx.root, folder);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!name.startsWith(TEMP_PREFIX)) continue;
      const info = await stat(join(dir, name)).catch(() => undefined);
      if (info !== undefined && Date.now() - info.mtimeMs > 3_600_000) await rm(join(dir, name), { recursive: true, force: true });
    }
  }
}

async function signingSecret(ctx: FsContext): Promise<Uint8Array> {
  const path = join(ctx.root, 'secret.key');
  return withFileLock(join(ctx.root, '.secret.lock'), async () => {
    const existing = await readBytes(path);
    if (existing !== undefined && existing.length >= 32) return existing;
    const secret = randomBytes(32);
    await writeFileAtomic(path, secret);
    return new Uint8Array(secret);
  });
}

// ---------------------------------------------------------------- workspaces

interface WorkspaceFile {
  id: string; name: string; active: boolean; created: string; modified: string | null; quota: number; remainingQuota: number;
}

function toWorkspace(file: WorkspaceFile): Workspace {
  return { ...file, created: new Date(file.created), modified: file.modified === null ? null : new Date(file.modified) };
}

function toWorkspaceFile(ws: Workspace): WorkspaceFile {
  return { ...ws, created: ws.created.toISOString(), modified: ws.modified?.toISOString() ?? null };
}

function workspacePath(ctx: FsContext, id: string): string {
  return join(ctx.root, 'workspaces', `${id}.json`);
}

async function readWorkspace(ctx: FsContext, id: string): Promise<Workspace | undefined> {
  if (!isUuid(id)) return undefined;
  const file = readSmallJson<WorkspaceFile>(workspacePath(ctx, id));
  return file === undefined ? undefined : toWorkspace(file);
}

async function allWorkspaces(ctx: FsContext): Promise<Workspace[]> {
  const names = (await listDir(join(ctx.root, 'workspaces'))).filter((name) => name.endsWith('.json'));
  const found = await Promise.all(names.map((name) => readWorkspace(ctx, name.slice(0, -'.json'.length))));
  return found.filter((ws): ws is Workspace => ws !== undefined);
}

async function createWorkspace(ctx: FsContext, input: NewWorkspace): Promise<Workspace> {
  return withFileLock(join(ctx.root, 'workspaces', '.names.lock'), async () => {
    if ((await allWorkspaces(ctx)).some((ws) => ws.name === input.name)) {
      throw new StorageConflictError(`a workspace named '${input.name}' exists`);
    }
    const ws: Workspace = {
      id: randomUUID(), name: input.name, active: input.active ?? true, created: new Date(), modified: null,
      quota: input.quota, remainingQuota: input.quota,
    };
    await writeFileAtomic(workspacePath(ctx, ws.id), JSON.stringify(toWorkspaceFile(ws), null, 2));
    await writeFileAtomic(join(ctx.root, 'keys', `${input.apiKeyHash}.json`), JSON.stringify({ workspaceId: ws.id }));
    return ws;
  });
}

function applyChanges(ws: Workspace, changes: WorkspaceChanges): Workspace {
  return {
    ...ws,
    active: changes.active ?? ws.active,
    quota: changes.quota ?? ws.quota,
    remainingQuota: changes.quota ?? ws.remainingQuota,
    modified: new Date(),
  };
}

/**
 * Read-modify-write of one workspace under its in-process mutex and its lock file.
 * `change` returns undefined to leave the workspace as it is.
 */
/** Changes a workspace's file under its lock, concurrent changes together (group-commit.ts). */
function modifyWorkspace(
  ctx: FsContext, id: string, change: (ws: Workspace) => Workspace | undefined,
): Promise<Workspace | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return ctx.workspaceChanges.run(id, change);
}

/** Reads the workspace's file under its lock file (other processes), writes it back atomically when `apply` changed it. */
function updateWorkspaceFile(ctx: FsContext, id: string, apply: (current: Workspace | undefined) => Workspace | undefined): Promise<void> {
  const path = workspacePath(ctx, id);
  return replaceUnderLock(`${join(ctx.root, 'workspaces', `.${id}`)}.lock`, path, () => {
    const file = readSmallJson<WorkspaceFile>(path);
    const next = apply(file === undefined ? undefined : toWorkspace(file));
    return next === undefined ? undefined : JSON.stringify(toWorkspaceFile(next), null, 2);
  });
}

/** One unit of a workspace's quota, taken with the other changes of its group (fs-documents.ts charges a document with it). */
function takeUnit(ctx: FsContext): ChargeUnit {
  return async (workspaceId) => {
    let charged = false;
    await modifyWorkspace(ctx, workspaceId, (ws) => {
      if (ws.remainingQuota <= 0) return undefined;
      charged = true;
      return { ...ws, remainingQuota: ws.remainingQuota - 1 };
    });
    return charged;
  };
}

async function removeApiKeys(ctx: FsContext, workspaceId: string): Promise<void> {
  const dir = join(ctx.root, 'keys');
  for (const name of await listDir(dir)) {
    const entry = await readJson<{ workspaceId: string }>(join(dir, name));
    if (entry?.workspaceId === workspaceId) await rm(join(dir, name), { force: true });
  }
}

// ---------------------------------------------------------------- templates

interface TemplateFile {
  id: string; workspaceId: string; name: string; created: string; modified: string | null; hasSample: boolean;
  /** Absent in templates stored before versions: 1. */
  version?: number;
  /** Sub-folder holding the template's own files (default `files`). */
  filesDir?: string;
}

function templateDir(ctx: FsContext, workspaceId: string, templateId: string): string {
  return join(ctx.root, 'templates', workspaceId, templateId);
}

/** Names are unique per workspace: checked and taken under the workspace's template lock (this process and others). */
async function createTemplate(ctx: FsContext, input: NewTemplate): Promise<TemplateRecord> {
  if (!isUuid(input.workspaceId)) throw new Error(`no workspace ${input.workspaceId}`);
  const lock = `${join(ctx.root, 'workspaces', `.${input.workspaceId}.templates`)}.lock`;
  return ctx.mutex.run(`templates:${input.workspaceId}`, () => withFileLock(lock, async () => {
    const all = await listTemplates(ctx, input.workspaceId, { offset: 0, limit: Number.MAX_SAFE_INTEGER });
    const taken = templateNamed(all.items, input.workspaceId, input.name);
    if (taken !== undefined) throw new StorageConflictError(`a template named '${input.name}' exists (id ${taken.id})`, taken.id);
    return createTemplateFolder(ctx, input);
  }));
}

async function createTemplateFolder(ctx: FsContext, input: NewTemplate): Promise<TemplateRecord> {
  if ((await readWorkspace(ctx, input.workspaceId)) === undefined) throw new Error(`no workspace ${input.workspaceId}`);
  const meta: TemplateFile = {
    id: randomUUID(), workspaceId: input.workspaceId, name: input.name, created: new Date().toISOString(), modified: null,
    hasSample: input.sample !== undefined, version: 1,
  };
  const files: Record<string, Uint8Array | string> = {
    'template.html': input.html,
    'template.json': JSON.stringify(meta, null, 2),
  };
  if (input.sample !== undefined) files['sample.json'] = JSON.stringify(input.sample, null, 2);
  if (input.previews !== undefined) {
    files['preview.pdf'] = input.previews.pdf;
    files['preview.png'] = input.previews.png;
  }
  for (const [path, bytes] of input.files ?? []) files[join(FILES, path)] = bytes;
  const dir = templateDir(ctx, input.workspaceId, meta.id);
  await createDirAtomic(dir, files, [FILES]);
  return toTemplate(meta, input.html);
}

/** Sub-folder of a template folder holding the template's own files, unless template.json names another. */
const FILES = 'files';

/**
 * Each file is replaced atomically, template.json (with `modified`) last; serialised per template.
 * New files go to a new complete folder that template.json then names, so a crash leaves the old
 * set or the new one, never a mix; the old folder is removed after.
 */
async function updateTemplate(ctx: FsContext, workspaceId: string, templateId: string, changes: TemplateChanges): Promise<TemplateRecord | undefined> {
  if (!isUuid(workspaceId) || !isUuid(templateId)) return undefined;
  const dir = templateDir(ctx, workspaceId, templateId);
  return ctx.mutex.run(`template:${templateId}`, async () => {
    const meta = await readJson<TemplateFile>(join(dir, 'template.json'));
    if (meta === undefined) return undefined;
    const previous = await readTemplate(ctx, workspaceId, templateId);
    const previousFiles = await readTemplateFiles(ctx, workspaceId, templateId);
    const now = new Date();
    if (previous !== undefined && previousFiles !== undefined) ctx.kept.keep(previous, previousFiles, now);
    const next: TemplateFile = { ...meta, modified: now.toISOString(), hasSample: changes.sample !== undefined, version: (meta.version ?? 1) + 1 };
    if (changes.files !== undefined) {
      next.filesDir = `${FILES}-${randomUUID().slice(0, 8)}`;
      await createDirAtomic(join(dir, next.filesDir), Object.fromEntries(changes.files));
    }
    await writeFileAtomic(join(dir, 'preview.pdf'), changes.previews.pdf);
    await writeFileAtomic(join(dir, 'preview.png'), changes.previews.png);
    if (changes.sample !== undefined) await writeFileAtomic(join(dir, 'sample.json'), JSON.stringify(changes.sample, null, 2));
    await writeFileAtomic(join(dir, 'template.html'), changes.html);
    await writeFileAtomic(join(dir, 'template.json'), JSON.stringify(next, null, 2));
    if (changes.files !== undefined) await rm(join(dir, meta.filesDir ?? FILES), { recursive: true, force: true });
    return toTemplate(next, changes.html);
  });
}

/** The files of a stored template (templates stored before files were kept have none). */
async function readTemplateFiles(ctx: FsContext, workspaceId: string, templateId: string): Promise<TemplateFiles | undefined> {
  if (!isUuid(workspaceId) || !isUuid(templateId)) return undefined;
  const dir = templateDir(ctx, workspaceId, templateId);
  const meta = await readJson<TemplateFile>(join(dir, 'template.json'));
  if (meta === undefined) return undefined;
  const folder = join(dir, meta.filesDir ?? FILES);
  if (!(await stat(folder).then((s) => s.isDirectory(), () => false))) return new Map();
  return (await collectTemplateFiles(folder)).files;
}

/** Renamed away first, so the template disappears at once, then deleted. */
async function deleteTemplate(ctx: FsContext, workspaceId: string, templateId: string): Promise<boolean> {
  if (!isUuid(workspaceId) || !isUuid(templateId)) return false;
  const dir = templateDir(ctx, workspaceId, templateId);
  const doomed = join(ctx.root, 'templates', workspaceId, `${TEMP_PREFIX}deleted-${templateId}`);
  const last = await readTemplate(ctx, workspaceId, templateId);
  const lastFiles = await readTemplateFiles(ctx, workspaceId, templateId);
  try {
    await rename(dir, doomed);
  } catch {
    return false;
  }
  // accepted jobs still render it
  if (last !== undefined && lastFiles !== undefined) ctx.kept.keep(last, lastFiles, new Date());
  await rm(doomed, { recursive: true, force: true });
  return true;
}

function toTemplate(meta: TemplateFile, html: string): TemplateRecord {
  return {
    id: meta.id, workspaceId: meta.workspaceId, name: meta.name, html,
    created: new Date(meta.created), modified: meta.modified === null ? null : new Date(meta.modified), version: meta.version ?? 1,
  };
}

async function readTemplate(ctx: FsContext, workspaceId: string, templateId: string): Promise<TemplateRecord | undefined> {
  if (!isUuid(workspaceId) || !isUuid(templateId)) return undefined;
  const dir = templateDir(ctx, workspaceId, templateId);
  const meta = ctx.checked.json<TemplateFile>(join(dir, 'template.json'));
  if (meta === undefined) return undefined;
  const html = ctx.checked.text(join(dir, 'template.html'));
  if (html === undefined) return undefined; // deleted between the two reads
  return toTemplate(meta, html);
}

/** Off the requests' path (the render processes' warm-up) and possibly large: read without blocking the event loop. */
async function readTemplateSample(ctx: FsContext, workspaceId: string, templateId: string): Promise<unknown> {
  if (!isUuid(workspaceId) || !isUuid(templateId)) return undefined;
  const dir = templateDir(ctx, workspaceId, templateId);
  const meta = await readJson<TemplateFile>(join(dir, 'template.json'));
  return meta?.hasSample === true ? readJson<unknown>(join(dir, 'sample.json')) : undefined;
}

/** A workspace's templates with an empty source: enough to order them, from template.json only. */
async function templateStamps(ctx: FsContext, workspaceId: string): Promise<TemplateRecord[]> {
  const ids = await listDir(join(ctx.root, 'templates', workspaceId));
  const metas = await Promise.all(ids.map((id) => readJson<TemplateFile>(join(templateDir(ctx, workspaceId, id), 'template.json'))));
  return metas.filter((m): m is TemplateFile => m !== undefined).map((m) => toTemplate(m, ''));
}

/** Every workspace's templates with an empty source (fs-template-uses.ts orders them). */
async function allTemplateStamps(ctx: FsContext): Promise<TemplateRecord[]> {
  const all: TemplateRecord[] = [];
  for (const workspaceId of (await listDir(join(ctx.root, 'templates'))).filter(isUuid)) {
    for (const template of await templateStamps(ctx, workspaceId)) if (isUuid(template.id)) all.push(template);
  }
  return all;
}

async function listTemplates(ctx: FsContext, workspaceId: string, page: Page): Promise<TemplatePage> {
  if (!isUuid(workspaceId)) return { items: [], total: 0 };
  // The page needs only names and ids to be ordered; sources are read for the page's items only.
  const ordered = (await templateStamps(ctx, workspaceId)).sort(compareTemplates);
  const slice = ordered.slice(page.offset, page.offset + page.limit);
  const items = await Promise.all(slice.map((t) => readTemplate(ctx, workspaceId, t.id)));
  return { items: items.filter((t): t is TemplateRecord => t !== undefined), total: ordered.length };
}

async function getPreview(ctx: FsContext, templateId: string, kind: PreviewKind): Promise<Uint8Array | undefined> {
  if (!isUuid(templateId)) return undefined;
  for (const workspaceId of await listDir(join(ctx.root, 'templates'))) {
    const bytes = await readBytes(join(templateDir(ctx, workspaceId, templateId), `preview.${kind}`));
    if (bytes !== undefined) return bytes;
  }
  return undefined;
}

