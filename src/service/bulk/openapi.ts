/** The OpenAPI description of bulk generation (merged into openapi.ts): `/v1/pdf-batches`. */
import type { Json } from '../api/openapi-parts.js';
import { AUTH_ERRORS, errorResponses, jsonContent, ref } from '../api/openapi-parts.js';
import { MAX_BATCH_ITEMS } from '../records/batches.js';

const security: Json = [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }];
const count = { type: 'integer', minimum: 0 };

/** Functions, not constants: openapi.ts and this file import each other. */
export function bulkSchemas(): Record<string, Json> {
  const itemProperties: Record<string, Json> = {
    payload: { description: 'Any JSON value; a string holding a JSON object or array is parsed.' },
    reference_id: { type: ['string', 'null'], maxLength: 255 },
  };
  return {
    CreatePdfBatchCommand: {
      type: 'object', required: ['template_id', 'items'],
      properties: {
        template_id: { type: 'string', format: 'uuid', description: 'The one template of every item' },
        items: {
          type: 'array', minItems: 1, maxItems: MAX_BATCH_ITEMS,
          description: 'One document per item: the fields of a GeneratePDFCommand but template_id (payload, reference_id, encryption_…). A refusal names the item: `items[17].payload: …`',
          items: { type: 'object', properties: itemProperties, additionalProperties: true },
        },
        webhook_url: { type: ['string', 'null'], format: 'uri', description: 'Where `batch.completed` is posted (else the workspace default); items have no webhook of their own' },
      },
    },
    PdfBatchDto: {
      type: 'object', required: ['id', 'status', 'template_id', 'status_url', 'total', 'counts', 'created_at', 'finished_at'],
      properties: {
        id: { type: 'string', format: 'uuid', description: 'Batch id; also the webhook-id of its `batch.completed` webhook' },
        status: { type: 'string', enum: ['pending', 'running', 'completed'] },
        template_id: { type: 'string', format: 'uuid' },
        status_url: { type: 'string', format: 'uri' },
        total: count,
        counts: {
          type: 'object', required: ['pending', 'generating', 'succeeded', 'failed'],
          properties: { pending: count, generating: count, succeeded: count, failed: count },
        },
        created_at: { type: 'string', format: 'date-time' },
        finished_at: { type: ['string', 'null'], format: 'date-time', description: 'When the last item finished' },
        items: { type: 'array', items: ref('PdfJobDto'), description: 'GET only: the page of items asked for (all by default), each item\'s job, in the order of the request' },
        next_cursor: { type: ['string', 'null'], description: 'GET only: pass as `cursor` for the next page; null on the last' },
      },
    },
    BatchWebhookEvent: {
      type: 'object', description: 'Posted once when every item of a batch has finished, signed as the job webhooks',
      required: ['type', 'timestamp', 'data'],
      properties: { type: { type: 'string', enum: ['batch.completed'] }, timestamp: { type: 'string', format: 'date-time' }, data: ref('PdfBatchDto') },
    },
  };
}

export function bulkPaths(): Record<string, Json> {
  return {
    '/v1/pdf-batches': {
      post: {
        operationId: 'CreatePdfBatch', tags: ['PDFs'], security,
        summary: `Up to ${MAX_BATCH_ITEMS} documents of one template, rendered asynchronously; quota is taken per document (items past it fail quota_exceeded)`,
        parameters: [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string', minLength: 1, maxLength: 255 }, description: 'A retry with the same key answers the same batch' }],
        requestBody: { required: true, content: { 'application/json': { schema: ref('CreatePdfBatchCommand') } } },
        responses: {
          202: { description: 'The batch; its status at `Location`', headers: { Location: { schema: { type: 'string', format: 'uri' } } }, content: jsonContent(ref('PdfBatchDto')) },
          ...errorResponses(['validation_error', ...AUTH_ERRORS, 'not_found', 'payload_too_large', 'unsupported_media_type', 'limit_exceeded', 'quota_exceeded', 'service_unavailable']),
        },
      },
    },
    '/v1/pdf-batches/{id}': {
      get: {
        operationId: 'GetPdfBatch', tags: ['PDFs'], summary: 'A batch: counts by state and every item\'s job', security,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_BATCH_ITEMS }, description: 'Items per page (default: every item)' },
          { name: 'cursor', in: 'query', schema: { type: 'string' }, description: 'The `next_cursor` of the page before' },
        ],
        responses: {
          200: { description: 'The batch with its whole counts and one page of its items', content: jsonContent(ref('PdfBatchDto')) },
          ...errorResponses(['validation_error', ...AUTH_ERRORS, 'not_found']),
        },
      },
    },
  };
}
