/**
 * A template's own locale and time zone, read from its root element before it runs:
 * `<html lang="de-DE" data-time-zone="Europe/Berlin">`. The values may themselves be mustaches
 * (`lang="{{locale}}"`); the caller fills those in.
 */
import { BoundedCache } from '../cache/bounded.js';

const HTML_TAG = /<html\b[^>]*>/i;

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (match === null) return undefined;
  return (match[1] ?? match[2] ?? match[3] ?? '').trim();
}

export interface DocumentSettings {
  readonly lang?: string;
  readonly timeZone?: string;
}

/** Answers already found, by `<html>` tag, locale or zone text (every render of a template asks again). */
const remembered = {
  settings: new BoundedCache<string, { readonly value: DocumentSettings }>('template.document-settings', 256),
  locales: new BoundedCache<string, { readonly value: string | undefined }>('template.locales', 256),
  zones: new BoundedCache<string, { readonly value: string | undefined }>('template.time-zones', 256),
};

/** The answer for `key`, found once (wrapped: undefined is an answer too). */
function remember<T>(cache: BoundedCache<string, { readonly value: T }>, key: string, find: (key: string) => T): T {
  const known = cache.get(key);
  if (known !== undefined) return known.value;
  const value = find(key);
  cache.set(key, { value });
  return value;
}

export function documentSettings(source: string): DocumentSettings {
  const tag = HTML_TAG.exec(source)?.[0];
  return tag === undefined ? {} : remember(remembered.settings, tag, readSettings);
}

function readSettings(tag: string): DocumentSettings {
  const lang = attribute(tag, 'lang');
  const timeZone = attribute(tag, 'data-time-zone');
  return { ...(lang ? { lang } : {}), ...(timeZone ? { timeZone } : {}) };
}

/** A usable BCP 47 locale, or undefined (an empty or malformed `lang` falls back to the default). */
export function validLocale(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  return remember(remembered.locales, value, canonicalLocale);
}

function canonicalLocale(value: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(value)[0];
  } catch {
    return undefined;
  }
}

/** A time zone Intl knows, or undefined. */
export function validTimeZone(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  return remember(remembered.zones, value, canonicalZone);
}

function canonicalZone(value: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
