/**
 * The SSRF guard's parts: the allow-list (an exact origin may reach a private address, a wildcard
 * only public ones), the Cache-Control reading (a property test: any header text gives a lifetime
 * or "do not store", never a throw), and the media type check of each use.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from '../../src/net/address.js';
import { createAllowList, normalizeOrigin } from '../../src/net/allow-list.js';
import { cacheDirectives, conditionalHeaders, freshnessSeconds, toCached } from '../../src/net/http-cache.js';
import { wrongType } from '../../src/net/remote.js';
import { googleFontFamilies } from '../../src/css/google-fonts.js';
import { createEngine } from '../../src/api.js';

describe('allow-list', () => {
  it('lets an exact origin reach any address, a wildcard public addresses only', () => {
    const allow = createAllowList(['http://127.0.0.1:8080', '*']);
    const local = new URL('http://127.0.0.1:8080/a.css');
    expect(allow.allowsOrigin(local)).toBe(true);
    expect(allow.allowsAddress(local, '127.0.0.1')).toBe(true);
    const other = new URL('http://127.0.0.1:8081/a.css');
    expect(allow.allowsOrigin(other)).toBe(true); // by the wildcard…
    expect(allow.allowsAddress(other, '127.0.0.1')).toBe(false); // …which never reaches a private address
    const cdn = new URL('https://cdn.example.com/x.png');
    for (const address of ['93.184.216.34', '2606:4700::1111']) expect(allow.allowsAddress(cdn, address)).toBe(true);
    for (const address of ['10.0.0.1', '169.254.169.254', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '224.0.0.1']) {
      expect(isBlockedAddress(address)).toBe(true);
      expect(allow.allowsAddress(cdn, address)).toBe(false);
    }
  });

  it('allows nothing without entries, and only http(s) origins without credentials', () => {
    const none = createAllowList([]);
    expect(none.empty).toBe(true);
    expect(none.allowsOrigin(new URL('https://fonts.googleapis.com/css2'))).toBe(false);
    const any = createAllowList(['*']);
    expect(any.allowsOrigin(new URL('ftp://example.com/x'))).toBe(false);
    expect(any.allowsOrigin(new URL('https://user:pw@example.com/x'))).toBe(false);
    const one = createAllowList(['https://fonts.googleapis.com']);
    expect(one.allowsOrigin(new URL('https://fonts.googleapis.com/css2?family=Roboto'))).toBe(true);
    expect(one.allowsOrigin(new URL('http://fonts.googleapis.com/css2?family=Roboto'))).toBe(false);
    expect(one.allowsOrigin(new URL('https://fonts.gstatic.com/s/roboto.woff2'))).toBe(false);
  });

  it('refuses entries that are not origins', () => {
    expect(normalizeOrigin('https://Fonts.GoogleAPIs.com/')).toBe('https://fonts.googleapis.com');
    for (const bad of ['fonts.googleapis.com', 'https://x.com/path', 'file:///etc', 'https://u:p@x.com', '']) {
      expect(() => normalizeOrigin(bad)).toThrow(/remote origin/);
    }
  });
});

describe('HTTP caching (RFC 9111)', () => {
  it('reads max-age, s-maxage, no-cache, no-store and Expires', () => {
    expect(freshnessSeconds({ 'cache-control': 'public, max-age=600' })).toBe(600);
    expect(freshnessSeconds({ 'cache-control': 's-maxage=60, max-age=600' })).toBe(60);
    expect(freshnessSeconds({ 'cache-control': 'no-cache, max-age=600' })).toBe(0);
    expect(freshnessSeconds({ 'cache-control': 'no-store' })).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(freshnessSeconds({ expires: 'Thu, 01 Jan 2026 00:10:00 GMT' }, now)).toBe(600);
    expect(freshnessSeconds({})).toBe(0);
  });

  it('revalidates with the ETag, else Last-Modified', () => {
    const bytes = new Uint8Array(1);
    expect(conditionalHeaders(toCached({ etag: '"a"', 'last-modified': 'x' }, bytes, 0)!)).toEqual({ 'if-none-match': '"a"' });
    expect(conditionalHeaders(toCached({ 'last-modified': 'Wed, 21 Oct 2015 07:28:00 GMT' }, bytes, 0)!)).toEqual({ 'if-modified-since': 'Wed, 21 Oct 2015 07:28:00 GMT' });
    expect(conditionalHeaders(toCached({}, bytes, 0)!)).toBeUndefined();
    expect(toCached({ 'cache-control': 'no-store' }, bytes, 0)).toBeUndefined();
  });

  it('any Cache-Control text gives a whole, non-negative lifetime or "do not store", never a throw', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), fc.option(fc.string({ maxLength: 60 })), (cacheControl, expires) => {
      const seconds = freshnessSeconds({ 'cache-control': cacheControl, ...(expires === null ? {} : { expires }) });
      if (seconds !== undefined) expect(Number.isInteger(seconds) && seconds >= 0).toBe(true);
      const directives = cacheDirectives(cacheControl);
      for (const name of directives.keys()) expect(name).toBe(name.trim().toLowerCase());
      if (directives.has('no-store')) expect(seconds).toBeUndefined();
    }), { numRuns: 2_000 });
  });
});

describe('media type by use', () => {
  it('wants text/css for a stylesheet, a font or image type (or none) for the others', () => {
    expect(wrongType('stylesheet', 'text/css; charset=utf-8')).toBeUndefined();
    expect(wrongType('stylesheet', 'text/html')).toMatch(/text\/html is not one of a stylesheet/);
    expect(wrongType('stylesheet', undefined)).toMatch(/\(none\)/);
    for (const type of ['font/woff2', 'application/font-woff', 'application/x-font-ttf', 'application/octet-stream', undefined]) expect(wrongType('font', type)).toBeUndefined();
    expect(wrongType('font', 'text/html')).toBeDefined();
    for (const type of ['image/png', 'image/svg+xml', 'application/octet-stream']) expect(wrongType('image', type)).toBeUndefined();
    expect(wrongType('image', 'text/html; charset=utf-8')).toBeDefined();
  });
});

describe('Google Fonts CSS API families', () => {
  it('reads css (v1) and css2 family parameters, and nothing from other URLs', () => {
    expect(googleFontFamilies('https://fonts.googleapis.com/css2?family=Roboto:wght@400;700&family=Open+Sans:ital@1&display=swap')).toEqual(['Roboto', 'Open Sans']);
    expect(googleFontFamilies('https://fonts.googleapis.com/css?family=Roboto:400,700|Lato&subset=latin')).toEqual(['Roboto', 'Lato']);
    expect(googleFontFamilies('https://fonts.example.com/css2?family=Roboto')).toEqual([]);
    expect(googleFontFamilies('https://fonts.googleapis.com/icon?family=Material+Icons')).toEqual([]);
    expect(googleFontFamilies('not a url')).toEqual([]);
  });
});

describe('the remote engine option', () => {
  it('is checked when the engine is made', () => {
    expect(() => createEngine({ remote: { allow: ['fonts.googleapis.com'] } })).toThrow(/invalid option remote\.allow: remote origin 'fonts\.googleapis\.com' is not a URL/);
    expect(() => createEngine({ remote: { allow: ['*'], maxBytes: 0 } })).toThrow(/invalid option remote\.maxBytes: expected a positive whole number/);
    expect(() => createEngine({ remote: { allow: ['*'], timeout: 5 } as never })).toThrow(/invalid option remote\.timeout: unknown option/);
    expect(() => createEngine({ remote: { allow: 'https://x.com' } as never })).toThrow(/invalid option remote\.allow: expected an array of origins/);
    expect(() => createEngine({ remote: { allow: ['https://fonts.googleapis.com', '*'], maxConcurrent: 2 } })).not.toThrow();
  });
});
