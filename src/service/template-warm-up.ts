/**
 * The stored templates a new render process of the service warms with (warm-until-steady.ts): the
 * templates documents were last generated from, across every workspace, else the last changed,
 * at most `WARM_UP_TEMPLATES`, each with its sample payload (none: `{}`) in a job built as a
 * generate request's (template-job.ts), so the first request for one finds it compiled, its
 * stylesheet parsed and its words shaped (bench/README.md, issue 32 stop 31).
 *
 * Uses are kept here, in memory, as they happen (a template used since start-up comes first) and
 * written to storage in batches (`noteTemplatesUsed`: at most once per `FLUSH_DELAY_MS`, and on
 * close), not per request: a restarted server reads them back with `recentTemplates`. A crash
 * loses at most the last few seconds of uses, which only makes the warm-up fall back to the
 * templates changed last.
 */
import type { Storage, TemplateRecord, TemplateUse } from './storage/types.js';
import type { TemplateFilesReader } from './template-files-cache.js';
import { templateRenderJob } from './template-job.js';
import type { WarmUpTemplate } from './warm-until-steady.js';

/** Templates a render process warms with at most (their renders share the warm-up's CPU budget). */
const WARM_UP_TEMPLATES = 8;
/** Uses wait this long to be written together. */
const FLUSH_DELAY_MS = 5_000;

export interface TemplateWarmUp {
  /** A document was rendered from this template (generate, asynchronous job). */
  used(template: TemplateRecord): void;
  /** The templates for a new render process: the ones used since start-up (latest first), then the storage's recent ones. */
  templates(): Promise<WarmUpTemplate[]>;
  /** Writes the uses not yet written (on close). */
  flush(): Promise<void>;
}

export function createTemplateWarmUp(storage: Storage, templateFiles: TemplateFilesReader, limit = WARM_UP_TEMPLATES): TemplateWarmUp {
  /** template id -> its last use since start-up; the latest last, at most `limit` */
  const usedSinceStart = new Map<string, TemplateUse>();
  let unwritten = new Map<string, TemplateUse>();
  let timer: NodeJS.Timeout | undefined;

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = [...unwritten.values()];
    unwritten = new Map();
    // a hint for the next start: a storage that fails now loses it, nothing else
    if (batch.length > 0) await storage.noteTemplatesUsed(batch).catch(() => undefined);
  }

  function used(template: TemplateRecord): void {
    const use: TemplateUse = { workspaceId: template.workspaceId, templateId: template.id, at: new Date() };
    usedSinceStart.delete(template.id);
    usedSinceStart.set(template.id, use);
    if (usedSinceStart.size > limit) usedSinceStart.delete(usedSinceStart.keys().next().value!);
    unwritten.set(template.id, use);
    timer ??= setTimeout(() => void flush(), FLUSH_DELAY_MS).unref();
  }

  async function templates(): Promise<WarmUpTemplate[]> {
    // the current version of each: a template updated since its use warms as it is now
    const sinceStart = await Promise.all([...usedSinceStart.values()].reverse().map((use) => storage.getTemplate(use.workspaceId, use.templateId)));
    const chosen = new Map<string, TemplateRecord>();
    for (const template of [...sinceStart, ...await storage.recentTemplates(limit)]) {
      if (template !== undefined && !chosen.has(template.id) && chosen.size < limit) chosen.set(template.id, template);
    }
    const jobs = await Promise.allSettled([...chosen.values()].map(async (template) => ({
      workspaceId: template.workspaceId,
      templateId: template.id,
      job: templateRenderJob(template, await templateFiles(template), (await storage.getTemplateSample(template.workspaceId, template.id)) ?? {}),
    })));
    return jobs.flatMap((job) => (job.status === 'fulfilled' ? [job.value] : []));
  }

  return { used, templates, flush };
}
