/**
 * The pieces every part of the OpenAPI document is written with (main/openapi.ts assembles it; the
 * jobs, bulk and template API folders describe their own paths with these).
 */
import { ERROR_DESCRIPTIONS, STATUS_OF } from './errors.js';
import type { ServiceErrorCode } from './errors.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const JSON_TYPES = ['application/json', 'text/json', 'text/plain'] as const;

export function jsonContent(schema: Json): Json {
  return Object.fromEntries(JSON_TYPES.map((type) => [type, { schema }]));
}

export function ref(name: string): Json {
  return { $ref: `#/components/schemas/${name}` };
}

export function errorResponses(codes: readonly ServiceErrorCode[]): Record<string, Json> {
  const byStatus = new Map<number, ServiceErrorCode[]>();
  for (const code of codes) byStatus.set(STATUS_OF[code], [...(byStatus.get(STATUS_OF[code]) ?? []), code]);
  return Object.fromEntries([...byStatus].map(([status, list]) => [String(status), {
    description: list.map((code) => `\`${code}\`: ${ERROR_DESCRIPTIONS[code]}`).join(' '),
    headers: { 'X-Correlation-Id': { $ref: '#/components/headers/CorrelationId' } },
    content: jsonContent(ref('ApiExceptionDetailsResult')),
  }]));
}

export const AUTH_ERRORS: ServiceErrorCode[] = ['missing_api_key', 'invalid_api_key', 'workspace_inactive', 'internal_error'];
