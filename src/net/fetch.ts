/**
 * One guarded GET with Node's own HTTP client (no HTTP parsing of ours): every hop — the first
 * URL and each redirect, at most `maxRedirects` — is checked against the allow-list, its host
 * resolved once and each of its addresses checked (address.ts), and the connection made to the
 * checked address (`pinnedLookup`), so DNS rebinding cannot lead it elsewhere. Bounded in connect
 * time, total time and bytes (a `Content-Length` over the bound is refused before the body is
 * read). Bodies are asked for uncompressed (`Accept-Encoding: identity`).
 */
import type { IncomingMessage, request as httpRequest } from 'node:http';
import { OctavoError } from '../errors.js';
import type { ResolvedAddress } from './address.js';
import { pinnedLookup, resolveHost } from './address.js';
import type { AllowList } from './allow-list.js';

/**
 * Google Fonts (and other font CDNs) choose the CSS they send by User-Agent: a current browser's
 * gets `woff2` sources with `unicode-range` subsets, an unknown one gets old TrueType files.
 */
export const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 octavo';

export interface FetchBounds {
  readonly connectTimeoutMs: number;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
}

export interface FetchRequest {
  readonly url: URL;
  readonly allow: AllowList;
  readonly bounds: FetchBounds;
  /** Conditional headers of a revalidation (If-None-Match, If-Modified-Since). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface FetchResponse {
  /** 200 (with the body) or 304 (revalidated; no body). */
  readonly status: number;
  /** The URL the body came from (after redirects). */
  readonly url: URL;
  readonly headers: IncomingMessage['headers'];
  readonly bytes: Uint8Array;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function unavailable(url: URL, why: string): OctavoError {
  return new OctavoError('resource_not_found', `${url.href}: ${why}`);
}

export function notAllowed(url: URL, why: string): OctavoError {
  return new OctavoError('resource_denied', `${url.href}: ${why}`, {
    hint: 'allow its origin with --allow-remote ORIGIN (engine option remote.allow), or * for any public host',
  });
}

/** The checked addresses of one hop (every one allowed), or why it may not be asked. */
async function checkedAddresses(url: URL, allow: AllowList): Promise<readonly ResolvedAddress[]> {
  if (!allow.allowsOrigin(url)) throw notAllowed(url, `remote resources from ${url.origin} are not allowed`);
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolveHost(url);
  } catch {
    throw unavailable(url, `the host ${url.hostname} does not resolve`);
  }
  const refused = addresses.find((a) => !allow.allowsAddress(url, a.address));
  if (addresses.length === 0 || refused !== undefined) {
    throw notAllowed(url, `${url.hostname} is a private, loopback or reserved address (${refused?.address ?? 'none'}); only an origin allowed by name may reach one`);
  }
  return addresses;
}

export async function guardedFetch(request: FetchRequest): Promise<FetchResponse> {
  const deadline = performance.now() + request.bounds.timeoutMs;
  let url = request.url;
  for (let hop = 0; ; hop++) {
    const response = await redirected(request.url, hop, async () => oneHop(url, await checkedAddresses(url, request.allow), request, deadline));
    if (!('location' in response)) return response;
    if (hop >= request.bounds.maxRedirects) throw unavailable(request.url, `more than ${request.bounds.maxRedirects} redirects`);
    let next: URL;
    try {
      next = new URL(response.location, url);
    } catch {
      throw unavailable(url, `a redirect to an invalid URL (${response.location})`);
    }
    url = next;
  }
}

type HopResult = FetchResponse | { readonly location: string };

/** A failure after a redirect names the URL asked for first, then where it led. */
async function redirected<T>(first: URL, hop: number, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (hop === 0 || !(error instanceof OctavoError)) throw error;
    throw new OctavoError(error.code, `${first.href} (redirected to ${error.message})`, error.hint === undefined ? {} : { hint: error.hint });
  }
}

/**
 * Node's http client, loaded on the first remote fetch: not at start-up, because the CLI's
 * startup snapshot renders without the network and cannot load node:http while it is built.
 */
function requestFunction(protocol: string): typeof httpRequest {
  return protocol === 'https:' ? process.getBuiltinModule('node:https').request : process.getBuiltinModule('node:http').request;
}

async function oneHop(url: URL, addresses: readonly ResolvedAddress[], request: FetchRequest, deadline: number): Promise<HopResult> {
  const { bounds } = request;
  const remaining = deadline - performance.now();
  if (remaining <= 0) throw unavailable(url, `no answer within ${bounds.timeoutMs} ms`);
  const send = requestFunction(url.protocol);
  return new Promise<HopResult>((resolve, reject) => {
    const req = send(url, {
      method: 'GET', agent: false, lookup: pinnedLookup(addresses),
      headers: { 'user-agent': BROWSER_USER_AGENT, accept: '*/*', 'accept-encoding': 'identity', ...request.headers },
    }, (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location !== undefined) {
        res.resume();
        resolve({ location });
        return;
      }
      if (status === 304) {
        res.resume();
        resolve({ status, url, headers: res.headers, bytes: new Uint8Array(0) });
        return;
      }
      if (status < 200 || status > 299) {
        res.resume();
        reject(unavailable(url, `the server answered ${status}`));
        return;
      }
      readBody(res, url, bounds.maxBytes).then((bytes) => resolve({ status, url, headers: res.headers, bytes }), reject);
    });
    const total = setTimeout(() => req.destroy(unavailable(url, `no answer within ${bounds.timeoutMs} ms`)), remaining);
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const connect = setTimeout(() => req.destroy(unavailable(url, `no connection within ${bounds.connectTimeoutMs} ms`)), bounds.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(connect));
      socket.once('close', () => clearTimeout(connect));
    });
    req.on('close', () => clearTimeout(total));
    req.on('error', (error) => reject(error instanceof OctavoError ? error : unavailable(url, error.message)));
    req.end();
  });
}

/** The body, refused as soon as it is known to exceed `maxBytes` (its Content-Length, else its bytes). */
function readBody(res: IncomingMessage, url: URL, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = (): OctavoError => unavailable(url, `larger than ${maxBytes} bytes (the remote resource limit)`);
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) res.destroy(tooLarge());
      else chunks.push(chunk);
    });
    res.on('end', () => {
      const body = Buffer.concat(chunks);
      resolve(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
    });
    res.on('error', (error) => reject(error instanceof OctavoError ? error : unavailable(url, error.message)));
    res.on('close', () => { if (!res.complete) reject(unavailable(url, 'the connection closed before the body ended')); });
  });
}
