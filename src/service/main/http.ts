/**
 * The HTTP binding of the document API (docs/design.md §1.4) as a standard fetch-style handler,
 * `(Request) => Promise<Response>`, mountable in any server (node-server.ts mounts it on
 * node:http). Routing under `/v{version}`, authentication, negotiation, errors with a
 * correlation id, and one log line per request; the operations themselves are in operations.ts.
 */
import { randomUUID } from 'node:crypto';
import type { ApiCall, ApiExtension, ApiRoute } from '../api-extension.js';
import { authenticate, presentedKey } from '../auth.js';
import { parseGenerateCommand } from '../commands.js';
import { ERROR_DESCRIPTIONS, STATUS_OF, ServiceError, errorBody, isServiceError } from '../api/errors.js';
import type { ServiceErrorCode } from '../api/errors.js';
import { errorPage, prefersHtml } from '../error-page.js';
import type { JsonMediaType } from '../http-support.js';
import { negotiateJson, pagingLinks, parseJsonBody, parsePaging, readBody, requireJsonRequest } from '../http-support.js';
import type { LinkSigner } from '../links.js';
import { checkDownload, checkPreview, createLinkSigner } from '../links.js';
import type { RequestLogger } from '../logging.js';
import { jsonLineLogger, redactQuery } from '../logging.js';
import { openApiDocument } from './openapi.js';
import type { ServiceMetrics } from '../metrics.js';
import { createServiceMetrics } from '../metrics.js';
import type { ServiceDeps } from '../operations.js';
import { plainResponse } from '../plain-bodies.js';
import { createTemplateFilesReader } from '../template-files-cache.js';
import type { TemplateFilesReader } from '../template-files-cache.js';
import { DEFAULT_LINK_TTL_SECONDS, generate, getWorkspace, listDocumentTemplates } from '../operations.js';
import type { RenderPdf } from '../renderer.js';
import type { Storage, TemplateRecord, Workspace } from '../storage/types.js';
import { isUuid } from '../storage/types.js';
import { STORAGE_RETRY_AFTER_SECONDS, isStorageUnavailable } from '../storage/unavailable.js';
import { DEFAULT_LIMITS } from '../../options.js';
import { appendAll } from '../../append-all.js';

export const DEFAULT_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export interface ApiOptions {
  readonly storage: Storage;
  readonly renderPdf: RenderPdf;
  /** Absolute URL links are built on (no trailing slash); default: the origin of each request. */
  readonly baseUrl?: string;
  /** Lifetime of download links in seconds (default 600). */
  readonly linkTtlSeconds?: number;
  /** Largest accepted request body (default 5 MiB). */
  readonly bodyLimitBytes?: number;
  /** Deepest accepted payload nesting (default: the engine's limits.maxDataDepth). */
  readonly maxDataDepth?: number;
  readonly now?: () => Date;
  /** Default: JSON lines on stdout. */
  readonly logger?: RequestLogger;
  /** Served at `/metrics` and fed by every request; default: a fresh registry. */
  readonly metrics?: ServiceMetrics;
  /** Routes of features in their own folders (jobs, webhooks...), see api-extension.ts. */
  readonly extensions?: readonly ApiExtension[];
  /** Told of each template a document was generated from (template-warm-up.ts). */
  readonly onTemplateUsed?: (template: TemplateRecord) => void;
  /** Stored templates' files, shared with the jobs and the warm-up (default: a reader of its own). */
  readonly templateFiles?: TemplateFilesReader;
}

export interface ApiHandler {
  readonly fetch: (request: Request) => Promise<Response>;
  /** Deletes expired documents now; returns how many (node-server.ts runs it periodically). */
  cleanupExpiredDocuments(): Promise<number>;
}

interface Context {
  readonly deps: ServiceDeps;
  readonly bodyLimit: number;
  readonly maxDataDepth: number;
  readonly logger: RequestLogger;
  readonly metrics: ServiceMetrics;
  readonly configuredBaseUrl: string | undefined;
  readonly extensions: readonly ApiExtension[];
  readonly routes: readonly Route[];
}

/** One request in flight. */
interface Exchange {
  readonly request: Request;
  readonly url: URL;
  readonly baseUrl: string;
  readonly correlationId: string;
  readonly mediaType: JsonMediaType;
  readonly params: readonly string[];
  workspace?: Workspace;
}

type RouteHandler = (ctx: Context, exchange: Exchange) => Promise<Response>;

interface Route {
  readonly pattern: RegExp;
  readonly methods: Readonly<Record<string, RouteHandler>>;
}

export async function createApiHandler(options: ApiOptions): Promise<ApiHandler> {
  const signer: LinkSigner = createLinkSigner(await options.storage.signingSecret());
  const logger = options.logger ?? jsonLineLogger();
  const ctx: Context = {
    logger,
    metrics: options.metrics ?? createServiceMetrics(),
    deps: {
      storage: options.storage,
      renderPdf: options.renderPdf,
      signer,
      linkTtlSeconds: options.linkTtlSeconds ?? DEFAULT_LINK_TTL_SECONDS,
      now: options.now ?? (() => new Date()),
      templateFiles: options.templateFiles ?? createTemplateFilesReader(options.storage),
      ...(options.onTemplateUsed === undefined ? {} : { onTemplateUsed: options.onTemplateUsed }),
    },
    bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    maxDataDepth: options.maxDataDepth ?? DEFAULT_LIMITS.maxDataDepth,
    configuredBaseUrl: options.baseUrl?.replace(/\/+$/, ''),
    extensions: options.extensions ?? [],
    routes: [...ROUTES, ...(options.extensions ?? []).flatMap((extension) => extension.routes.map(extensionRoute))],
  };
  return {
    fetch: (request) => handle(ctx, logger, request),
    cleanupExpiredDocuments: () => options.storage.deleteExpiredDocuments(ctx.deps.now()),
  };
}

function correlationIdOf(request: Request): string {
  const given = request.headers.get('x-correlation-id');
  return given !== null && isUuid(given) ? given.toLowerCase() : randomUUID();
}

async function handle(ctx: Context, logger: RequestLogger, request: Request): Promise<Response> {
  const started = performance.now();
  const url = new URL(request.url);
  const base = {
    request, url,
    baseUrl: ctx.configuredBaseUrl ?? url.origin,
    correlationId: correlationIdOf(request),
    mediaType: negotiateJson(request.headers.get('accept')),
  };
  let exchange: Exchange = { ...base, params: [] };
  let response: Response;
  let internal: unknown;
  try {
    const { handler, params } = OPERATIONS[url.pathname] !== undefined && (request.method === 'GET' || request.method === 'HEAD')
      ? { handler: OPERATIONS[url.pathname]!, params: [] }
      : route(ctx.routes, request.method, url.pathname);
    exchange = { ...base, params };
    response = await handler(ctx, exchange);
  } catch (error) {
    if (!isServiceError(error)) internal = error;
    response = errorResponse(asServiceError(error), exchange);
  }
  response.headers.set('x-correlation-id', exchange.correlationId);
  const query = redactQuery(url.searchParams);
  const errorCode = response.status >= 400 ? response.headers.get('x-error-code') ?? undefined : undefined;
  response.headers.delete('x-error-code');
  ctx.metrics.request(request.method, response.status, errorCode);
  logger({
    time: new Date().toISOString(),
    level: response.status >= 500 ? 'error' : response.status >= 400 ? 'warn' : 'info',
    msg: 'request',
    method: request.method,
    path: url.pathname,
    ...(query === undefined ? {} : { query }),
    status: response.status,
    duration_ms: Math.round((performance.now() - started) * 100) / 100,
    correlation_id: exchange.correlationId,
    ...(exchange.workspace === undefined ? {} : { workspace_id: exchange.workspace.id }),
    ...(errorCode === undefined ? {} : { error_code: errorCode }),
    ...(internal === undefined ? {} : { error: internal instanceof Error ? internal.stack ?? internal.message : String(internal) }),
  });
  return response;
}

/** An expected failure as it is; the storage out of reach as 503 with `Retry-After`; anything else 500. */
function asServiceError(error: unknown): ServiceError {
  if (isServiceError(error)) return error;
  if (isStorageUnavailable(error)) return storageUnavailable(error);
  return new ServiceError('internal_error', 'an unexpected error occurred');
}

function storageUnavailable(error: unknown): ServiceError {
  const reason = error instanceof Error && error.message !== '' ? `: ${error.message}` : '';
  return new ServiceError('service_unavailable', `the storage is not reachable${reason}; retry shortly`, {
    headers: { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) }, cause: error,
  });
}

// ------------------------------------------------------------------ routing

/** Outside /v1 and without API key: for load balancers and Prometheus. */
const OPERATIONS: Readonly<Record<string, RouteHandler>> = {
  '/healthz': healthRoute,
  '/metrics': metricsRoute,
};

/** 200 when the storage answers, else 503 with the error body (the balancer takes the process out). */
async function healthRoute(ctx: Context, exchange: Exchange): Promise<Response> {
  try {
    await ctx.deps.storage.getWorkspace(randomUUID());
  } catch (error) {
    throw storageUnavailable(error);
  }
  return jsonResponse(exchange, 200, { status: 'ok' });
}

async function metricsRoute(ctx: Context): Promise<Response> {
  return new Response(await ctx.metrics.text(), { status: 200, headers: { 'content-type': ctx.metrics.contentType } });
}

const ROUTES: readonly Route[] = [
  { pattern: /^\/document-templates$/, methods: { GET: listTemplatesRoute } },
  { pattern: /^\/pdfs$/, methods: { POST: generateRoute } },
  { pattern: /^\/workspaces$/, methods: { GET: workspaceRoute } },
  { pattern: /^\/pdfs\/([^/]+)$/, methods: { GET: downloadRoute } },
  { pattern: /^\/document-templates\/([^/]+)\/preview\.(pdf|png)$/, methods: { GET: previewRoute } },
  { pattern: /^\/openapi\.json$/, methods: { GET: openApiRoute } },
  { pattern: /^\/errors$/, methods: { GET: errorsRoute } },
];

/** `/v{version}/...`: only version 1 exists. */
function route(routes: readonly Route[], method: string, pathname: string): { handler: RouteHandler; params: string[] } {
  const match = /^\/v([^/]+)(\/.*)?$/.exec(pathname);
  if (match === null) throw new ServiceError('not_found', `no route ${pathname}: the API lives under /v1`);
  if (match[1] !== '1') throw new ServiceError('unsupported_version', `API version '${match[1]}' does not exist: use /v1`);
  const rest = (match[2] ?? '').replace(/\/+$/, '');
  // a path may be served by several routes (an extension adds POST to /document-templates): 405 only when none has the method
  const allowed: string[] = [];
  for (const candidate of routes) {
    const found = candidate.pattern.exec(rest);
    if (found === null) continue;
    const handler = candidate.methods[method] ?? (method === 'HEAD' ? candidate.methods['GET'] : undefined);
    if (handler !== undefined) return { handler, params: found.slice(1) };
    appendAll(allowed, Object.keys(candidate.methods));
  }
  if (allowed.length > 0) {
    const allow = allowed.join(', ');
    throw new ServiceError('method_not_allowed', `${method} is not allowed here (allowed: ${allow})`, { headers: { Allow: allow } });
  }
  throw new ServiceError('not_found', `no route ${pathname}`);
}

// ------------------------------------------------------------------ responses

function jsonResponse(exchange: Exchange, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return plainResponse(JSON.stringify(body), {
    status,
    headers: { 'content-type': `${exchange.mediaType}; charset=utf-8`, 'cache-control': 'no-store', ...headers },
  });
}

function errorResponse(error: ServiceError, exchange: Exchange): Response {
  const headers: Record<string, string> = { ...error.headers, 'x-error-code': error.code };
  if (error.code === 'payload_too_large') headers['connection'] = 'close';
  return jsonResponse(exchange, error.status, errorBody(error, exchange.correlationId, `${exchange.baseUrl}/v1/errors`), headers);
}

function binaryResponse(bytes: Uint8Array, type: string, headers: Record<string, string>): Response {
  return plainResponse(bytes, { status: 200, headers: { 'content-type': type, 'content-length': String(bytes.byteLength), ...headers } });
}

async function authenticated(ctx: Context, exchange: Exchange): Promise<{ workspace: Workspace; baseUrl: string }> {
  const workspace = await authenticate(ctx.deps.storage, presentedKey(exchange.request.headers, exchange.url.searchParams));
  exchange.workspace = workspace;
  return { workspace, baseUrl: exchange.baseUrl };
}

/** An extension's view of the exchange (api-extension.ts). */
function apiCall(ctx: Context, exchange: Exchange, readJson?: () => Promise<unknown>): ApiCall {
  return {
    request: exchange.request, url: exchange.url, params: exchange.params, baseUrl: exchange.baseUrl, correlationId: exchange.correlationId,
    authenticate: () => authenticated(ctx, exchange),
    readJson: readJson ?? (async () => {
      requireJsonRequest(exchange.request);
      return parseJsonBody(await readBody(exchange.request, ctx.bodyLimit), ctx.maxDataDepth);
    }),
  };
}

function extensionRoute(route: ApiRoute): Route {
  const methods = Object.fromEntries(Object.entries(route.methods).map(([method, handler]) => [method, async (ctx: Context, exchange: Exchange) => {
    const reply = await handler(apiCall(ctx, exchange));
    return jsonResponse(exchange, reply.status, reply.body, { ...reply.headers });
  }]));
  return { pattern: route.pattern, methods };
}

// ------------------------------------------------------------------ routes

async function listTemplatesRoute(ctx: Context, exchange: Exchange): Promise<Response> {
  const scope = await authenticated(ctx, exchange);
  const paging = parsePaging(exchange.url.searchParams);
  const { items, total } = await listDocumentTemplates(ctx.deps, scope, paging);
  const pageUrl = new URL(exchange.url.pathname + exchange.url.search, exchange.baseUrl + '/');
  return jsonResponse(exchange, 200, items, {
    'x-total-count': String(total),
    link: pagingLinks(pageUrl, paging, total),
    'access-control-expose-headers': 'X-Total-Count, Link, X-Correlation-Id',
  });
}

async function generateRoute(ctx: Context, exchange: Exchange): Promise<Response> {
  const scope = await authenticated(ctx, exchange);
  requireJsonRequest(exchange.request);
  const body = parseJsonBody(await readBody(exchange.request, ctx.bodyLimit), ctx.maxDataDepth);
  const command = parseGenerateCommand(body, ctx.maxDataDepth);
  for (const extension of ctx.extensions) {
    const reply = await extension.generate?.(apiCall(ctx, exchange, () => Promise.resolve(body)), scope, command, body);
    if (reply !== undefined) return jsonResponse(exchange, reply.status, reply.body, { ...reply.headers });
  }
  const result = await generate(ctx.deps, scope, command, (warnings) => ctx.logger({
    time: new Date().toISOString(), level: 'warn', msg: 'render_warning', correlation_id: exchange.correlationId,
    workspace_id: scope.workspace.id, template_id: command.templateId, warnings,
  }));
  return jsonResponse(exchange, 200, result);
}

async function workspaceRoute(ctx: Context, exchange: Exchange): Promise<Response> {
  return jsonResponse(exchange, 200, getWorkspace(await authenticated(ctx, exchange)));
}

/** The signed `download_url`: works without the API key until it expires, then 410 and the document is deleted. */
async function downloadRoute(ctx: Context, exchange: Exchange): Promise<Response> {
  const id = (exchange.params[0] ?? '').toLowerCase();
  const { storage, signer, now } = ctx.deps;
  const notFound = () => new ServiceError('not_found', 'no such document');
  if (!isUuid(id)) throw notFound();
  const check = checkDownload(signer, id, exchange.url.searchParams, now());
  if (check.kind === 'invalid') throw notFound();
  const expired = () => new ServiceError('link_expired', 'the download link has expired; generate the document again');
  if (check.kind === 'expired') {
    await storage.deleteDocument(id);
    throw expired();
  }
  const document = await storage.getDocument(id);
  if (document === undefined) throw notFound();
  if (document.record.expires.getTime() <= now().getTime()) {
    await storage.deleteDocument(id);
    throw expired();
  }
  const seconds = Math.max(0, Math.floor((document.record.expires.getTime() - now().getTime()) / 1000));
  return binaryResponse(document.pdf, 'application/pdf', {
    'content-disposition': `inline; filename="${id}.pdf"`,
    'cache-control': `private, max-age=${seconds}`,
  });
}

async function previewRoute(ctx: Context, exchange: Exchange): Promise<Response> {
  const id = (exchange.params[0] ?? '').toLowerCase();
  const kind = exchange.params[1] === 'png' ? 'png' : 'pdf';
  const notFound = new ServiceError('not_found', 'no such preview');
  if (!isUuid(id) || !checkPreview(ctx.deps.signer, id, kind, exchange.url.searchParams)) throw notFound;
  const bytes = await ctx.deps.storage.getPreview(id, kind);
  if (bytes === undefined) throw notFound;
  return binaryResponse(bytes, kind === 'png' ? 'image/png' : 'application/pdf', { 'cache-control': 'private, max-age=3600' });
}

async function openApiRoute(_ctx: Context, exchange: Exchange): Promise<Response> {
  return new Response(JSON.stringify(openApiDocument(exchange.baseUrl), null, 2), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Where every `documentation_url` points: the error codes with their status and meaning, as a page for browsers (./error-page.ts). */
async function errorsRoute(_ctx: Context, exchange: Exchange): Promise<Response> {
  if (prefersHtml(exchange.request.headers.get('accept'))) {
    return new Response(errorPage(exchange.baseUrl), { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', vary: 'Accept' } });
  }
  const codes = (Object.keys(STATUS_OF) as ServiceErrorCode[]).map((code) => ({
    error_code: code, status: STATUS_OF[code], description: ERROR_DESCRIPTIONS[code],
  }));
  return jsonResponse(exchange, 200, codes);
}
