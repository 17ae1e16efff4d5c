/**
 * Remote resources of an engine (`remote` engine option, `--allow-remote`): the allow-list, the
 * bounds, a response cache shared by every render of the engine, and a limit on fetches running at
 * once. Each render takes a `session`, which counts the remote bytes that render used against
 * `maxBytesPerRender`. Answers are checked against their use by media type (a stylesheet must be
 * `text/css`, as browsers require of one in standards mode; a font or an image may also come as
 * `application/octet-stream` or without a type, and is then recognised by its bytes).
 */
import { BoundedCache } from '../cache/bounded.js';
import { OctavoError } from '../errors.js';
import type { RemoteOptions } from '../options.js';
import type { AllowList } from './allow-list.js';
import { createAllowList } from './allow-list.js';
import type { FetchBounds } from './fetch.js';
import { guardedFetch, notAllowed } from './fetch.js';
import type { CachedResponse } from './http-cache.js';
import { conditionalHeaders, revalidated, toCached } from './http-cache.js';

export type RemoteUse = 'stylesheet' | 'font' | 'image';

export const DEFAULT_REMOTE: Required<Omit<RemoteOptions, 'allow'>> = {
  connectTimeoutMs: 5_000,
  timeoutMs: 15_000,
  maxBytes: 10 * 1024 * 1024,
  maxBytesPerRender: 50 * 1024 * 1024,
  maxConcurrent: 8,
  maxRedirects: 5,
};

/** Responses kept across renders: at most this many, each at most CACHEABLE_BYTES (128 MiB in all). */
const CACHE_ENTRIES = 128;
const CACHEABLE_BYTES = 1024 * 1024;

export interface RemoteSession {
  /** True when the allow-list names the URL's origin (its address is checked when it is fetched). */
  allowsOrigin(url: URL): boolean;
  /** The bytes of `url` for `use`, at most `maxBytes` (and the remote bounds); OctavoError otherwise. */
  fetch(url: URL, use: RemoteUse, maxBytes: number): Promise<Uint8Array>;
}

export interface RemoteFetcher {
  readonly allow: AllowList;
  /** A render's view: its own byte budget over the shared cache and connections. */
  session(): RemoteSession;
}

const TYPES: Readonly<Record<RemoteUse, RegExp>> = {
  stylesheet: /^text\/css$/,
  font: /^(font\/|application\/(x-)?font|application\/(octet-stream|vnd\.ms-fontobject)$|binary\/octet-stream$)/,
  image: /^(image\/|application\/octet-stream$|binary\/octet-stream$)/,
};

/** Why an answer of `contentType` may not be used as `use`, or undefined when it may. */
export function wrongType(use: RemoteUse, contentType: string | undefined): string | undefined {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (essence === '' && use !== 'stylesheet') return undefined;
  return TYPES[use].test(essence) ? undefined : `its type ${essence === '' ? '(none)' : essence} is not one of a ${use}`;
}

/** A counting semaphore: at most `size` fetches at once, the others wait in order. */
function limiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export function createRemoteFetcher(options: RemoteOptions): RemoteFetcher {
  const allow = createAllowList(options.allow);
  const settings = { ...DEFAULT_REMOTE, ...definedOnly(options) };
  const cache = new BoundedCache<string, CachedResponse>('net.remote-responses', CACHE_ENTRIES);
  const limit = limiter(settings.maxConcurrent);

  async function load(url: URL, maxBytes: number): Promise<CachedResponse> {
    const key = url.href;
    const stored = cache.get(key);
    if (stored !== undefined && stored.freshUntil > performance.now()) return stored;
    const bounds: FetchBounds = { ...settings, maxBytes: Math.min(maxBytes, settings.maxBytes) };
    const conditional = stored === undefined ? undefined : conditionalHeaders(stored);
    const response = await limit(() => guardedFetch({ url, allow, bounds, ...(conditional === undefined ? {} : { headers: conditional }) }));
    if (response.status === 304 && stored !== undefined) {
      const refreshed = revalidated(stored, response.headers, performance.now());
      if (refreshed === undefined) cache.delete(key);
      else cache.set(key, refreshed);
      return refreshed ?? stored;
    }
    const fresh = toCached(response.headers, response.bytes, performance.now());
    const entry = fresh ?? { bytes: response.bytes, contentType: response.headers['content-type'], freshUntil: 0, etag: undefined, lastModified: undefined };
    if (fresh !== undefined && response.bytes.byteLength <= CACHEABLE_BYTES) cache.set(key, fresh);
    else cache.delete(key);
    return entry;
  }

  function session(): RemoteSession {
    let used = 0;
    return {
      allowsOrigin: (url) => allow.allowsOrigin(url),
      async fetch(url, use, maxBytes) {
        if (!allow.allowsOrigin(url)) throw notAllowed(url, allow.empty ? 'remote resources are not allowed' : `remote resources from ${url.origin} are not allowed`);
        const entry = await load(url, maxBytes);
        const why = wrongType(use, entry.contentType);
        if (why !== undefined) throw new OctavoError('resource_not_found', `${url.href}: ${why}`);
        if (entry.bytes.byteLength > maxBytes) throw new OctavoError('resource_not_found', `${url.href}: larger than ${maxBytes} bytes`);
        used += entry.bytes.byteLength;
        if (used > settings.maxBytesPerRender) {
          throw new OctavoError('resource_not_found', `${url.href}: the render's remote resources exceed ${settings.maxBytesPerRender} bytes (remote.maxBytesPerRender)`);
        }
        return entry.bytes;
      },
    };
  }

  return { allow, session };
}

function definedOnly(options: RemoteOptions): Partial<typeof DEFAULT_REMOTE> {
  return Object.fromEntries(Object.entries(options).filter(([name, value]) => name !== 'allow' && value !== undefined)) as Partial<typeof DEFAULT_REMOTE>;
}
