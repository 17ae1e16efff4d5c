/**
 * How long a response may be reused without asking again, and how to ask again (RFC 9111): a
 * response is stored unless `Cache-Control: no-store`; it is fresh for `max-age` seconds
 * (`s-maxage` first: the cache is shared by every render of the process), else until `Expires`,
 * else not at all (no heuristic freshness: a stale entry costs one conditional request). A stale
 * entry with an `ETag` or `Last-Modified` is revalidated (`If-None-Match`, `If-Modified-Since`);
 * a 304 makes it fresh again with the new answer's lifetime.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface CachedResponse {
  readonly bytes: Uint8Array;
  readonly contentType: string | undefined;
  /** `performance.now()` time until which it is fresh. */
  readonly freshUntil: number;
  readonly etag: string | undefined;
  readonly lastModified: string | undefined;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The directives of a Cache-Control header, lower-cased, with their values (unquoted). */
export function cacheDirectives(value: string | undefined): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of (value ?? '').split(',')) {
    const [name = '', ...rest] = part.split('=');
    const key = name.trim().toLowerCase();
    if (key !== '') directives.set(key, rest.join('=').trim().replace(/^"(.*)"$/, '$1'));
  }
  return directives;
}

/** Seconds of freshness the headers give; 0 when none (or `no-cache`); undefined for `no-store`. */
export function freshnessSeconds(headers: IncomingHttpHeaders, now = Date.now()): number | undefined {
  const directives = cacheDirectives(header(headers, 'cache-control'));
  if (directives.has('no-store')) return undefined;
  if (directives.has('no-cache')) return 0;
  for (const name of ['s-maxage', 'max-age']) {
    const value = directives.get(name);
    if (value !== undefined && /^\d+$/.test(value)) return Number(value);
  }
  const expires = Date.parse(header(headers, 'expires') ?? '');
  return Number.isFinite(expires) ? Math.max(0, Math.floor((expires - now) / 1000)) : 0;
}

/** The entry for a 200 answer, or undefined when it may not be stored. */
export function toCached(headers: IncomingHttpHeaders, bytes: Uint8Array, clock: number): CachedResponse | undefined {
  const seconds = freshnessSeconds(headers);
  if (seconds === undefined) return undefined;
  return {
    bytes,
    contentType: header(headers, 'content-type'),
    freshUntil: clock + seconds * 1000,
    etag: header(headers, 'etag'),
    lastModified: header(headers, 'last-modified'),
  };
}

/** The stored entry made fresh by a 304 (its headers may give a new lifetime and validators). */
export function revalidated(entry: CachedResponse, headers: IncomingHttpHeaders, clock: number): CachedResponse | undefined {
  const seconds = freshnessSeconds(headers);
  if (seconds === undefined) return undefined;
  return { ...entry, freshUntil: clock + seconds * 1000, etag: header(headers, 'etag') ?? entry.etag, lastModified: header(headers, 'last-modified') ?? entry.lastModified };
}

/** The conditional headers that revalidate `entry`, or undefined when it has no validator. */
export function conditionalHeaders(entry: CachedResponse): Record<string, string> | undefined {
  if (entry.etag !== undefined) return { 'if-none-match': entry.etag };
  if (entry.lastModified !== undefined) return { 'if-modified-since': entry.lastModified };
  return undefined;
}
