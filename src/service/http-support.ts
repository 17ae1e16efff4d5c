/**
 * HTTP details of the document API (docs/design.md §1.4): content negotiation, request media
 * types, the body size limit, paging parameters and the RFC 8288 `Link` header.
 */
import { DEFAULT_LIMITS } from '../options.js';
import { ServiceError } from './api/errors.js';
import type { Paging } from './operations.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './operations.js';
import { decodeText } from '../decode-text.js';
import { nodeBodyOf } from './plain-bodies.js';

export type JsonMediaType = 'application/json' | 'text/json';

interface MediaRange {
  readonly type: string;
  readonly q: number;
}

function parseAccept(accept: string): MediaRange[] {
  return accept.split(',').map((part) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    return { type, q: Number.isFinite(q) ? q : 0 };
  }).filter((range) => range.type !== '');
}

/**
 * The response type: `text/json` only when the client asks for it explicitly and prefers it to
 * `application/json`; otherwise `application/json`, also for `Accept: text/plain` (the official
 * clients send it and pick their parser by the response's type) and for anything else: the
 * API only speaks JSON, and answering it beats a 406 the clients cannot handle.
 */
export function negotiateJson(accept: string | null): JsonMediaType {
  if (accept === null) return 'application/json';
  const ranges = parseAccept(accept);
  const textJson = ranges.find((r) => r.type === 'text/json')?.q ?? 0;
  const applicationJson = ranges.find((r) => r.type === 'application/json')?.q ?? 0;
  return textJson > 0 && textJson > applicationJson ? 'text/json' : 'application/json';
}

/** `application/json`, `text/json` or `application/*+json`, in UTF-8 (RFC 8259 §8.1). */
export function isJsonRequestType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const [type = '', ...params] = contentType.split(';').map((s) => s.trim().toLowerCase());
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length).replaceAll('"', '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return false;
  return type === 'application/json' || type === 'text/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

export function requireJsonRequest(request: Request): void {
  if (!isJsonRequestType(request.headers.get('content-type'))) {
    throw new ServiceError('unsupported_media_type', 'send the body as application/json, text/json or application/*+json (UTF-8)');
  }
}

/** Reads the body as UTF-8 text (UTF-16 after its byte-order mark), refusing more than `limit` bytes (declared or streamed) with 413. */
export async function readBody(request: Request, limit: number): Promise<string> {
  const tooLarge = () => new ServiceError('payload_too_large', `the request body is larger than ${limit} bytes (body limit = ${limit})`);
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  const nodeBody = nodeBodyOf(request);
  if (nodeBody !== undefined) {
    const bytes = await nodeBody.read(limit);
    if (bytes === undefined) throw tooLarge(); // the server discards the rest before answering (node-server.ts)
    return decodeText(bytes, 'json');
  }
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // the server discards the rest before answering (node-server.ts), so the client sees the 413
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  // a byte-order mark says UTF-16 (or UTF-8) and is dropped, as browsers read JSON
  return decodeText(Buffer.concat(chunks), 'json');
}

/**
 * Parses a JSON body, refusing nesting deeper than `maxDepth` before parsing: V8 parses a 5 MiB
 * `[[[[...` in seconds on the event loop, and the worker hand-off would recurse through it.
 */
export function parseJsonBody(text: string, maxDepth = DEFAULT_LIMITS.maxDataDepth): unknown {
  if (text.trim() === '') throw new ServiceError('validation_error', 'the request body is empty');
  checkJsonDepth(text, maxDepth, 1); // the command object around the payload is one more level
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError('validation_error', 'the request body is not valid JSON');
  }
}

/** A query parameter by name, case-insensitively (`Page`, `page`; ASP.NET binds them alike). */
function queryParam(query: URLSearchParams, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of query) if (key.toLowerCase() === lower) return value;
  return undefined;
}

function integerParam(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = queryParam(query, name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^[+-]?\d{1,10}$/.test(raw.trim())) throw new ServiceError('validation_error', `${name} must be an integer`);
  const value = Number(raw);
  if (value < min || value > max) throw new ServiceError('validation_error', `${name} must be between ${min} and ${max}`);
  return value;
}

export function parsePaging(query: URLSearchParams): Paging {
  return {
    page: integerParam(query, 'Page', 1, 1, 1_000_000),
    pageSize: integerParam(query, 'PageSize', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
  };
}

/**
 * RFC 8288 `Link` with first/prev/next/last (GitHub style). Past the end, `prev` points to the
 * last page. The API key is never copied into the links.
 */
export function pagingLinks(pageUrl: URL, paging: Paging, total: number): string {
  const last = Math.max(1, Math.ceil(total / paging.pageSize));
  const url = (page: number) => {
    const target = new URL(pageUrl.pathname, pageUrl);
    for (const [key, value] of pageUrl.searchParams) {
      const k = key.toLowerCase();
      if (k !== 'apikey' && k !== 'page' && k !== 'pagesize') target.searchParams.append(key, value);
    }
    target.searchParams.set('Page', String(page));
    target.searchParams.set('PageSize', String(paging.pageSize));
    return target.toString();
  };
  const links: string[] = [`<${url(1)}>; rel="first"`];
  if (paging.page > 1) links.push(`<${url(Math.min(paging.page - 1, last))}>; rel="prev"`);
  if (paging.page < last) links.push(`<${url(paging.page + 1)}>; rel="next"`);
  links.push(`<${url(last)}>; rel="last"`);
  return links.join(', ');
}

/** Refuses JSON text whose arrays and objects nest deeper than `maxDepth` (+ `around` wrapping levels), in one linear scan. */
export function checkJsonDepth(text: string, maxDepth: number, around = 0): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth + around) {
        throw new ServiceError('limit_exceeded', `the JSON is nested more than ${maxDepth} levels deep (limits.maxDataDepth = ${maxDepth})`);
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}
