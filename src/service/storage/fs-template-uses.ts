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
import { listDir, readJson } from './fs-read.js';
import type { TemplateRecord, TemplateUse } from './types.js';
import { isUuid, mostRecent } from './types.js';

export const TEMPLATE_USES_KEPT = 64;

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

interface Stamps { id: string; workspaceId: string; created: Date; modified: Date | null }

/** Every template's stamps, from DATA/templates/<workspace>/<template>/template.json (fs.ts's layout). */
async function allStamps(root: string): Promise<Stamps[]> {
  const list = async (dir: string) => (await listDir(dir)).filter(isUuid);
  const all: Stamps[] = [];
  for (const workspaceId of await list(join(root, 'templates'))) {
    const ids = await list(join(root, 'templates', workspaceId));
    const metas = await Promise.all(ids.map((id) => readJson<{ created: string; modified: string | null }>(join(root, 'templates', workspaceId, id, 'template.json'))));
    ids.forEach((id, index) => {
      const meta = metas[index];
      if (meta !== undefined) all.push({ id, workspaceId, created: new Date(meta.created), modified: meta.modified === null ? null : new Date(meta.modified) });
    });
  }
  return all;
}

/** Orders every template by its stamps; reads the `limit` chosen only. */
export async function recentTemplates(root: string, limit: number, read: ReadTemplate): Promise<TemplateRecord[]> {
  const uses = (await readJson<TemplateUsesFile>(join(root, 'template-uses.json'))) ?? {};
  const lastUsed = (templateId: string): Date | undefined => {
    const use = uses[templateId];
    return use === undefined ? undefined : new Date(use.at);
  };
  const chosen = await Promise.all(mostRecent(await allStamps(root), lastUsed, limit).map((t) => read(t.workspaceId, t.id)));
  return chosen.filter((t): t is TemplateRecord => t !== undefined);
}
