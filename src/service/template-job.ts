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
    filesVersion: templateFilesVersion(template),
    ...(encryption === undefined ? {} : { encryption }),
  };
}

/**
 * The key of a template version's files, unique across workspaces, templates and versions: the
 * version number and the stamp the server's files cache goes by (template-files-cache.ts), so an
 * update, or a template deleted and made again, is never served the files a process kept before.
 */
export function templateFilesVersion(template: TemplateRecord): string {
  return `${template.workspaceId}/${template.id}@${template.version}/${(template.modified ?? template.created).getTime()}`;
}
