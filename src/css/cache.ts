/**
 * The engine-lifetime cache of parsed stylesheets, keyed by base URL and source text, and the
 * user-agent stylesheet, read from `ua.css` beside this module and parsed once per process.
 */
import { readFileSync } from 'node:fs';
import { parseStylesheet } from './parse.js';
import type { ParsedSheet, Stylesheet } from './stylesheet.js';
import { ALWAYS } from './media.js';
import { BoundedCache } from '../cache/bounded.js';

export interface StylesheetCache {
  /** The parsed form of `source` (parsed at most once per cache while it stays cached). */
  parse(source: string, baseUrl: string | undefined): ParsedSheet;
  readonly size: number;
}

/** Entries kept before the least recently used ones are dropped. */
const MAX_ENTRIES = 256;

export function createStylesheetCache(maxEntries = MAX_ENTRIES): StylesheetCache {
  const entries = new BoundedCache<string, ParsedSheet>('css.stylesheets', maxEntries);
  return {
    parse(source, baseUrl) {
      const key = `${baseUrl ?? ''}\u0000${source}`;
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const parsed = parseStylesheet(source, baseUrl);
      entries.set(key, parsed);
      return parsed;
    },
    get size() {
      return entries.size;
    },
  };
}

let userAgentSheet: Stylesheet | undefined;

/** The UA stylesheet (HTML §15 rendering), parsed once per process. */
export function userAgentStylesheet(): Stylesheet {
  if (userAgentSheet === undefined) {
    const url = new URL('./ua.css', import.meta.url);
    const parsed = parseStylesheet(readFileSync(url, 'utf8'), undefined);
    userAgentSheet = { origin: 'user-agent', url: undefined, file: 'ua.css', lineOffset: 0, media: [ALWAYS], parsed };
  }
  return userAgentSheet;
}
