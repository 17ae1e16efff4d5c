/**
 * The files of stored templates, read from storage once per template version and kept in a small
 * least-recently-used cache bounded in bytes, so a generate does not fetch a template's logo and
 * fonts from PostgreSQL (or disk) every time. A template's version is its key of files
 * (template-job.ts: workspace, id, version and `modified` stamp): an update makes the next generate
 * read the new files, in every process sharing the storage.
 */
import { BoundedCache } from '../cache/bounded.js';
import { templateFilesVersion } from './template-job.js';
import type { Storage, TemplateFiles, TemplateRecord } from './storage/types.js';

export type TemplateFilesReader = (template: TemplateRecord) => Promise<TemplateFiles>;

/** Bytes of template files one service process keeps at most. */
export const DEFAULT_TEMPLATE_FILES_CACHE_BYTES = 64 * 1024 * 1024;

/** Template versions kept at most, whatever their size (templates without files weigh nothing). */
const MAX_TEMPLATE_VERSIONS = 4096;

export function createTemplateFilesReader(storage: Storage, maxBytes = DEFAULT_TEMPLATE_FILES_CACHE_BYTES): TemplateFilesReader {
  const entries = new BoundedCache<string, TemplateFiles>('service.template-files', MAX_TEMPLATE_VERSIONS, { maxWeight: maxBytes, weigh: filesBytes });
  return async (template) => {
    const key = templateFilesVersion(template);
    const hit = entries.get(key);
    if (hit !== undefined) return hit;
    const files = (await storage.getTemplateFiles(template.workspaceId, template.id)) ?? new Map<string, Uint8Array>();
    entries.set(key, files); // not kept when heavier than the bound alone
    return files;
  };
}

/** The bytes of a template version's files (what the caches of them are bounded by). */
export function filesBytes(files: TemplateFiles): number {
  let bytes = 0;
  for (const file of files.values()) bytes += file.byteLength;
  return bytes;
}
