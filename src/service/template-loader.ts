/**
 * A stored template's files as the engine's resource loader, so every storage (memory, fs,
 * postgres) renders the same way: the template sits in a virtual folder, its relative URLs resolve
 * among its files, and anything else is refused like the file sandbox refuses it.
 */
import { OctavoError } from '../errors.js';
import type { ResourceLoader } from '../options.js';
import type { TemplateFiles } from './storage/types.js';

/** The folder a stored template pretends to live in (never read from disk). */
export const TEMPLATE_FOLDER = '/octavo-template';
const PREFIX = `file://${TEMPLATE_FOLDER}/`;

/** `baseDir` and `resources` render options that serve `files`. */
export function templateFilesOptions(files: TemplateFiles): { baseDir: string; resources: ResourceLoader } {
  return { baseDir: TEMPLATE_FOLDER, resources: { load: async (url) => loadTemplateFile(files, url) } };
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
