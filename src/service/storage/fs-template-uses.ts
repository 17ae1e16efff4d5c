/**
 * The fs storage's record of when templates were last used (`Storage.noteTemplatesUsed`,
 * `recentTemplates`): one small file, DATA/template-uses.json, `{ "<template id>": { workspaceId,
 * at } }`, rewritten atomically under its lock file by the server's batches (never per request).
 * It keeps the latest `TEMPLATE_USES_KEPT` uses: the warm-up asks for a few templates
 * (template-warm-up.ts), so the file stays small however many templates there are; a template
 * whose use fell out orders by its last change instead.
 */
import { join } from 'node:path';
import { withFileLock, writeFileAtomic } from './fs-atomic.js';
import { readJson } from './fs-read.js';
import type { TemplateRecord, TemplateUse } from './types.js';
import { isUuid, mostRecent } from './types.js';

const TEMPLATE_USES_KEPT = 64;

/** A template of that workspace as fs.ts reads it (undefined: not there). */
export type ReadTemplate = (workspaceId: string, templateId: string) => Promise<TemplateRecord | undefined>;

/** template id -> its workspace and last use (ISO) */
type TemplateUsesFile = Record<string, { workspaceId: string; at: string }>;

export async function noteTemplatesUsed(root: string, uses: readonly TemplateUse[], read: ReadTemplate): Promise<void> {
  const valid = uses.filter((use) => isUuid(use.workspaceId) && isUuid(use.templateId));
  if (valid.length === 0) return;
  await withFileLock(join(root, '.template-uses.lock'), async () => {
    const file = (await readJson<TemplateUsesFile>(join(root, 'template-uses.json'))) ?? {};
    let changed = false;
    for (const use of valid) {
      const previous = file[use.templateId];
      if (previous !== undefined && Date.parse(previous.at) >= use.at.getTime()) continue;
      if ((await read(use.workspaceId, use.templateId)) === undefined) continue; // another workspace's, or none
      file[use.templateId] = { workspaceId: use.workspaceId, at: use.at.toISOString() };
      changed = true;
    }
    if (!changed) return;
    const latest = Object.entries(file).sort(([, a], [, b]) => Date.parse(b.at) - Date.parse(a.at)).slice(0, TEMPLATE_USES_KEPT);
    await writeFileAtomic(join(root, 'template-uses.json'), JSON.stringify(Object.fromEntries(latest)));
  });
}

/** Orders every template by its stamps (`stamps`: every workspace's templates, sources left empty); reads the `limit` chosen only. */
export async function recentTemplates(root: string, limit: number, stamps: () => Promise<readonly TemplateRecord[]>, read: ReadTemplate): Promise<TemplateRecord[]> {
  const uses = (await readJson<TemplateUsesFile>(join(root, 'template-uses.json'))) ?? {};
  const lastUsed = (templateId: string): Date | undefined => {
    const use = uses[templateId];
    return use === undefined ? undefined : new Date(use.at);
  };
  const chosen = await Promise.all(mostRecent(await stamps(), lastUsed, limit).map((t) => read(t.workspaceId, t.id)));
  return chosen.filter((t): t is TemplateRecord => t !== undefined);
}
