/**
 * The fs storage's documents (fs.ts): `DATA/documents/<id>.document`, the record as one line of
 * JSON, then the PDF's bytes. One file created, synced and renamed per document, where a record
 * file beside the PDF took two of each: on ext4 without a journal creating a file was the largest
 * part of the server's CPU per generate (bench/README.md, issue 32, stops 30 and 31). Documents
 * stored before as `<id>.pdf` + `<id>.json` are still read, listed and deleted.
 */
import { open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { StagedFile } from './fs-atomic.js';
import { commitStaged, discardStaged, stageFiles } from './fs-atomic.js';
import { listDir, readBytes, readJson } from './fs-read.js';
import type { DocumentRecord, StoredDocument } from './types.js';
import { isUuid } from './types.js';

/** Takes one unit of the workspace's quota, on disk when it resolves; false when none is left. */
export type ChargeUnit = (workspaceId: string) => Promise<boolean>;

export interface FsDocuments {
  putDocument(record: DocumentRecord, pdf: Uint8Array): Promise<void>;
  chargeAndPutDocument(record: DocumentRecord, pdf: Uint8Array): Promise<boolean>;
  getDocument(id: string): Promise<StoredDocument | undefined>;
  deleteDocument(id: string): Promise<void>;
  deleteExpiredDocuments(now: Date): Promise<number>;
  allDocumentRecords(): Promise<DocumentRecord[]>;
}

/** The documents of the data folder `root`. */
export function createFsDocuments(root: string, charge: ChargeUnit): FsDocuments {
  return {
    putDocument: (record, pdf) => putDocument(root, record, pdf),
    chargeAndPutDocument: (record, pdf) => chargeAndPutDocument(root, charge, record, pdf),
    getDocument: (id) => (isUuid(id) ? getDocument(root, id) : Promise.resolve(undefined)),
    deleteDocument: (id) => (isUuid(id) ? deleteDocument(root, id) : Promise.resolve()),
    deleteExpiredDocuments: (now) => deleteExpiredDocuments(root, now),
    allDocumentRecords: () => allDocumentRecords(root),
  };
}

interface DocumentFile {
  id: string; workspaceId: string; templateId: string; referenceId: string | null; created: string; expires: string;
}

const DOCUMENT_SUFFIX = '.document';
const NEWLINE = 0x0a;

function documentPath(root: string, id: string): string {
  return join(root, 'documents', `${id}${DOCUMENT_SUFFIX}`);
}

/** The two files of a document stored before `.document` files. */
function legacyDocumentPaths(root: string, id: string): { pdf: string; meta: string } {
  const base = join(root, 'documents', id);
  return { pdf: `${base}.pdf`, meta: `${base}.json` };
}

/** The document's record line and bytes, on disk under a temporary name until `commitDocument`. */
function stageDocument(root: string, record: DocumentRecord, pdf: Uint8Array): Promise<StagedFile[]> {
  const file: DocumentFile = { ...record, created: record.created.toISOString(), expires: record.expires.toISOString() };
  // JSON.stringify escapes every newline inside strings: the first newline ends the record
  const line = Buffer.from(`${JSON.stringify(file)}\n`);
  return stageFiles([[documentPath(root, record.id), Buffer.concat([line, pdf])]]);
}

/** Splits a `.document` file into its record and its PDF (a view of the same bytes). */
function parseDocument(bytes: Uint8Array): { file: DocumentFile; pdf: Uint8Array } {
  const end = bytes.indexOf(NEWLINE);
  if (end === -1) throw new Error('a stored document without its record line');
  return { file: JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, end).toString('utf8')) as DocumentFile, pdf: bytes.subarray(end + 1) };
}

/** The file appears under its name, then one sync of the folder: the document survives a crash. */
function commitDocument(root: string, staged: readonly StagedFile[]): Promise<void> {
  return commitStaged(join(root, 'documents'), staged);
}

async function putDocument(root: string, record: DocumentRecord, pdf: Uint8Array): Promise<void> {
  await commitDocument(root, await stageDocument(root, record, pdf));
}

/**
 * The document's file is written and synced first, then the unit is taken under the workspace
 * lock (on disk before the document appears: a crash can only over-count), then the file is put
 * in place. No unit left: the staged file is removed and nothing changed.
 */
async function chargeAndPutDocument(root: string, charge: ChargeUnit, record: DocumentRecord, pdf: Uint8Array): Promise<boolean> {
  const staged = await stageDocument(root, record, pdf);
  let charged = false;
  try {
    charged = await charge(record.workspaceId);
  } finally {
    if (!charged) await discardStaged(staged);
  }
  if (charged) await commitDocument(root, staged);
  return charged;
}

function toDocumentRecord(file: DocumentFile): DocumentRecord {
  return { ...file, created: new Date(file.created), expires: new Date(file.expires) };
}

async function getDocument(root: string, id: string): Promise<StoredDocument | undefined> {
  const bytes = await readBytes(documentPath(root, id));
  if (bytes !== undefined) {
    const { file, pdf } = parseDocument(bytes);
    return { record: toDocumentRecord(file), pdf };
  }
  const legacy = legacyDocumentPaths(root, id);
  const file = await readJson<DocumentFile>(legacy.meta);
  if (file === undefined) return undefined;
  const pdf = await readBytes(legacy.pdf);
  return pdf === undefined ? undefined : { record: toDocumentRecord(file), pdf };
}

async function deleteDocument(root: string, id: string): Promise<void> {
  const legacy = legacyDocumentPaths(root, id);
  await rm(documentPath(root, id), { force: true });
  await rm(legacy.meta, { force: true }); // the record first: a half-deleted document no longer exists
  await rm(legacy.pdf, { force: true });
}

/** Bytes read from the start of a `.document` file to find its record line; a longer record is read whole. */
const RECORD_PROBE_BYTES = 4096;

/** The record of a `.document` file without reading its PDF; undefined when the file is gone. */
async function readDocumentRecord(path: string): Promise<DocumentFile | undefined> {
  let head: Uint8Array;
  try {
    const handle = await open(path, 'r');
    try {
      const probe = new Uint8Array(RECORD_PROBE_BYTES);
      head = probe.subarray(0, (await handle.read(probe, 0, probe.length, 0)).bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (head.includes(NEWLINE)) return parseDocument(head).file;
  const whole = await readBytes(path);
  return whole === undefined ? undefined : parseDocument(whole).file;
}

async function allDocumentRecords(root: string): Promise<DocumentRecord[]> {
  const dir = join(root, 'documents');
  const names = await listDir(dir);
  const files = await Promise.all(names.map((name) => {
    if (name.endsWith(DOCUMENT_SUFFIX)) return readDocumentRecord(join(dir, name));
    return name.endsWith('.json') ? readJson<DocumentFile>(join(dir, name)) : undefined;
  }));
  return files.filter((f): f is DocumentFile => f !== undefined).map(toDocumentRecord);
}

async function deleteExpiredDocuments(root: string, now: Date): Promise<number> {
  const expired = (await allDocumentRecords(root)).filter((r) => r.expires.getTime() <= now.getTime());
  for (const record of expired) await deleteDocument(root, record.id);
  await removeOrphanPdfs(root);
  return expired.length;
}

/** A `.pdf` without its record (stored before `.document` files) is left by a crash between the two writes or a delete; sweep those older than an hour. */
async function removeOrphanPdfs(root: string): Promise<void> {
  const dir = join(root, 'documents');
  const names = new Set(await listDir(dir));
  for (const name of names) {
    if (!name.endsWith('.pdf') || names.has(`${name.slice(0, -4)}.json`)) continue;
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (info !== undefined && Date.now() - info.mtimeMs > 3_600_000) await rm(join(dir, name), { force: true });
  }
}
