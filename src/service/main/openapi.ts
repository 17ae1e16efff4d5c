/**
 * The OpenAPI 3.1 document of exactly the HTTP interface of http.ts (docs/design.md §1.4), served
 * at `/v1/openapi.json`. Schemas and names follow Pdfless' public API so its generated clients
 * match.
 */
import { STATUS_OF } from '../api/errors.js';
import type { Json } from '../api/openapi-parts.js';
import { AUTH_ERRORS, errorResponses, jsonContent, ref } from '../api/openapi-parts.js';
import { PERMISSION_FIELDS } from '../commands.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../operations.js';
import { bulkPaths, bulkSchemas } from '../bulk/openapi.js';
import { templatesApiPaths, templatesApiSchemas } from '../templates-api/openapi.js';
import { asyncCommandProperties, asyncGenerateParameters, asyncGenerateResponse, asyncPaths, asyncSchemas } from '../jobs/openapi.js';

const dateTime = { type: 'string', format: 'date-time' };

function schemas(): Record<string, Json> {
  const permissionProperties = Object.fromEntries(Object.keys(PERMISSION_FIELDS).map((field) => [field, {
    type: ['boolean', 'null'], description: 'Absent or true: allowed; false: restricted (the document is then encrypted).',
  }]));
  return {
    ApiExceptionDetailsResult: {
      type: 'object',
      required: ['message', 'error_code', 'documentation_url', 'correlation_id'],
      properties: {
        message: { type: 'string' },
        error_code: { type: 'string', enum: Object.keys(STATUS_OF) },
        documentation_url: { type: 'string', format: 'uri' },
        correlation_id: { type: 'string', format: 'uuid' },
      },
    },
    DocumentTemplateDto: {
      type: 'object',
      required: ['id', 'name', 'imagePreviewUrl', 'pdfPreviewUrl', 'created', 'modified'],
      properties: {
        id: { type: 'string', format: 'uuid', description: 'Template identifier' },
        name: { type: 'string', description: 'Template name' },
        imagePreviewUrl: { type: 'string', format: 'uri', description: 'PNG of page 1 rendered from the sample payload' },
        pdfPreviewUrl: { type: 'string', format: 'uri', description: 'PDF rendered from the sample payload' },
        created: dateTime,
        modified: { ...dateTime, description: 'Last change; equals created until something changes' },
      },
    },
    GeneratePDFCommand: {
      type: 'object',
      required: ['template_id'],
      properties: {
        template_id: { type: 'string', format: 'uuid' },
        payload: { description: 'Any JSON value; a string holding a JSON object or array is parsed.' },
        reference_id: { type: ['string', 'null'], maxLength: 255 },
        encryption_user_password: { type: ['string', 'null'], description: 'Password to open the document.' },
        encryption_owner_password: { type: ['string', 'null'], description: 'Password for full rights (random if absent).' },
        ...permissionProperties,
        ...asyncCommandProperties(),
      },
    },
    PDFDto: {
      type: 'object',
      required: ['reference_id', 'template_id', 'download_url', 'expires', 'created_at'],
      properties: {
        reference_id: { type: 'string', description: 'The request\'s reference_id, else the document id' },
        template_id: { type: 'string', format: 'uuid' },
        download_url: { type: 'string', format: 'uri', description: 'Signed link, valid without the API key until `expires`' },
        expires: dateTime,
        created_at: dateTime,
      },
    },
    PDFDtoApiResult: {
      type: 'object',
      required: ['data', 'status'],
      properties: { data: ref('PDFDto'), status: { type: 'string', const: 'success' } },
    },
    WorkspaceDto: {
      type: 'object',
      required: ['name', 'active', 'created', 'modified', 'quota', 'remainingQuota'],
      properties: {
        name: { type: 'string' },
        active: { type: 'boolean' },
        created: dateTime,
        modified: { ...dateTime, description: 'Last change; equals created until something changes' },
        quota: { type: 'integer' },
        remainingQuota: { type: 'integer' },
      },
    },
  };
}

function paths(): Record<string, Json> {
  const security: Json = [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }];
  const integer = (min: number, max: number, fallback: number): Json => ({ type: 'integer', minimum: min, maximum: max, default: fallback });
  return {
    '/v1/document-templates': {
      get: {
        operationId: 'ListDocumentTemplates', tags: ['DocumentTemplates'], summary: 'List document templates', security,
        parameters: [
          { name: 'Page', in: 'query', schema: integer(1, 1_000_000, 1) },
          { name: 'PageSize', in: 'query', schema: integer(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE) },
        ],
        responses: {
          200: {
            description: 'The templates of the caller\'s workspace, ordered by name then id',
            headers: {
              'X-Total-Count': { schema: { type: 'integer' }, description: 'Number of templates in all pages' },
              Link: { schema: { type: 'string' }, description: 'RFC 8288 links: first, prev, next, last' },
            },
            content: jsonContent({ type: 'array', items: ref('DocumentTemplateDto') }),
          },
          ...errorResponses(['validation_error', ...AUTH_ERRORS]),
        },
      },
    },
    '/v1/pdfs': {
      post: {
        operationId: 'Generate', tags: ['PDFs'], summary: 'Create PDF', security,
        requestBody: {
          required: true,
          content: Object.fromEntries(['application/json', 'text/json', 'application/*+json'].map((t) => [t, { schema: ref('GeneratePDFCommand') }])),
        },
        parameters: asyncGenerateParameters(),
        responses: {
          200: { description: 'Generated; one unit of quota used', content: jsonContent(ref('PDFDtoApiResult')) },
          202: asyncGenerateResponse(),
          ...errorResponses(['validation_error', ...AUTH_ERRORS, 'not_found', 'payload_too_large', 'unsupported_media_type',
            'template_error', 'render_error', 'limit_exceeded', 'quota_exceeded', 'render_crashed', 'service_unavailable']),
        },
      },
    },
    '/v1/pdfs/{id}': {
      get: {
        operationId: 'DownloadPdf', tags: ['PDFs'], summary: 'Download a generated PDF (the signed download_url)', security: [],
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'expires', in: 'query', required: true, schema: { type: 'integer' } },
          { name: 'signature', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: {
          200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } } },
          ...errorResponses(['not_found', 'link_expired', 'internal_error']),
        },
      },
    },
    '/v1/document-templates/{id}/preview.{format}': {
      get: {
        operationId: 'GetTemplatePreview', tags: ['DocumentTemplates'], summary: 'A template preview (its signed preview URL)', security: [],
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: ['pdf', 'png'] } },
          { name: 'signature', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: {
          200: {
            description: 'The preview',
            content: { 'application/pdf': { schema: { type: 'string' } }, 'image/png': { schema: { type: 'string' } } },
          },
          ...errorResponses(['not_found', 'internal_error']),
        },
      },
    },
    '/v1/workspaces': {
      get: {
        operationId: 'GetWorkspace', tags: ['Workspaces'], summary: 'Get workspace', security,
        responses: { 200: { description: 'The caller\'s workspace', content: jsonContent(ref('WorkspaceDto')) }, ...errorResponses(AUTH_ERRORS) },
      },
    },
  };
}

export function openApiDocument(baseUrl: string): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'octavo document API',
      version: 'v1',
      description: 'HTML/CSS + Handlebars templates to PDF. Wire-compatible with Pdfless\' public API. '
        + `Error codes: ${baseUrl}/v1/errors`,
    },
    servers: [{ url: baseUrl }],
    paths: mergePaths(paths(), asyncPaths(), bulkPaths(), templatesApiPaths()),
    components: {
      schemas: { ...schemas(), ...asyncSchemas(), ...bulkSchemas(), ...templatesApiSchemas() },
      headers: { CorrelationId: { schema: { type: 'string', format: 'uuid' }, description: 'Also in the error body and the server log' } },
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'apikey' },
        ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'apikey' },
      },
    },
  };
}

/** Paths of several parts; a path in more than one (an extension adding a method) gets all its methods. */
function mergePaths(...parts: Record<string, Json>[]): Record<string, Json> {
  const merged: Record<string, Json> = {};
  for (const part of parts) {
    for (const [path, item] of Object.entries(part)) merged[path] = { ...(merged[path] as Record<string, Json> | undefined), ...(item as Record<string, Json>) };
  }
  return merged;
}
