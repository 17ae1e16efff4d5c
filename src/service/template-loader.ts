/**
 * A stored template's files as the engine's resource loader, so every storage (memory, fs,
 * postgres) renders the same way: the template sits in a virtual folder, its relative URLs resolve
 * among its files, and anything else is refused like the file sandbox refuses it.
 */
import { BoundedCache } from '../cache/bounded.js';
import { markUnchanging } from '../cache/content-digest.js';
import { OctavoError } from '../errors.js';
import type { ResourceLoader } from '../options.js';
import type { TemplateFiles } from './storage/types.js';

/** The folder a stored template pretends to live in (never read from disk). */
export const TEMPLATE_FOLDER = '/octavo-template';
const PREFIX = `file://${TEMPLATE_FOLDER}/`;

/**
 * The bytes of stored templates' files, by file version (`filesVersion` + the file's URL), kept across jobs
 * in each process that renders them. A job's files reach a render process as new arrays every time
 * (structured clone), so without this every generate of a template hashed its logo again (image
 * id, PNG pixel cache) and compared or hashed its fonts (`fontHash`, ../text/load.ts). Handing out
 * one marked array per file version keeps their digests (../cache/content-digest.ts). Safe: the
 * key names the workspace, the template and its version (an update is a new key, template-job.ts),
 * the array is our own copy (nothing else writes it; the engine's decoders and subsetter copy), and
 * a job whose file has another length than the kept one replaces it. 64 MB, as the file sandbox's
 * cache (../resources/loader.ts) and the server's template files cache (template-files-cache.ts):
 * a few templates' fonts and images; the fonts' bytes are held by the parsed fonts anyway.
 */
const TEMPLATE_FILE_CACHE_BYTES = 64 * 1024 * 1024;
const templateFileBytes = new BoundedCache<string, Uint8Array>('service.template-file-bytes', 4096, {
  maxWeight: TEMPLATE_FILE_CACHE_BYTES,
  weigh: (bytes) => bytes.byteLength,
});

/**
 * `baseDir` and `resources` render options that serve `files`; with `filesVersion` (the key of
 * this version of the template's files, template-job.ts), each file read is the one array kept for
 * that version in this process.
 */
export function templateFilesOptions(files: TemplateFiles, filesVersion?: string): { baseDir: string; resources: ResourceLoader } {
  const load = filesVersion === undefined
    ? (url: string) => loadTemplateFile(files, url)
    : (url: string) => keptBytes(filesVersion, url, loadTemplateFile(files, url));
  return { baseDir: TEMPLATE_FOLDER, resources: { load: async (url) => load(url) } };
}

/**
 * A location as the template's author knows it: a file of the stored folder (a linked
 * stylesheet) by its path in the folder (`css/fonts.css`), not under the virtual folder.
 */
export function inTemplateFolder<T extends { readonly file?: string }>(located: T): T {
  const file = located.file;
  if (file === undefined || !file.startsWith(`${TEMPLATE_FOLDER}/`)) return located;
  return { ...located, file: file.slice(TEMPLATE_FOLDER.length + 1) };
}

/** The array kept for this file version, or a marked copy of `bytes`, kept from now on. */
function keptBytes(filesVersion: string, url: string, bytes: Uint8Array): Uint8Array {
  const key = `${filesVersion}\u0000${url}`;
  const kept = templateFileBytes.get(key);
  if (kept !== undefined && kept.byteLength === bytes.byteLength) return kept;
  const own = bytes.slice();
  markUnchanging(own);
  templateFileBytes.set(key, own);
  return own;
}

function loadTemplateFile(files: TemplateFiles, url: string): Uint8Array {
  // The engine hands absolute URLs already resolved (`..` segments removed) against the folder.
  if (!url.startsWith(PREFIX)) {
    throw new OctavoError('resource_denied', `${url}: outside the template's folder`, {
      hint: "a stored template reads only its own files (those copied by 'octavo template add')",
    });
  }
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname.slice(PREFIX.length - 'file://'.length));
  } catch {
    throw new OctavoError('resource_not_found', `invalid URL: ${url}`);
  }
  const bytes = files.get(path);
  if (bytes === undefined) throw new OctavoError('resource_not_found', `${path}: no such file in the template's folder`);
  return bytes;
}
