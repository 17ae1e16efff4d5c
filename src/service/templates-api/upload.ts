/**
 * A template as uploaded over HTTP: a `multipart/form-data` body with the fields `name` and
 * `sample` (JSON text, optional), one file part `template` (the Handlebars-over-HTML source) and
 * any number of file parts `files` whose filenames are their paths in the template's folder
 * (`css/style.css`, `img/logo.png`) — or the folder as one `archive` part, a `.zip`, `.tar.gz` or
 * `.tgz` whose `template.html` is the source unless a `template` part is sent. Bounded as
 * `octavo template add` bounds a folder; the paths are checked by the same code
 * (storage/template-files.ts). The body's files are spooled to a folder of their own under
 * `spoolRoot` (the data directory's `tmp/` with fs storage) and it is removed on every outcome.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceError } from '../api/errors.js';
import { TEMP_PREFIX } from '../storage/fs-atomic.js';
import { MAX_TEMPLATE_FILES, MAX_TEMPLATE_FILES_BYTES, checkFilePaths } from '../storage/template-files.js';
import type { MultipartBody, MultipartLimits, UploadedFile } from './multipart.js';
import { readMultipart } from './multipart.js';
import { readTarGz } from './tar/read-tar-gz.js';
import { readZip } from './zip/read-zip.js';
import { decodeText } from '../../decode-text.js';

export const UPLOAD_LIMITS: MultipartLimits = {
  maxFiles: MAX_TEMPLATE_FILES + 1, maxTotalBytes: MAX_TEMPLATE_FILES_BYTES, maxFields: 8, maxFieldBytes: 1024 * 1024,
};

const MAX_NAME_LENGTH = 200;

export interface UploadedTemplate {
  /** Absent when not sent (an update keeps the name). */
  readonly name: string | undefined;
  readonly html: string;
  /** undefined: no sample. */
  readonly sample: unknown;
  readonly files: Map<string, Uint8Array>;
}

const invalid = (message: string) => new ServiceError('validation_error', message);

export async function readTemplateUpload(request: Request, limits: MultipartLimits = UPLOAD_LIMITS, spoolRoot = tmpdir()): Promise<UploadedTemplate> {
  await mkdir(spoolRoot, { recursive: true });
  // the fs storage's start removes such folders left by a process that died mid-upload
  const spool = await mkdtemp(join(spoolRoot, `${TEMP_PREFIX}upload-`));
  try {
    return await templateOf(await readMultipart(request, limits, spool), limits);
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
}

/** The template file of an archive, when no `template` part is sent. */
const ARCHIVE_SOURCE = 'template.html';

export async function templateOf(body: MultipartBody, limits: MultipartLimits = UPLOAD_LIMITS): Promise<UploadedTemplate> {
  const files = new Map<string, Uint8Array>();
  const add = (path: string, bytes: Uint8Array) => {
    if (files.has(path)) throw invalid(`files: '${path}' is sent twice`);
    files.set(path, bytes);
  };
  for (const [field, list] of body.files) {
    if (field === 'template') continue;
    if (field === 'archive') {
      if (list.length !== 1) throw invalid('archive: send one archive');
      for (const [path, bytes] of await readArchive(list[0]!, limits)) add(path, bytes);
    } else if (field === 'files') {
      for (const file of list) add(file.filename, await bytesOf(file));
    } else {
      throw invalid(`unknown file part '${field}': send the template's folder as parts named 'files' or one 'archive'`);
    }
  }
  const sources = body.files.get('template') ?? [];
  if (sources.length > 1) throw invalid(`send one file part 'template' (the template's HTML), got ${sources.length}`);
  const source = sources[0] === undefined ? files.get(ARCHIVE_SOURCE) : await bytesOf(sources[0]);
  if (source === undefined) throw invalid(`send the template's HTML as a file part 'template' (or as ${ARCHIVE_SOURCE} in the archive)`);
  if (sources.length === 0) files.delete(ARCHIVE_SOURCE);
  const html = decodeTemplate(source);
  checkFilePaths(files);
  return { name: nameOf(body.fields.get('name')), html, sample: sampleOf(body.fields.get('sample')), files };
}

/** A `.zip`, `.tar.gz` or `.tgz`, by its filename. */
function readArchive(file: UploadedFile, limits: MultipartLimits): Promise<Map<string, Uint8Array>> {
  const archiveLimits = { maxFiles: limits.maxFiles, maxTotalBytes: limits.maxTotalBytes };
  if (/\.zip$/i.test(file.filename)) return readZip(file.path, archiveLimits);
  if (/\.(tar\.gz|tgz)$/i.test(file.filename)) return readTarGz(file.path, archiveLimits);
  throw invalid('archive: send a .zip, .tar.gz or .tgz file (other archive formats are not read)');
}

async function bytesOf(file: UploadedFile): Promise<Uint8Array> {
  return new Uint8Array(await readFile(file.path));
}

function nameOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const name = value.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH || /[\p{Cc}]/u.test(name)) {
    throw invalid(`name: 1 to ${MAX_NAME_LENGTH} characters, no control characters`);
  }
  return name;
}

function sampleOf(value: string | undefined): unknown {
  if (value === undefined || value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw invalid('sample: not valid JSON');
  }
}

/** The template's HTML: UTF-8, or what its byte-order mark or `<meta charset>` says (../../decode-text.ts). */
function decodeTemplate(bytes: Uint8Array): string {
  try {
    return decodeText(bytes, 'html', { fatal: true });
  } catch {
    throw invalid('template: not text in its encoding (UTF-8 unless a byte-order mark or <meta charset> says otherwise)');
  }
}
