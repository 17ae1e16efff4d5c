/** The OpenAPI description of the template API (merged into openapi.ts): upload, read, update, delete. */
import type { Json } from '../api/openapi-parts.js';
import { AUTH_ERRORS, errorResponses, jsonContent, ref } from '../api/openapi-parts.js';

const security: Json = [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }];
const idParameter: Json = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };

const upload = (nameRequired: boolean): Json => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object', required: nameRequired ? ['name'] : [],
        properties: {
          name: { type: 'string', maxLength: 200, description: nameRequired ? 'Unique in the workspace' : 'Optional: must be the template\'s name (a template keeps it)' },
          sample: { type: 'string', description: 'JSON: the payload previews are rendered from' },
          template: { type: 'string', format: 'binary', description: 'The Handlebars-over-HTML source (UTF-8)' },
          files: { type: 'array', items: { type: 'string', format: 'binary' }, description: 'The folder\'s files; each part\'s filename is its relative path (`css/site.css`)' },
          archive: { type: 'string', format: 'binary', description: 'Or the folder as one .zip, .tar.gz or .tgz (its template.html the source unless `template` is sent)' },
        },
      },
    },
  },
});

export function templatesApiSchemas(): Record<string, Json> {
  return {
    VersionedTemplateDto: {
      allOf: [ref('DocumentTemplateDto'), {
        type: 'object', required: ['version'],
        properties: { version: { type: 'integer', minimum: 1, description: '1 when made, one more at every update' } },
      }],
    },
    UploadedTemplateDto: {
      allOf: [ref('VersionedTemplateDto'), {
        type: 'object', required: ['warnings'],
        properties: { warnings: { type: 'array', items: { type: 'string' }, description: "the sample payload does not render (the previews show why), or the warnings of rendering it, located (`css/fonts.css:3:8: warning[font]: …`)" } },
      }],
    },
    TemplateVersionDto: {
      type: 'object', required: ['version', 'current', 'created', 'superseded'],
      properties: {
        version: { type: 'integer', minimum: 1 },
        current: { type: 'boolean' },
        created: { type: 'string', format: 'date-time', description: 'When this version was made' },
        superseded: { type: ['string', 'null'], format: 'date-time', description: 'When an update replaced it (kept while a pending or generating job renders it)' },
      },
    },
  };
}

export function templatesApiPaths(): Record<string, Json> {
  const uploadErrors = ['validation_error', ...AUTH_ERRORS, 'payload_too_large', 'unsupported_media_type', 'template_error', 'limit_exceeded', 'render_error'] as const;
  return {
    '/v1/document-templates': {
      post: {
        operationId: 'CreateDocumentTemplate', tags: ['Templates'], summary: 'Upload a template with its folder of files', security,
        requestBody: upload(true),
        responses: {
          201: { description: 'The template', headers: { Location: { schema: { type: 'string', format: 'uri' } } }, content: jsonContent(ref('UploadedTemplateDto')) },
          ...errorResponses([...uploadErrors, 'conflict']),
        },
      },
    },
    '/v1/document-templates/{id}': {
      get: {
        operationId: 'GetDocumentTemplate', tags: ['Templates'], summary: 'One template', security, parameters: [idParameter],
        responses: { 200: { description: 'The template', content: jsonContent(ref('VersionedTemplateDto')) }, ...errorResponses([...AUTH_ERRORS, 'not_found']) },
      },
      put: {
        operationId: 'UpdateDocumentTemplate', tags: ['Templates'], security,
        summary: 'Replace the source, sample and every file (new previews): a new version; jobs accepted before render the previous one',
        parameters: [idParameter], requestBody: upload(false),
        responses: { 200: { description: 'The template', content: jsonContent(ref('UploadedTemplateDto')) }, ...errorResponses([...uploadErrors, 'not_found']) },
      },
      delete: {
        operationId: 'DeleteDocumentTemplate', tags: ['Templates'], security,
        summary: 'Remove a template for every new request (documents made from it stay until they expire; jobs accepted before still render it)',
        parameters: [idParameter],
        responses: {
          200: { description: 'Removed', content: jsonContent({ type: 'object', required: ['id', 'removed'], properties: { id: { type: 'string', format: 'uuid' }, removed: { type: 'boolean' } } }) },
          ...errorResponses([...AUTH_ERRORS, 'not_found']),
        },
      },
    },
    '/v1/document-templates/{id}/versions': {
      get: {
        operationId: 'ListDocumentTemplateVersions', tags: ['Templates'], summary: 'The current version and those kept for jobs accepted with them, newest first',
        security, parameters: [idParameter],
        responses: {
          200: { description: 'The versions', content: jsonContent({ type: 'array', items: ref('TemplateVersionDto') }) },
          ...errorResponses([...AUTH_ERRORS, 'not_found']),
        },
      },
    },
  };
}
