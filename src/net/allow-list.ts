/**
 * Which remote origins a render may fetch from (`--allow-remote ORIGIN`, engine option
 * `remote.allow`). An origin is `scheme://host[:port]` as `URL.origin` spells it; `*` allows any
 * public host over http or https. A wildcard never reaches a private, loopback or reserved address
 * (address.ts): only an origin named exactly may, which is how a test or an intranet asset server
 * is allowed (`http://127.0.0.1:8080`).
 */
import { OctavoError } from '../errors.js';
import { isBlockedAddress } from './address.js';

export interface AllowList {
  /** True when the URL's origin may be asked at all (before its address is known). */
  allowsOrigin(url: URL): boolean;
  /** True when the URL may connect to `address` (an exact origin may reach any address). */
  allowsAddress(url: URL, address: string): boolean;
  readonly empty: boolean;
}

/** The canonical form of one allow-list entry; an `invalid_options` error for anything else. */
export function normalizeOrigin(entry: string): string {
  const trimmed = entry.trim();
  if (trimmed === '*') return '*';
  if (!URL.canParse(trimmed)) throw new OctavoError('invalid_options', `remote origin '${entry}' is not a URL (write e.g. https://cdn.example.com, or * for any public host)`);
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OctavoError('invalid_options', `remote origin '${entry}' must be http or https`);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new OctavoError('invalid_options', `remote origin '${entry}' must be an origin only (scheme://host[:port]), without path, query or credentials`);
  }
  return url.origin;
}

export function createAllowList(entries: readonly string[]): AllowList {
  const origins = new Set(entries.map(normalizeOrigin));
  const wildcard = origins.delete('*');
  const webScheme = (url: URL): boolean => url.protocol === 'http:' || url.protocol === 'https:';
  return {
    empty: origins.size === 0 && !wildcard,
    allowsOrigin: (url) => webScheme(url) && url.username === '' && url.password === '' && (wildcard || origins.has(url.origin)),
    allowsAddress: (url, address) => origins.has(url.origin) || (wildcard && !isBlockedAddress(address)),
  };
}
