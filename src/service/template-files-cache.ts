/**
 * The files of stored templates, read from storage once per template version and kept in a small
 * least-recently-used cache bounded in bytes, so a generate does not fetch a template's logo and
 * fonts from PostgreSQL (or disk) every time. A template's version is its `modified` stamp: an
 * update makes the next generate read the new files, in every process sharing the storage.
 */
import type { Storage, TemplateFiles, TemplateRecord } from './storage/types.js';

export type TemplateFilesReader = (template: TemplateRecord) => Promise<TemplateFiles>;

/** Bytes of template files one service process keeps at most. */
export const DEFAULT_TEMPLATE_FILES_CACHE_BYTES = 64 * 1024 * 1024;

export function createTemplateFilesReader(storage: Storage, maxBytes = DEFAULT_TEMPLATE_FILES_CACHE_BYTES): TemplateFilesReader {
  const entries = new Map<string, { files: TemplateFiles; bytes: number }>();
  let total = 0;
  return async (template) => {
    const key = `${template.id}@${(template.modified ?? template.created).getTime()}`;
    const hit = entries.get(key);
    if (hit !== undefined) {
      entries.delete(key); // most recently used goes last
      entries.set(key, hit);
      return hit.files;
    }
    const files = (await storage.getTemplateFiles(template.workspaceId, template.id)) ?? new Map<string, Uint8Array>();
    const bytes = [...files.values()].reduce((sum, file) => sum + file.byteLength, 0);
    if (bytes > maxBytes) return files;
    entries.set(key, { files, bytes });
    total += bytes;
    for (const [oldKey, old] of entries) {
      if (total <= maxBytes) break;
      entries.delete(oldKey);
      total -= old.bytes;
    }
    return files;
  };
}
