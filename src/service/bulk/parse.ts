/**
 * Validation of a batch request: `{"template_id", "items": [{GeneratePDFCommand fields but
 * template_id}, …], "webhook_url"?}`. Every item is checked as a generate body is (commands.ts),
 * and a refusal names where it is: `items[17].payload: …`.
 */
import { ServiceError, isServiceError } from '../api/errors.js';
import type { GenerateCommand } from '../commands.js';
import { parseGenerateCommand } from '../commands.js';
import { MAX_BATCH_ITEMS } from '../records/batches.js';

export interface BatchRequest {
  readonly templateId: string;
  readonly items: readonly GenerateCommand[];
}

const invalid = (message: string) => new ServiceError('validation_error', message);

export function parseBatchRequest(body: unknown, maxDataDepth: number): BatchRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalid('the body must be a JSON object ({"template_id", "items"})');
  const fields = body as Record<string, unknown>;
  // the template id is checked as a generate body checks it
  const templateId = parseGenerateCommand({ template_id: fields['template_id'] }, maxDataDepth).templateId;
  const items = fields['items'];
  if (!Array.isArray(items)) throw invalid('items must be an array of generate commands');
  if (items.length === 0) throw invalid('items must hold at least one item');
  if (items.length > MAX_BATCH_ITEMS) throw invalid(`items holds ${items.length} items: at most ${MAX_BATCH_ITEMS} per batch`);
  return { templateId, items: items.map((item: unknown, index) => parseItem(item, index, templateId, maxDataDepth)) };
}

function parseItem(item: unknown, index: number, templateId: string, maxDataDepth: number): GenerateCommand {
  const where = `items[${index}]`;
  if (item === null || typeof item !== 'object' || Array.isArray(item)) throw invalid(`${where}: must be an object ({"payload", "reference_id"?, "encryption_…"?})`);
  const fields = item as Record<string, unknown>;
  if (fields['template_id'] !== undefined && fields['template_id'] !== null && fields['template_id'] !== templateId) {
    throw invalid(`${where}.template_id: a batch has one template (the body's template_id)`);
  }
  try {
    return parseGenerateCommand({ ...fields, template_id: templateId }, maxDataDepth);
  } catch (error) {
    if (!isServiceError(error)) throw error;
    // commands.ts names the field first (`reference_id must be a string`): the location is the item's field
    const field = /^([a-z_]+)\b/.exec(error.message)?.[1];
    throw new ServiceError(error.code, `${where}${field !== undefined && field in fields ? `.${field}` : ''}: ${error.message}`);
  }
}
