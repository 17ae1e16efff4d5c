/**
 * The engine-lifetime cache of parsed stylesheets, keyed by base URL and source text, and the
 * user-agent stylesheets, read from `ua.css` and `ua-quirks.css` beside this module once per
 * process: parsed, or taken from the form the bundle holds (ua-prebuilt.ts) when it was made from
 * the text read.
 */
import { readFileSync } from 'node:fs';
import { parseStylesheet } from './parse.js';
import type { ParsedSheet, Stylesheet } from './stylesheet.js';
import { ALWAYS } from './media.js';
import { BoundedCache } from '../cache/bounded.js';
import { markQuirkyMargins } from './quirky-margins.js';
import { loadPrebuiltSheet, prebuildSheet, type PrebuiltSheet } from './prebuilt-sheet.js';
import { UA_PREBUILT_SHEETS } from './ua-prebuilt.js';

export interface StylesheetCache {
  /** The parsed form of `source` (parsed at most once per cache while it stays cached); `quirks`: for a document in quirks mode. */
  parse(source: string, baseUrl: string | undefined, quirks?: boolean): ParsedSheet;
  readonly size: number;
}

/** Entries kept before the least recently used ones are dropped. */
const MAX_ENTRIES = 256;

export function createStylesheetCache(maxEntries = MAX_ENTRIES): StylesheetCache {
  const entries = new BoundedCache<string, ParsedSheet>('css.stylesheets', maxEntries);
  return {
    parse(source, baseUrl, quirks = false) {
      const key = `${quirks ? 'q' : ''}${baseUrl ?? ''}\u0000${source}`;
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const parsed = parseStylesheet(source, baseUrl, quirks);
      entries.set(key, parsed);
      return parsed;
    },
    get size() {
      return entries.size;
    },
  };
}

let userAgentSheet: Stylesheet | undefined;
let quirksSheet: Stylesheet | undefined;

/** The UA stylesheet (HTML §15 rendering), parsed once per process. */
export function userAgentStylesheet(): Stylesheet {
  if (userAgentSheet === undefined) {
    userAgentSheet = readUserAgentSheet('ua.css');
    markQuirkyMargins(userAgentSheet.parsed);
  }
  return userAgentSheet;
}

/** The UA rules a document in quirks mode adds (HTML §15.3, Chromium's quirks.css), parsed once per process. */
export function quirksStylesheet(): Stylesheet {
  quirksSheet ??= readUserAgentSheet('ua-quirks.css');
  return quirksSheet;
}

const USER_AGENT_FILES = ['ua.css', 'ua-quirks.css'] as const;

/** The UA stylesheets' parsed forms, by file name: what the build puts in a bundle's ua-prebuilt.ts. */
export function prebuildUserAgentSheets(): Record<string, PrebuiltSheet> {
  return Object.fromEntries(USER_AGENT_FILES.map((file) => [file, prebuildSheet(userAgentSource(file))]));
}

function userAgentSource(file: (typeof USER_AGENT_FILES)[number]): string {
  return readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
}

function readUserAgentSheet(file: (typeof USER_AGENT_FILES)[number]): Stylesheet {
  const source = userAgentSource(file);
  const parsed = loadPrebuiltSheet(UA_PREBUILT_SHEETS[file], source) ?? parseStylesheet(source, undefined);
  return { origin: 'user-agent', url: undefined, file, lineOffset: 0, media: [ALWAYS], parsed };
}
