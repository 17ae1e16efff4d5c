/**
 * Mounts a fetch-style handler on Node's http server: IncomingMessage -> Request (the body
 * read as it arrives, so the size limit can stop reading early; without a web stream when the
 * handler reads it through plain-bodies.ts), Response -> ServerResponse.
 *
 * Hostile clients: a body the handler did not read (too large, or refused before reading) is
 * read and discarded up to a bound before the answer is written, then the connection is closed —
 * so a client still streaming sees the 413 instead of a reset. Clients that send their headers or
 * their request too slowly (slow loris) get 408, malformed requests 400, both with the JSON error
 * body every non-2xx answer carries.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ServiceErrorCode } from './api/errors.js';
import { STATUS_OF, ServiceError, errorBody } from './api/errors.js';
import type { RequestLogger } from './logging.js';
import { plainBodyOf, plainResponse, withNodeBody } from './plain-bodies.js';

export type FetchHandler = (request: Request) => Promise<Response>;

export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** Unread body bytes discarded before answering; past this the connection is closed right after the answer. */
export const DEFAULT_DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
/** Time spent discarding an unread body before answering anyway. */
const DRAIN_TIMEOUT_MS = 10_000;

export interface NodeServerOptions {
  readonly handler: FetchHandler;
  /** 0 picks a free port. */
  readonly port: number;
  readonly host: string;
  readonly headersTimeoutMs?: number;
  readonly requestTimeoutMs?: number;
  readonly drainLimitBytes?: number;
  /** Where requests refused before they reach the handler (408, 400, 431) are logged. */
  readonly logger?: RequestLogger;
}

export interface RunningServer {
  readonly server: Server;
  /** `http://host:port` as bound. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  const state = { closing: false };
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(headersTimeout, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const server = createServer({
    headersTimeout,
    requestTimeout,
    // how often Node looks for connections past those timeouts
    connectionsCheckingInterval: Math.min(1_000, headersTimeout),
  }, (req, res) => {
    void serve(options, req, res, state);
  });
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => answerClientError(error, socket, options.logger));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    port: address.port,
    url: `http://${host}:${address.port}`,
    // stops accepting, lets requests in flight finish (their answers close the connection), closes idle ones
    close: () => new Promise<void>((resolve) => {
      state.closing = true;
      server.close(() => resolve());
      server.closeIdleConnections();
    }),
  };
}

/** Requests whose body stream was given up (by the handler, or after the answer): drain() reads them. */
const abandonedBodies = new WeakSet<IncomingMessage>();

/** The request's body as a web stream that, when cancelled, leaves the socket alone (see drain). */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  const abandoned = () => abandonedBodies.has(req);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (abandoned()) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once('end', () => { if (!abandoned()) controller.close(); });
      req.once('error', (error) => { if (!abandoned()) controller.error(error); });
    },
    pull() {
      req.resume();
    },
    cancel() {
      abandonedBodies.add(req);
    },
  }, { highWaterMark: 4 });
}

/**
 * Reads the whole body up to `limit` bytes; past it, stops reading and leaves the rest to `drain`
 * (undefined). What `bodyStream` and a reader do, without a web stream (plain-bodies.ts).
 */
function readWholeBody(req: IncomingMessage, limit: number): Promise<Uint8Array | undefined> {
  if (req.readableEnded) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      settle();
      req.pause();
      abandonedBodies.add(req);
      resolve(undefined);
    };
    const onEnd = () => {
      settle();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
  });
}

function toRequest(req: IncomingMessage): Request {
  const host = req.headers.host ?? 'localhost';
  const url = new URL(req.url ?? '/', `http://${host}`);
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    for (const value of values ?? []) headers.append(name, value);
  }
  const request = new Request(url, { method: req.method ?? 'GET', headers });
  if (req.method === 'GET' || req.method === 'HEAD') return request;
  return withNodeBody(request, { read: (limit) => readWholeBody(req, limit), stream: () => bodyStream(req) });
}

/**
 * Reads and discards what is left of the body, up to `limit` bytes and a time bound; true when
 * the whole body was read (the connection is then still usable).
 */
function drain(req: IncomingMessage, limit: number): Promise<boolean> {
  if (req.complete || req.readableEnded) return Promise.resolve(true);
  abandonedBodies.add(req);
  // a declared length past the bound is not waited for (Content-Length: 10^12 with a tiny body would hang here)
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (complete: boolean) => {
      clearTimeout(timer);
      req.off('data', count);
      req.off('end', onEnd);
      req.off('error', onError);
      resolve(complete);
    };
    const count = (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (seen > limit) {
        req.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), DRAIN_TIMEOUT_MS);
    req.on('data', count);
    req.once('end', onEnd);
    req.once('error', onError);
    req.resume();
  });
}

async function serve(options: NodeServerOptions, req: IncomingMessage, res: ServerResponse, state: { closing: boolean }): Promise<void> {
  let response: Response;
  try {
    response = await options.handler(toRequest(req));
  } catch {
    // Only a malformed request line/Host can get here: the handler itself answers every error.
    response = errorResponse('validation_error', 'the request is malformed');
  }
  const bodyLeft = !(req.complete || req.readableEnded);
  const fullyRead = await drain(req, options.drainLimitBytes ?? DEFAULT_DRAIN_LIMIT_BYTES);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => { headers[name] = value; });
  if (bodyLeft || state.closing) headers['connection'] = 'close';
  res.writeHead(response.status, headers);
  const plain = plainBodyOf(response);
  if (req.method === 'HEAD') res.end();
  else if (plain !== undefined) res.end(plain);
  else {
    if (response.body !== null) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
    }
    res.end();
  }
  // a body too large to discard: the answer is written, now stop the client
  if (!fullyRead) res.once('finish', () => req.socket.destroySoon());
}

function errorResponse(code: ServiceErrorCode, message: string): Response {
  const body = errorBody(new ServiceError(code, message), randomUUID(), '/v1/errors');
  return plainResponse(JSON.stringify(body), {
    status: STATUS_OF[code],
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-correlation-id': body.correlation_id },
  });
}

/** Answers a request Node refused before parsing it (timeouts, malformed or oversized headers). */
function answerClientError(error: Error & { code?: string }, socket: Duplex, logger: RequestLogger | undefined): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const code: ServiceErrorCode = timeout ? 'request_timeout' : 'validation_error';
  const status = tooLarge ? 431 : STATUS_OF[code];
  const message = timeout ? 'the request was not received in time' : tooLarge ? 'the request headers are too large' : 'the request is not valid HTTP';
  const correlationId = randomUUID();
  const body = JSON.stringify(errorBody(new ServiceError(code, message), correlationId, '/v1/errors'));
  const reason = timeout ? 'Request Timeout' : tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`
    + `x-correlation-id: ${correlationId}\r\nconnection: close\r\n\r\n${body}`,
  );
  logger?.({
    time: new Date().toISOString(), level: 'warn', msg: 'request', method: '-', path: '-', status,
    duration_ms: 0, correlation_id: correlationId, error_code: code,
  });
  (socket as Socket).destroySoon?.();
}
