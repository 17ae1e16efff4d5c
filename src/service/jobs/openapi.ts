/**
 * The OpenAPI description of asynchronous generation and webhooks (merged into openapi.ts):
 * the 202 answer of `POST /v1/pdfs`, job status, webhook settings and deliveries.
 */
import type { Json } from '../api/openapi-parts.js';
import { AUTH_ERRORS, errorResponses, jsonContent, ref } from '../api/openapi-parts.js';

const dateTime = { type: 'string', format: 'date-time' };
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' };
const security: Json = [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }];

/** Functions, not constants: openapi.ts and this file import each other. */
export const asyncCommandProperties = (): Record<string, Json> => ({
  async: { type: ['boolean', 'null'], description: 'true: answer 202 with a job at once (as `Prefer: respond-async`).' },
  webhook_url: { type: ['string', 'null'], format: 'uri', description: 'Asynchronous only: where the outcome is posted (else the workspace default).' },
});

export const asyncGenerateParameters = (): Json => [
  { name: 'Prefer', in: 'header', schema: { type: 'string', examples: ['respond-async'] }, description: '`respond-async` (RFC 7240): answer 202 with a job.' },
  { name: 'Idempotency-Key', in: 'header', schema: { type: 'string', minLength: 1, maxLength: 255 }, description: 'Asynchronous only: a retry with the same key answers the same job.' },
];

export const asyncGenerateResponse = (): Json => ({
  description: 'Asynchronous: the job, to be rendered by a worker; its status at `Location`',
  headers: { Location: { schema: { type: 'string', format: 'uri' } }, 'Preference-Applied': { schema: { type: 'string' } } },
  content: jsonContent(ref('PdfJobDto')),
});

export function asyncSchemas(): Record<string, Json> {
  return {
    PdfJobDto: {
      type: 'object',
      required: ['id', 'status', 'template_id', 'template_version', 'reference_id', 'batch_id', 'status_url', 'attempts', 'created_at', 'started_at', 'finished_at'],
      properties: {
        id: { type: 'string', format: 'uuid', description: 'Job id; also the document id and the webhook-id' },
        status: { type: 'string', enum: ['pending', 'generating', 'success', 'failure'] },
        template_id: { type: 'string', format: 'uuid' },
        template_version: { type: ['integer', 'null'], description: 'The template version it renders: the one current when it was accepted (kept until no job uses it, also after an update or the template\'s delete)' },
        reference_id: { type: 'string' },
        batch_id: { type: ['string', 'null'], format: 'uuid' },
        status_url: { type: 'string', format: 'uri' },
        attempts: { type: 'integer', description: 'Runs started (a run lost with its worker counts)' },
        created_at: dateTime, started_at: nullableDateTime, finished_at: nullableDateTime,
        data: { ...ref('PDFDto') as object, description: 'On success: the download link, its expiry counted from finished_at' },
        error: {
          type: 'object', description: 'On failure: the typed error',
          required: ['error_code', 'message', 'documentation_url'],
          properties: { error_code: { type: 'string' }, message: { type: 'string' }, documentation_url: { type: 'string', format: 'uri' } },
        },
      },
    },
    WebhookEvent: {
      type: 'object', description: 'The body posted to a webhook, signed with the webhook-id, webhook-timestamp and webhook-signature headers (Standard Webhooks)',
      required: ['type', 'timestamp', 'data'],
      properties: { type: { type: 'string', enum: ['pdf.succeeded', 'pdf.failed'] }, timestamp: dateTime, data: ref('PdfJobDto') },
    },
    WebhookSettingsDto: {
      type: 'object', required: ['url', 'has_secret'],
      properties: {
        url: { type: ['string', 'null'], format: 'uri' },
        has_secret: { type: 'boolean' },
        secret: { type: 'string', description: '`whsec_…`: present only in the answer that made it (shown once)' },
      },
    },
    WebhookDeliveryDto: {
      type: 'object', required: ['id', 'event', 'url', 'status', 'job_id', 'batch_id', 'created_at', 'attempts'],
      properties: {
        id: { type: 'string', format: 'uuid' }, event: { type: 'string' }, url: { type: 'string', format: 'uri' },
        status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
        job_id: { type: ['string', 'null'], format: 'uuid' }, batch_id: { type: ['string', 'null'], format: 'uuid' }, created_at: dateTime,
        attempts: {
          type: 'array',
          items: {
            type: 'object', required: ['attempt', 'at', 'status_code', 'error', 'duration_ms'],
            properties: {
              attempt: { type: 'integer' }, at: dateTime, status_code: { type: ['integer', 'null'] },
              error: { type: ['string', 'null'] }, duration_ms: { type: 'integer' },
            },
          },
        },
      },
    },
  };
}

export function asyncPaths(): Record<string, Json> {
  const settings = { 200: { description: 'The workspace\'s webhook settings', content: jsonContent(ref('WebhookSettingsDto')) } };
  return {
    '/v1/pdf-jobs/{id}': {
      get: {
        operationId: 'GetPdfJob', tags: ['PDFs'], summary: 'Status of an asynchronous generation', security,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { 200: { description: 'The job', content: jsonContent(ref('PdfJobDto')) }, ...errorResponses([...AUTH_ERRORS, 'not_found']) },
      },
    },
    '/v1/webhook-settings': {
      get: { operationId: 'GetWebhookSettings', tags: ['Webhooks'], summary: 'The default webhook URL', security, responses: { ...settings, ...errorResponses(AUTH_ERRORS) } },
      put: {
        operationId: 'SetWebhookSettings', tags: ['Webhooks'], summary: 'Set the default webhook URL (makes the secret the first time)', security,
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['url'], properties: { url: { type: ['string', 'null'], format: 'uri' } } } } } },
        responses: { ...settings, ...errorResponses(['validation_error', ...AUTH_ERRORS]) },
      },
    },
    '/v1/webhook-settings/rotate-secret': {
      post: { operationId: 'RotateWebhookSecret', tags: ['Webhooks'], summary: 'A new signing secret, shown once', security, responses: { ...settings, ...errorResponses(AUTH_ERRORS) } },
    },
    '/v1/webhook-deliveries': {
      get: {
        operationId: 'ListWebhookDeliveries', tags: ['Webhooks'], summary: 'Deliveries with every attempt, newest first (100 at most)', security,
        parameters: [
          { name: 'job_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
          { name: 'batch_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
        ],
        responses: { 200: { description: 'The deliveries', content: jsonContent({ type: 'array', items: ref('WebhookDeliveryDto') }) }, ...errorResponses(['validation_error', ...AUTH_ERRORS]) },
      },
    },
  };
}
