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
          archive: { type: 'string', format: 'binary', description: 'Or the folder as one .zip (its template.html the source unless `template` is sent)' },
        },
      },
    },
  },
});

export function templatesApiSchemas(): Record<string, Json> {
  return {
    UploadedTemplateDto: {
      allOf: [ref('DocumentTemplateDto'), {
        type: 'object', required: ['warnings'],
        properties: { warnings: { type: 'array', items: { type: 'string' }, description: 'e.g. the sample payload does not render (the previews show why)' } },
      }],
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
        responses: { 200: { description: 'The template', content: jsonContent(ref('DocumentTemplateDto')) }, ...errorResponses([...AUTH_ERRORS, 'not_found']) },
      },
      put: {
        operationId: 'UpdateDocumentTemplate', tags: ['Templates'], summary: 'Replace the source, sample and every file (new previews)', security,
        parameters: [idParameter], requestBody: upload(false),
        responses: { 200: { description: 'The template', content: jsonContent(ref('UploadedTemplateDto')) }, ...errorResponses([...uploadErrors, 'not_found']) },
      },
      delete: {
        operationId: 'DeleteDocumentTemplate', tags: ['Templates'], summary: 'Remove a template (documents made from it stay until they expire)', security,
        parameters: [idParameter],
        responses: {
          200: { description: 'Removed', content: jsonContent({ type: 'object', required: ['id', 'removed'], properties: { id: { type: 'string', format: 'uuid' }, removed: { type: 'boolean' } } }) },
          ...errorResponses([...AUTH_ERRORS, 'not_found']),
        },
      },
    },
  };
}
