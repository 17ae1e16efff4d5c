/**
 * The template API (issue 30): create (`POST /v1/document-templates`), read, update (`PUT`) and
 * delete (`DELETE /v1/document-templates/{id}`) a workspace's templates over HTTP, each with its
 * folder of files as a multipart upload (upload.ts). Creating and updating go through the same
 * operations as `octavo template add|update` (operations.ts: name uniqueness, file path checks,
 * syntax refused with its location, previews rendered from the sample). Listing is the
 * seed's `GET /v1/document-templates`. A template of another workspace is not found.
 */
import type { ApiCall, ApiExtension, ApiReply } from '../api-extension.js';
import { ServiceError } from '../api/errors.js';
import type { LinkSigner } from '../links.js';
import { addTemplate, templateDto, updateTemplate } from '../operations.js';
import type { RequestScope } from '../operations.js';
import type { RenderPdf } from '../renderer.js';
import type { Storage, TemplateRecord } from '../storage/types.js';
import { isUuid } from '../storage/types.js';
import { UPLOAD_LIMITS, readTemplateUpload } from './upload.js';

export interface TemplatesApiDeps {
  readonly storage: Storage;
  readonly renderPdf: RenderPdf;
  readonly signer: LinkSigner;
  /** Where upload bodies are spooled while read (default: the system's temporary folder). */
  readonly spoolDir?: string;
}

export function templatesExtension(deps: TemplatesApiDeps): ApiExtension {
  return {
    routes: [
      { pattern: /^\/document-templates$/, methods: { POST: (call) => create(deps, call) } },
      { pattern: /^\/document-templates\/([^/]+)\/versions$/, methods: { GET: (call) => versions(deps, call) } },
      {
        pattern: /^\/document-templates\/([^/]+)$/,
        methods: { GET: (call) => read(deps, call), PUT: (call) => update(deps, call), DELETE: (call) => remove(deps, call) },
      },
    ],
  };
}

async function create(deps: TemplatesApiDeps, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  const upload = await readTemplateUpload(call.request, UPLOAD_LIMITS, deps.spoolDir);
  if (upload.name === undefined) throw new ServiceError('validation_error', 'name: required');
  const { template, warnings } = await addTemplate(deps.storage, deps.renderPdf, {
    workspaceName: scope.workspace.name, name: upload.name, html: upload.html, files: upload.files,
    ...(upload.sample === undefined ? {} : { sample: upload.sample }),
  });
  const body = { ...versionedDto(deps, scope, template), warnings };
  return { status: 201, body, headers: { location: `${scope.baseUrl}/v1/document-templates/${template.id}` } };
}

async function read(deps: TemplatesApiDeps, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  return { status: 200, body: versionedDto(deps, scope, await templateOf(deps, scope, call)) };
}

/** Replaces the source, sample and files (all of them: the upload is the whole folder), with new previews. */
async function update(deps: TemplatesApiDeps, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  const current = await templateOf(deps, scope, call);
  const upload = await readTemplateUpload(call.request, UPLOAD_LIMITS, deps.spoolDir);
  if (upload.name !== undefined && upload.name !== current.name) {
    throw new ServiceError('validation_error', `name: a template keeps its name ('${current.name}'); create another to use '${upload.name}'`);
  }
  const { template, warnings } = await updateTemplate(deps.storage, deps.renderPdf, {
    workspaceName: scope.workspace.name, name: current.id, html: upload.html, files: upload.files,
    ...(upload.sample === undefined ? {} : { sample: upload.sample }),
  });
  return { status: 200, body: { ...versionedDto(deps, scope, template), warnings } };
}

/** The current version and those kept for jobs accepted with them, newest first. */
async function versions(deps: TemplatesApiDeps, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  const template = await templateOf(deps, scope, call);
  const list = await deps.storage.listTemplateVersions(scope.workspace.id, template.id);
  if (list === undefined) throw notFound();
  return {
    status: 200,
    body: list.map((line) => ({
      version: line.version, current: line.superseded === null, created: line.created.toISOString(), superseded: line.superseded?.toISOString() ?? null,
    })),
  };
}

/** The seed's template fields (operations.ts) and the version, which only the template API shows. */
function versionedDto(deps: TemplatesApiDeps, scope: RequestScope, template: TemplateRecord) {
  return { ...templateDto(deps.signer, scope.baseUrl, template), version: template.version };
}

async function remove(deps: TemplatesApiDeps, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  const template = await templateOf(deps, scope, call);
  if (!(await deps.storage.deleteTemplate(scope.workspace.id, template.id))) throw notFound();
  return { status: 200, body: { id: template.id, removed: true } };
}

const notFound = () => new ServiceError('not_found', 'no such template in this workspace');

async function templateOf(deps: TemplatesApiDeps, scope: RequestScope, call: ApiCall): Promise<TemplateRecord> {
  const id = (call.params[0] ?? '').toLowerCase();
  const template = isUuid(id) ? await deps.storage.getTemplate(scope.workspace.id, id) : undefined;
  if (template === undefined) throw notFound();
  return template;
}
