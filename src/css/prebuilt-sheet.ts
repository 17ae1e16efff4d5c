/**
 * A stylesheet's parsed form made at build time, so that a fresh process need not parse it: the
 * UA stylesheets (cache.ts), which every render uses and a process parsed once, ~40 ms of its first
 * render on a cold parser (bench/README.md, stop 78).
 *
 * The form is the ParsedSheet written as exact JSON (exact-json.ts), its selectors as their text:
 * a selector's matching function is compiled from its text when it is first asked to match (most
 * of the UA sheet's selectors name elements a document does not have). The form is keyed by a
 * hash of the source it was made from: read with another source, it is not used (undefined), and
 * the caller parses the source, which stays the one truth.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { parse } from './values/css-tree-parse.js';
import { parseStylesheet } from './parse.js';
import { compileSelector } from './selectors.js';
import { fromExactJson, toExactJson } from './exact-json.js';
import type { DomElement } from '../dom/types.js';
import type { ParsedSheet, SelectorEntry } from './stylesheet.js';

export interface PrebuiltSheet {
  /** SHA-256 (hex) of the source text the sheet was parsed from. */
  readonly sourceHash: string;
  /** The ParsedSheet as exact JSON, each selector's `match` null. */
  readonly sheet: string;
}

type Match = SelectorEntry['match'];

/** The parsed form of `source` (a sheet without a base URL, in no quirks mode); throws for a sheet it cannot hold. */
export function prebuildSheet(source: string): PrebuiltSheet {
  const parsed = parseStylesheet(source, undefined);
  for (const rule of parsed.rules) {
    for (const entry of rule.selectors) checkCompiledFromText(entry);
  }
  const rules = parsed.rules.map((rule) => ({ ...rule, selectors: rule.selectors.map((entry) => ({ ...entry, match: null })) }));
  return { sourceHash: sourceHash(source), sheet: toExactJson({ ...parsed, rules }) };
}

/** The sheet `prebuilt` holds when it was made from `source`; undefined when it was not (or there is none). */
export function loadPrebuiltSheet(prebuilt: PrebuiltSheet | undefined, source: string): ParsedSheet | undefined {
  if (prebuilt === undefined || prebuilt.sourceHash !== sourceHash(source)) return undefined;
  const sheet = fromExactJson(prebuilt.sheet) as ParsedSheet;
  for (const rule of sheet.rules) {
    for (const entry of rule.selectors) (entry as { match: Match }).match = compiledOnFirstUse(entry.text);
  }
  return sheet;
}

function sourceHash(source: string): string {
  return createHash('sha256').update(source).digest('hex');
}

function compiledOnFirstUse(text: string): Match {
  let match: Match | undefined;
  return (element: DomElement) => (match ??= compiledFromText(text).match)(element);
}

/** The entry compiled again from the selector's text, as the loaded form compiles it. */
function compiledFromText(text: string): SelectorEntry {
  const result = compileSelector(parse(text, { context: 'selector' }));
  if (!result.ok) throw new Error(`prebuilt stylesheet: selector \`${text}\` no longer compiles (${result.message})`);
  return result.entry;
}

/** Throws unless the selector's text compiles to the same entry (its match aside): the loaded form could not stand for it. */
function checkCompiledFromText(entry: SelectorEntry): void {
  const { match: _original, ...fields } = entry;
  const { match: _again, ...again } = compiledFromText(entry.text);
  if (!isDeepStrictEqual(fields, again)) throw new Error(`prebuilt stylesheet: selector \`${entry.text}\` compiles to another entry from its text`);
}
