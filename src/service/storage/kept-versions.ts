/**
 * Superseded template versions kept in this process's memory, for the memory and fs storages: their
 * asynchronous jobs live in this process too (jobs/memory-store.ts) and end with it, so a kept
 * version is needed no longer than the process. PostgreSQL keeps them in a table
 * (postgres.ts, migration 7), for jobs that outlive any one process.
 */
import type { TemplateFiles, TemplateRecord, TemplateVersion, TemplateVersionInfo } from './types.js';
import { versionKey } from './types.js';

export interface KeptVersions {
  /** Keeps `template` (as it was before an update or a delete) with its files. */
  keep(template: TemplateRecord, files: TemplateFiles, superseded: Date): void;
  get(workspaceId: string, templateId: string, version: number): TemplateVersion | undefined;
  /** The current version's line followed by the kept ones, newest first. */
  list(current: TemplateRecord): TemplateVersionInfo[];
  deleteUnused(inUse: ReadonlySet<string>, before: Date): number;
}

export function createKeptVersions(): KeptVersions {
  const kept = new Map<string, TemplateVersion>();
  return {
    keep: (template, files, superseded) => { kept.set(versionKey(template.id, template.version), { template, files, superseded }); },
    get: (workspaceId, templateId, version) => {
      const found = kept.get(versionKey(templateId, version));
      return found?.template.workspaceId === workspaceId ? found : undefined;
    },
    list: (current) => [
      versionInfo(current, null),
      ...[...kept.values()].filter((v) => v.template.id === current.id).map((v) => versionInfo(v.template, v.superseded))
        .sort((a, b) => b.version - a.version),
    ],
    deleteUnused: (inUse, before) => {
      let removed = 0;
      for (const [key, version] of kept) {
        if (inUse.has(key) || version.superseded!.getTime() > before.getTime()) continue;
        kept.delete(key);
        removed++;
      }
      return removed;
    },
  };
}

export function versionInfo(template: TemplateRecord, superseded: Date | null): TemplateVersionInfo {
  return { version: template.version, created: template.modified ?? template.created, superseded };
}
