/**
 * Bodies kept beside the WHATWG `Request` and `Response` objects when node-server.ts mounts the
 * API's fetch-style handler (main/http.ts) on node:http, so that the common case moves bytes
 * without web streams: a JSON request body read straight from the socket's stream, and a JSON or
 * PDF answer written with one `end()`. Building a `ReadableStream` for each body, wrapping it in
 * the `Request`, reading it back through a reader, then iterating the `Response`'s body stream cost
 * the server ~45 µs of CPU per generate on their own (bench/README.md, issue 32, stop 33), and
 * garbage besides. Any other mount (tests calling `fetch` directly, another server) passes
 * ordinary objects and takes the web streams as before.
 */

/** A request body as node-server.ts offers it. */
export interface NodeRequestBody {
  /** The whole body, or undefined once it passes `limit` bytes (the rest is left to discard). */
  read(limit: number): Promise<Uint8Array | undefined>;
  /** The body as a web stream (multipart uploads), for readers that consume it piece by piece. */
  stream(): ReadableStream<Uint8Array>;
}

const requestBodies = new WeakMap<Request, NodeRequestBody>();
const responseBodies = new WeakMap<Response, string | Uint8Array>();

/** A `Request` without a body of its own whose body `body` serves (node-server.ts). */
export function withNodeBody(request: Request, body: NodeRequestBody): Request {
  requestBodies.set(request, body);
  return request;
}

/** The node body of a request mounted by node-server.ts, if it is one. */
export function nodeBodyOf(request: Request): NodeRequestBody | undefined {
  return requestBodies.get(request);
}

/** The request's body as a web stream, whoever mounted the handler; null when it has none. */
export function requestBodyStream(request: Request): ReadableStream<Uint8Array> | null {
  return requestBodies.get(request)?.stream() ?? request.body;
}

/** A `Response` whose body node-server.ts can write as it is, without reading its stream. */
export function plainResponse(body: string | Uint8Array, init: ResponseInit): Response {
  const response = new Response(body, init);
  responseBodies.set(response, body);
  return response;
}

/** The body a response was made with by `plainResponse`, if it was. */
export function plainBodyOf(response: Response): string | Uint8Array | undefined {
  return responseBodies.get(response);
}
