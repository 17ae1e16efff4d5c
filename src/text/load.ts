/**
 * `@font-face` loading (CSS Fonts 4 §4.3 `src`): each rule's sources are tried in order and the
 * first that loads and parses wins. Parsed fonts are cached process-wide by content hash, so the
 * same file is parsed once across renders and keeps a stable, hash-based face id (which keeps the
 * engine's shaping caches warm).
 */
import { createHash } from 'node:crypto';
import type { FontFaceRule } from '../css/types.js';
import type { Diagnostics } from '../diagnostics.js';
import type { SourceLocation } from '../errors.js';
import type { UrlOrigins } from '../dom/url-origins.js';
import { sayAsWritten } from '../dom/url-origins.js';
import { isOctavoError } from '../errors.js';
import { isUnavailableResource } from '../limits.js';
import { BoundedCache } from '../cache/bounded.js';
import { isUnchanging, sha1Hex } from '../cache/content-digest.js';
import type { FaceEntry } from './face.js';
import { safeKey } from './face.js';
import type { FontProgram } from './fontkit.js';
import { parseFontBytes } from './fontkit.js';
import { variationAxes } from './variation.js';
import { maxOf, minOf } from '../append-all.js';

/** A face of an `@font-face` rule whose font loaded; a FaceEntry with where it came from. */
export interface LoadedFontFace extends FaceEntry {
  readonly url: string;
  /** sha1 of the font bytes. */
  readonly hash: string;
  /** Where warnings about the font point: its rule, and its URL as the author wrote it (set by loadFontFaces). */
  readonly rule?: FontSourceRule;
}

/** The `@font-face` rule a face came from, as warnings about its font name it. */
export interface FontSourceRule {
  /** The source's URL as written (a data: URL shortened), or `local(name)`. */
  readonly written: string;
  readonly where: SourceLocation;
}

type Parsed = { readonly program: FontProgram } | { readonly error: string };

/** sha1 -> parsed font (or why it is not one); shared by every engine of the process. */
const parsedByHash = new BoundedCache<string, Parsed>('text.parsed-fonts', 64);

/**
 * The bytes last loaded from a URL and their sha1: a document loads the same font files on every
 * render, and comparing the new bytes with these (memcmp) costs a tenth of hashing them again
 * (1.5 MB of fonts per bench invoice: ~2 ms of SHA-1 a render). Equal bytes have the same hash, so
 * a changed file is hashed (and parsed) anew. The bytes kept are those the parsed font holds too
 * (fontkit reads its tables from them lazily, so they are never changed once loaded). data: URLs
 * are hashed each time: their bytes come from the URL itself, a key as long as the font.
 */
const hashByUrl = new BoundedCache<string, { readonly bytes: Uint8Array; readonly hash: string }>('text.font-hash-by-url', 64);

/** The sha1 of a font's bytes (hex), reused when the URL gave the same bytes before. */
export function fontHash(url: string, bytes: Uint8Array): string {
  // data: URLs, and a file's cached bytes (their digest kept beside them)
  if (url.startsWith('data:') || isUnchanging(bytes)) return sha1Hex(bytes);
  const known = hashByUrl.get(url);
  if (known !== undefined && known.bytes.byteLength === bytes.byteLength && Buffer.compare(known.bytes, bytes) === 0) return known.hash;
  const hash = sha1Hex(bytes);
  hashByUrl.set(url, { bytes, hash });
  return hash;
}

/**
 * `src` formats octavo can use (CSS Fonts 4 §4.3.1). A source with another format hint
 * (embedded-opentype, svg) is skipped without being fetched, as browsers do.
 */
const SUPPORTED_FORMATS = new Set([
  'truetype', 'opentype', 'woff', 'woff2', 'collection',
  'truetype-variations', 'opentype-variations', 'woff-variations', 'woff2-variations',
]);

/**
 * Loads the faces of the `@font-face` rules. With `used` (the code points the document may
 * print), a rule whose `unicode-range` holds none of them is not loaded at all: a web font split
 * into subsets (Google Fonts: latin, latin-ext, cyrillic, greek, vietnamese…) costs only the
 * subsets the text needs, as in browsers (CSS Fonts 4 §4.5). A face that cannot be had — missing,
 * refused, unreachable, not a font — is skipped with one `font` warning per family, however many
 * of its subsets failed; text falls back to the next family.
 */
export async function loadFontFaces(
  rules: readonly FontFaceRule[],
  loadBytes: (url: string) => Promise<Uint8Array>,
  diagnostics: Diagnostics,
  where: { readonly used?: ReadonlySet<number> | undefined; readonly origins?: UrlOrigins; readonly local?: LocalFonts } = {},
): Promise<LoadedFontFace[]> {
  const { used, origins } = where;
  const needed = used === undefined ? rules : rules.filter((rule) => coversAny(rule.unicodeRange, used));
  const loaded = await Promise.all(needed.map((rule) => loadRule(rule, loadBytes, where.local)));
  const failedByFamily = new Map<string, { failures: string[]; url: string | undefined; rule: FontFaceRule }>();
  for (const result of loaded) {
    if (!('failure' in result)) continue;
    const family = failedByFamily.get(result.family) ?? { failures: [], url: result.url, rule: result.rule };
    family.failures.push(result.failure);
    failedByFamily.set(result.family, family);
  }
  for (const [family, { failures, url, rule }] of failedByFamily) {
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more of its @font-face rules)` : '';
    diagnostics.warn('font', `@font-face "${family}" was ignored: ${asWritten(failures[0] ?? '', rule, origins)}${more}`, ruleLocation(rule, url, origins));
  }
  const faces: LoadedFontFace[] = [];
  for (const [index, face] of loaded.entries()) {
    if ('failure' in face) continue;
    const rule = needed[index]!;
    const written = face.url.startsWith('data:') ? describeUrl(face.url) : sayAsWritten(face.url, face.url, origins);
    faces.push({ ...face, rule: { written, where: ruleLocation(rule, face.url, origins) } });
  }
  return faces;
}

/** Where a warning about a rule's font points: where its URL was written (a <style> element, a linked stylesheet), else at the rule. */
function ruleLocation(rule: FontFaceRule, url: string | undefined, origins: UrlOrigins | undefined): SourceLocation {
  return (url === undefined || url.startsWith('local(') ? undefined : origins?.get(url)?.where) ?? rule.where ?? {};
}

/**
 * The fonts `local()` can name (CSS Fonts 4 §4.3.2: a font's full name or PostScript name): the
 * installed ones and the engine's extra fonts; undefined when the engine looks at none.
 */
export type LocalFonts = (name: string) => FaceEntry | undefined;

/** A failure said with each URL of the rule as the author wrote it. */
function asWritten(failure: string, rule: FontFaceRule, origins: UrlOrigins | undefined): string {
  let said = failure;
  for (const source of rule.sources) {
    if ('url' in source) said = sayAsWritten(said, source.url, origins);
  }
  return said;
}

/** True when the range (empty: every code point) holds one of `used`. */
function coversAny(range: FontFaceRule['unicodeRange'], used: ReadonlySet<number>): boolean {
  if (range.length === 0) return true;
  for (const codePoint of used) if (range.some(([from, to]) => codePoint >= from && codePoint <= to)) return true;
  return false;
}

async function loadRule(
  rule: FontFaceRule,
  loadBytes: (url: string) => Promise<Uint8Array>,
  local: LocalFonts | undefined,
): Promise<LoadedFontFace | { readonly family: string; readonly failure: string; readonly url: string | undefined; readonly rule: FontFaceRule }> {
  const failures: string[] = [];
  for (const source of rule.sources) {
    if ('local' in source) {
      const found = localFace(rule, source.local, local);
      if ('failure' in found) failures.push(found.failure);
      else return found;
      continue;
    }
    const format = source.format?.trim().toLowerCase();
    if (format !== undefined && !SUPPORTED_FORMATS.has(format)) {
      failures.push(`${describeUrl(source.url)}: format "${source.format}" is not supported`);
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = await loadBytes(source.url);
    } catch (error) {
      // a limit of the render ends it; one font too big is left out as a missing one is
      if (isOctavoError(error) && error.code === 'limit_exceeded' && !isUnavailableResource(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      failures.push(reason.includes(source.url) ? reason : `${describeUrl(source.url)}: ${reason}`);
      continue;
    }
    const hash = fontHash(source.url, bytes);
    const parsed = parseCached(hash, bytes);
    if ('error' in parsed) {
      failures.push(`${describeUrl(source.url)}: not a usable font (${parsed.error})`);
      continue;
    }
    return toLoadedFace(rule, source.url, hash, parsed.program);
  }
  const firstUrl = rule.sources.find((source) => 'url' in source);
  return { family: rule.family, failure: failures.length > 0 ? failures.join('; ') : 'it has no src', url: firstUrl !== undefined && 'url' in firstUrl ? firstUrl.url : undefined, rule };
}

/** `local(name)`: the installed (or extra) face of that full or PostScript name, as this rule's face. */
function localFace(rule: FontFaceRule, name: string, local: LocalFonts | undefined): LoadedFontFace | { readonly failure: string } {
  const entry = local?.(name);
  if (entry === undefined) return { failure: `local("${name}"): ${local === undefined ? 'installed fonts are not used (systemFonts: false)' : 'no installed font has this name'}` };
  let program: FontProgram;
  try {
    program = entry.program();
  } catch (error) {
    return { failure: `local("${name}"): not a usable font (${error instanceof Error ? error.message : String(error)})` };
  }
  const hash = createHash('sha1').update(`local\u0000${entry.key}`).digest('hex');
  return toLoadedFace(rule, `local(${name})`, hash, program);
}

function parseCached(hash: string, bytes: Uint8Array): Parsed {
  let parsed = parsedByHash.get(hash);
  if (parsed === undefined) {
    try {
      parsed = { program: parseFontBytes(bytes)[0] as FontProgram };
    } catch (error) {
      parsed = { error: error instanceof Error ? error.message : String(error) };
    }
    parsedByHash.set(hash, parsed);
  }
  return parsed;
}

function toLoadedFace(rule: FontFaceRule, url: string, hash: string, program: FontProgram): LoadedFontFace {
  const descriptors = [
    rule.family.trim().toLowerCase(),
    rule.weight.join('-'),
    rule.style,
    rule.stretch.join('-'),
    rule.unicodeRange.map(([from, to]) => `${from}-${to}`).join(','),
    // only when written: the keys (PDF font names) of other rules stay as they were
    ...(rule.variations === undefined ? [] : [rule.variations.map(({ tag, value }) => `${tag}=${value}`).join(',')]),
    ...(rule.metricOverrides === undefined ? [] : [JSON.stringify(rule.metricOverrides)]),
  ].join('|');
  const descriptorHash = createHash('sha1').update(descriptors).digest('hex').slice(0, 8);
  // `auto` descriptors take a variable font's own axis ranges (CSS Fonts 4 §4.4), as Chromium does
  const axes = variationAxes(program);
  const wght = rule.autoWeight === true ? axes?.['wght'] : undefined;
  const wdth = rule.autoStretch === true ? axes?.['wdth'] : undefined;
  const weight: readonly [number, number] = wght === undefined ? [minOf(rule.weight), maxOf(rule.weight)] : [wght.min, wght.max];
  const stretch: readonly [number, number] = wdth === undefined ? [minOf(rule.stretch), maxOf(rule.stretch)] : [wdth.min, wdth.max];
  return {
    family: rule.family,
    weight,
    style: rule.style,
    stretch,
    unicodeRange: rule.unicodeRange,
    ...(rule.variations === undefined ? {} : { variations: rule.variations }),
    ...(rule.metricOverrides === undefined ? {} : { metricOverrides: rule.metricOverrides }),
    key: `F${hash.slice(0, 12)}_${descriptorHash}_${safeKey(program.postscriptName ?? 'font').slice(0, 32)}`,
    program: () => program,
    declared: true,
    url,
    hash,
  };
}

/** URLs in messages: data: URLs shortened to their media type. */
function describeUrl(url: string): string {
  if (url.startsWith('data:')) {
    const comma = url.indexOf(',');
    return `${url.slice(0, Math.min(comma === -1 ? url.length : comma, 40))},…`;
  }
  return url;
}
