/**
 * The three operations of the document API (docs/design.md §1.4) as plain functions over the
 * `Storage` interface, plus the administrative ones the CLI uses. The HTTP binding (http.ts)
 * only parses, authenticates and serialises around these.
 */
import { randomUUID } from 'node:crypto';
import { generateApiKey, hashApiKey } from './auth.js';
import type { GenerateCommand } from './commands.js';
import { ServiceError, isServiceError } from './api/errors.js';
import type { LinkSigner } from './links.js';
import { downloadPath, previewPath } from './links.js';
import { renderPreviews } from './previews.js';
import { requireQuota, storeCharged } from './quota.js';
import type { RenderPdf } from './renderer.js';
import type { DocumentRecord, Previews, Storage, TemplateFiles, TemplateRecord, Workspace } from './storage/types.js';
import { StorageConflictError } from './storage/types.js';
import type { TemplateFilesReader } from './template-files-cache.js';
import { checkFilePaths } from './storage/template-files.js';
import { templateRenderJob } from './template-job.js';

export const DEFAULT_LINK_TTL_SECONDS = 600;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** What the operations run on; the renderer is injected (worker pool, in-process engine, or a test fake). */
export interface ServiceDeps {
  readonly storage: Storage;
  readonly renderPdf: RenderPdf;
  readonly signer: LinkSigner;
  readonly linkTtlSeconds: number;
  readonly now: () => Date;
  /** Reads a stored template's files (default: from storage on every generate, uncached). */
  readonly templateFiles?: TemplateFilesReader;
  /** Told of each template a document was rendered from (the render processes' warm-up, template-warm-up.ts). */
  readonly onTemplateUsed?: (template: TemplateRecord) => void;
}

/** One authenticated request: its workspace and the absolute base URL links are built on. */
export interface RequestScope {
  readonly workspace: Workspace;
  readonly baseUrl: string;
}

/** Wire DTOs, field names exactly as Pdfless' public API. */
export interface DocumentTemplateDto {
  readonly id: string;
  readonly name: string;
  readonly imagePreviewUrl: string;
  readonly pdfPreviewUrl: string;
  readonly created: string;
  /** Equals `created` until the template changes. */
  readonly modified: string;
}

export interface PdfDto {
  readonly reference_id: string;
  readonly template_id: string;
  readonly download_url: string;
  readonly expires: string;
  readonly created_at: string;
}

export interface PdfDtoApiResult {
  readonly data: PdfDto;
  readonly status: 'success';
}

export interface WorkspaceDto {
  readonly name: string;
  readonly active: boolean;
  readonly created: string;
  /** Equals `created` until the workspace changes. */
  readonly modified: string;
  readonly quota: number;
  readonly remainingQuota: number;
}

export interface Paging {
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
}

export interface TemplateListing {
  readonly items: readonly DocumentTemplateDto[];
  readonly total: number;
}

/** ListDocumentTemplates: the caller's templates, by name then id. */
export async function listDocumentTemplates(deps: ServiceDeps, scope: RequestScope, paging: Paging): Promise<TemplateListing> {
  const { items, total } = await deps.storage.listTemplates(scope.workspace.id, {
    offset: (paging.page - 1) * paging.pageSize,
    limit: paging.pageSize,
  });
  return { items: items.map((t) => templateDto(deps.signer, scope.baseUrl, t)), total };
}

export function templateDto(signer: LinkSigner, baseUrl: string, template: TemplateRecord): DocumentTemplateDto {
  return {
    id: template.id,
    name: template.name,
    imagePreviewUrl: baseUrl + previewPath(signer, template.id, 'png'),
    pdfPreviewUrl: baseUrl + previewPath(signer, template.id, 'pdf'),
    created: template.created.toISOString(),
    modified: (template.modified ?? template.created).toISOString(),
  };
}

/**
 * Generate: renders the template with the payload, stores the PDF and answers a signed link
 * valid for the link TTL. One unit of quota is used, taken together with storing the document
 * (quota.ts): only if everything succeeds, and never half-counted by a crash.
 */
export async function generate(
  deps: ServiceDeps, scope: RequestScope, command: GenerateCommand, onWarnings?: (warnings: readonly string[]) => void,
): Promise<PdfDtoApiResult> {
  const { storage, renderPdf } = deps;
  const template = await storage.getTemplate(scope.workspace.id, command.templateId);
  if (template === undefined) throw new ServiceError('not_found', `no template ${command.templateId} in this workspace`);
  requireQuota(scope.workspace);
  const files = deps.templateFiles === undefined
    ? await storage.getTemplateFiles(template.workspaceId, template.id) ?? new Map<string, Uint8Array>()
    : await deps.templateFiles(template);
  const { pdf, warnings } = await renderPdf(templateRenderJob(template, files, command.payload, command.encryption));
  deps.onTemplateUsed?.(template);
  if (warnings !== undefined && warnings.length > 0) onWarnings?.(warnings);
  const created = deps.now();
  const record: DocumentRecord = {
    id: randomUUID(),
    workspaceId: scope.workspace.id,
    templateId: template.id,
    referenceId: command.referenceId,
    created,
    expires: new Date(created.getTime() + deps.linkTtlSeconds * 1000),
  };
  await storeCharged(storage, record, pdf);
  return {
    data: {
      reference_id: record.referenceId ?? record.id,
      template_id: record.templateId,
      download_url: scope.baseUrl + downloadPath(deps.signer, record.id, record.expires),
      expires: record.expires.toISOString(),
      created_at: record.created.toISOString(),
    },
    status: 'success',
  };
}

/** GetWorkspace: the caller's workspace and its quota. */
export function getWorkspace(scope: RequestScope): WorkspaceDto {
  const ws = scope.workspace;
  return {
    name: ws.name,
    active: ws.active,
    created: ws.created.toISOString(),
    modified: (ws.modified ?? ws.created).toISOString(),
    quota: ws.quota,
    remainingQuota: ws.remainingQuota,
  };
}

// ------------------------------------------------------------------ administration (CLI)

export interface CreatedWorkspace {
  readonly workspace: Workspace;
  /** Shown once: only its hash is stored. */
  readonly apiKey: string;
}

export async function createWorkspace(storage: Storage, input: { name: string; quota: number }): Promise<CreatedWorkspace> {
  const apiKey = generateApiKey();
  const workspace = await storage.createWorkspace({ name: input.name, quota: input.quota, apiKeyHash: hashApiKey(apiKey) });
  return { workspace, apiKey };
}

/** Issues an additional key for an existing workspace (`revokeOthers` first revokes its keys). */
export async function issueApiKey(storage: Storage, workspaceId: string, revokeOthers: boolean): Promise<string> {
  if (revokeOthers) await storage.removeApiKeys(workspaceId);
  const apiKey = generateApiKey();
  await storage.addApiKey(workspaceId, hashApiKey(apiKey));
  return apiKey;
}

export interface NewTemplateInput {
  readonly workspaceName: string;
  readonly name: string;
  readonly html: string;
  readonly sample?: unknown;
  /** Folder the template's relative URLs resolve against while rendering its previews. */
  readonly baseDir?: string;
  /**
   * The template folder's files by relative path, stored with the template (template-files.ts);
   * on update, given files replace the stored ones.
   */
  readonly files?: TemplateFiles;
}

export interface AddedTemplate {
  readonly template: TemplateRecord;
  /** Problems that did not refuse the template: its sample payload fails (the previews show the error), or the warnings of rendering it. */
  readonly warnings: readonly string[];
}

/**
 * Adds a template after rendering its previews from the sample. A template that cannot be parsed
 * (`template_syntax`) is refused with its location; one that fails only on its sample payload
 * (a runtime error, a missing resource) is accepted with a warning, and its previews show the error.
 */
export async function addTemplate(storage: Storage, renderPdf: RenderPdf, input: NewTemplateInput): Promise<AddedTemplate> {
  const workspace = await storage.findWorkspaceByName(input.workspaceName);
  if (workspace === undefined) throw new ServiceError('not_found', `no workspace named '${input.workspaceName}'`);
  await refuseTakenName(storage, workspace, input.name);
  if (input.files !== undefined) checkFilePaths(input.files);
  const { previews, warnings } = await previewsOrError(renderPdf, input);
  try {
    const template = await storage.createTemplate({
      workspaceId: workspace.id,
      name: input.name,
      html: input.html,
      ...(input.sample === undefined ? {} : { sample: input.sample }),
      ...(input.files === undefined ? {} : { files: input.files }),
      previews,
    });
    return { template, warnings };
  } catch (error) {
    // taken by another request while the previews rendered: the storage's constraint decides
    if (error instanceof StorageConflictError && error.existingId !== undefined) throw nameTaken(workspace, input.name, error.existingId);
    throw error;
  }
}

function nameTaken(workspace: Workspace, name: string, existingId: string): ServiceError {
  return new ServiceError('conflict', `a template named '${name}' exists in workspace '${workspace.name}' (id ${existingId}): update it instead`);
}

/** Names are unique per workspace: adding one that exists is refused with the existing template's id. */
async function refuseTakenName(storage: Storage, workspace: Workspace, name: string): Promise<void> {
  const all = await storage.listTemplates(workspace.id, { offset: 0, limit: Number.MAX_SAFE_INTEGER });
  const existing = all.items.find((t) => t.name === name);
  if (existing !== undefined) throw nameTaken(workspace, name, existing.id);
}

async function templateNamed(storage: Storage, workspaceName: string, name: string): Promise<{ workspace: Workspace; template: TemplateRecord }> {
  const workspace = await storage.findWorkspaceByName(workspaceName);
  if (workspace === undefined) throw new ServiceError('not_found', `no workspace named '${workspaceName}'`);
  const all = await storage.listTemplates(workspace.id, { offset: 0, limit: Number.MAX_SAFE_INTEGER });
  const matches = all.items.filter((t) => t.name === name || t.id === name.toLowerCase());
  if (matches.length === 0) throw new ServiceError('not_found', `no template '${name}' in workspace '${workspaceName}'`);
  if (matches.length > 1) throw new ServiceError('validation_error', `several templates are named '${name}': give its id`);
  return { workspace, template: matches[0]! };
}

/**
 * Replaces a template's source and sample (found by name or id), and its files when given, with
 * new previews; the same rules as adding it. Without a `baseDir` the previews read the stored files.
 */
export async function updateTemplate(storage: Storage, renderPdf: RenderPdf, input: NewTemplateInput): Promise<AddedTemplate> {
  const { workspace, template } = await templateNamed(storage, input.workspaceName, input.name);
  if (input.files !== undefined) checkFilePaths(input.files);
  const files = input.baseDir !== undefined ? input.files : input.files ?? await storage.getTemplateFiles(workspace.id, template.id);
  const { previews, warnings } = await previewsOrError(renderPdf, { ...input, ...(files === undefined ? {} : { files }) });
  const updated = await storage.updateTemplate(workspace.id, template.id, {
    html: input.html, sample: input.sample, previews, ...(input.files === undefined ? {} : { files: input.files }),
  });
  if (updated === undefined) throw new ServiceError('not_found', `template '${input.name}' was removed meanwhile`);
  return { template: updated, warnings };
}

export async function removeTemplate(storage: Storage, workspaceName: string, name: string): Promise<TemplateRecord> {
  const { workspace, template } = await templateNamed(storage, workspaceName, name);
  if (!(await storage.deleteTemplate(workspace.id, template.id))) throw new ServiceError('not_found', `template '${name}' was removed meanwhile`);
  return template;
}

/** The previews of the sample, with its render's warnings; a sample that does not render is one warning, and previews that say why. */
async function previewsOrError(renderPdf: RenderPdf, input: NewTemplateInput): Promise<{ previews: Previews; warnings: readonly string[] }> {
  // the source folder when there is one (what the author sees), else the files being stored
  const where = input.baseDir !== undefined ? { baseDir: input.baseDir } : input.files !== undefined ? { files: input.files } : {};
  const source = { sample: input.sample, templateName: input.name, ...where };
  try {
    return await renderPreviews(renderPdf, { ...source, html: input.html });
  } catch (error) {
    if (!isServiceError(error) || error.reason === 'template_syntax' || error.reason === 'invalid_options') throw error;
    const warning = `the sample payload does not render: ${error.message}`;
    const { previews } = await renderPreviews(renderPdf, { sample: { title: input.name, message: warning }, html: ERROR_PREVIEW });
    return { previews, warnings: [warning] };
  }
}

/** What a template's previews show when its sample payload does not render. */
const ERROR_PREVIEW = '<h1>{{title}}</h1><p style="color: #b00020">Preview failed</p><pre style="white-space: pre-wrap">{{message}}</pre>';
