/**
 * A stored template's render job, built the one way for a generate request, an asynchronous job
 * and the render processes' warm-up (template-warm-up.ts): its source, its own files as its only
 * folder (template-loader.ts), its name for error locations. What else a render may do (limits,
 * remote resources, fonts) is the render pool's, the same for every job.
 */
import type { EncryptionOptions } from '../options.js';
import type { RenderJob } from './renderer.js';
import type { TemplateFiles, TemplateRecord } from './storage/types.js';

export function templateRenderJob(template: TemplateRecord, files: TemplateFiles, payload: unknown, encryption?: EncryptionOptions): RenderJob {
  return {
    template: template.html,
    data: payload,
    templateName: template.name,
    files,
    ...(encryption === undefined ? {} : { encryption }),
  };
}
