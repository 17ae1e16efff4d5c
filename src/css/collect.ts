/**
 * Gathers the stylesheets of a document in cascade order (CSS Cascade 4 §6.2 "document order"):
 * the UA sheet, then `<style>` and `<link rel=stylesheet>` in tree order, each preceded by the
 * sheets it `@import`s (recursively, cycle-safe).
 */
import type { Diagnostics } from '../diagnostics.js';
import type { DomDocument, DomElement, DomNode, DomParent } from '../dom/types.js';
import { childText } from '../dom/types.js';
import { isUnavailableResource } from '../limits.js';
import { refusedStylesheetUrl } from '../stylesheet-urls.js';
import type { StylesheetCache } from './cache.js';
import { quirksStylesheet, userAgentStylesheet } from './cache.js';
import type { MediaPredicate } from './media.js';
import { compileMediaText } from './media.js';
import type { LayerPath, ParsedSheet, Stylesheet } from './stylesheet.js';
import { placeInFile } from './stylesheet.js';
import { sheetIdentity } from './layers.js';
import { reportWarning } from './warnings.js';
import { googleFontFamilies } from './google-fonts.js';
import { appendAll } from '../append-all.js';

export interface CollectContext {
  readonly baseUrl: string | undefined;
  loadText(url: string): Promise<string>;
  readonly cache: StylesheetCache;
  readonly diagnostics: Diagnostics;
  /** Receives the families of web-font stylesheets that could not be had (each already warned about here). */
  readonly fallenBack?: Set<string>;
  /** Set from the document's mode: its sheets are read as quirks mode reads them (values/quirky-values.ts). */
  readonly quirks?: boolean;
}

type Source =
  | { readonly kind: 'style'; readonly element: DomElement }
  | { readonly kind: 'link'; readonly element: DomElement; readonly href: string };

/** `<style>` and `<link rel=stylesheet>` elements in tree order (skipping `<template>` contents). */
function findSources(root: DomParent): Source[] {
  const sources: Source[] = [];
  visitSources(root.children, sources);
  return sources;
}

/** Module-level, not a closure made per call: a closure's optimised code dies with it at each full GC. */
function visitSources(children: readonly DomNode[], sources: Source[]): void {
  for (const node of children) {
    if (node.type !== 'tag' && node.type !== 'style') continue;
    const element = node as DomElement;
    const name = element.name;
    if (name === 'template') continue;
    if (name === 'style' && isCssType(element.attribs['type'])) sources.push({ kind: 'style', element });
    else if (name === 'link' && element.attribs['href'] !== undefined && isStylesheetLink(element)) {
      sources.push({ kind: 'link', element, href: element.attribs['href'] });
    }
    if (element.children.length > 0) visitSources(element.children, sources);
  }
}

function isCssType(type: string | undefined): boolean {
  return type === undefined || type.trim() === '' || type.trim().toLowerCase() === 'text/css';
}

function isStylesheetLink(element: DomElement): boolean {
  const rel = (element.attribs['rel'] ?? '').toLowerCase().split(/\s+/);
  return rel.includes('stylesheet') && !rel.includes('alternate') && isCssType(element.attribs['type']);
}

function mediaAttribute(element: DomElement): MediaPredicate[] {
  const media = element.attribs['media'];
  if (media === undefined || media.trim() === '') return [];
  return [compileMediaText(media)];
}

/**
 * The base URL each document's stylesheets were collected with, so that `cascade` can resolve
 * `url()` in `style` attributes when its caller does not pass one.
 */
const documentBaseUrls = new WeakMap<DomDocument, string>();

export function collectedBaseUrl(dom: DomDocument): string | undefined {
  return documentBaseUrls.get(dom);
}

export async function collectStylesheets(dom: DomDocument, collect: CollectContext): Promise<Stylesheet[]> {
  const ctx = dom.mode === 'quirks' ? { ...collect, quirks: true } : collect;
  if (ctx.baseUrl !== undefined) documentBaseUrls.set(dom, ctx.baseUrl);
  const lists = await Promise.all(findSources(dom.root).map((source) => loadSource(source, dom, ctx)));
  const sheets = dom.mode === 'quirks' ? [userAgentStylesheet(), quirksStylesheet()] : [userAgentStylesheet()];
  for (const list of lists) appendAll(sheets, list);
  for (const sheet of sheets) replayWarnings(sheet, ctx.diagnostics);
  return sheets;
}

async function loadSource(source: Source, dom: DomDocument, ctx: CollectContext): Promise<Stylesheet[]> {
  const media = mediaAttribute(source.element);
  if (source.kind === 'style') {
    const first = source.element.children[0];
    const offset = first?.startIndex ?? source.element.startIndex;
    const start = offset === null || offset === undefined ? undefined : dom.locate(offset);
    const parsed = ctx.cache.parse(childText(source.element), ctx.baseUrl, ctx.quirks);
    // CSS that starts on the line of its <style> tag: its first line's columns are counted from the tag's line start
    const place = start === undefined ? { lineOffset: 0 } : { lineOffset: start.line - 1, columnOffset: start.column - 1 };
    const sheet: Stylesheet = { origin: 'author', url: undefined, file: dom.sourceName, ...place, media, parsed };
    return withImports(sheet, ctx, new Set());
  }
  if (source.href.trim() === '') {
    // HTML §4.6.7: an empty href fetches nothing (it would name the document itself)
    const at = source.element.startIndex !== null ? dom.locate(source.element.startIndex) : undefined;
    ctx.diagnostics.warn('resource', '`<link rel="stylesheet">` has an empty `href`: no stylesheet is loaded', { file: dom.sourceName, ...at });
    return [];
  }
  let url: string;
  try {
    url = new URL(source.href, ctx.baseUrl).href;
  } catch {
    const line = source.element.startIndex !== null ? dom.locate(source.element.startIndex).line : undefined;
    ctx.diagnostics.warn('resource', `cannot resolve stylesheet \`${source.href}\` without a base directory`, { file: dom.sourceName, line });
    return [];
  }
  return loadFile(ctx, { url, media, chain: new Set(), from: { file: dom.sourceName, element: source.element, dom } });
}

interface Referrer {
  readonly file: string;
  readonly line?: number;
  readonly column?: number | undefined;
  readonly element?: DomElement;
  readonly dom?: DomDocument;
}

/** A stylesheet to load: its URL, the media it applies to, the URLs importing it, who refers to it, its layer. */
interface SheetRequest {
  readonly url: string;
  readonly media: MediaPredicate[];
  readonly chain: ReadonlySet<string>;
  readonly from: Referrer;
  readonly layer?: LayerPath | undefined;
}

async function loadFile(ctx: CollectContext, { url, media, chain, from, layer }: SheetRequest): Promise<Stylesheet[]> {
  let text: string;
  try {
    text = await ctx.loadText(url);
  } catch (error) {
    // missing, refused (outside the root, remote not allowed), unreachable or too big: skipped, as browsers skip it
    if (isUnavailableResource(error)) {
      warnMissingSheet(ctx, { url, from }, error);
      return [];
    }
    throw error;
  }
  const parsed = ctx.cache.parse(text, url, ctx.quirks);
  const sheet: Stylesheet = { origin: 'author', url, file: displayName(url), lineOffset: 0, media, parsed, layer, source: text };
  return withImports(sheet, ctx, new Set([...chain, url]));
}

/**
 * The warning for a stylesheet that cannot be had: said as written (`<link href>`), at the element,
 * else at the @import's line; a missing local file briefly, any other reason in full.
 */
function warnMissingSheet(ctx: CollectContext, { url, from }: Pick<SheetRequest, 'url' | 'from'>, error: { code: string; message: string }): void {
  const at = from.element && from.dom && from.element.startIndex !== null ? from.dom.locate(from.element.startIndex) : undefined;
  const written = from.element?.attribs['href']?.trim() ?? refusedStylesheetUrl(url) ?? url;
  const where = { file: from.file, ...(from.line !== undefined ? { line: from.line, ...(from.column === undefined ? {} : { column: from.column }) } : at ?? {}) };
  const reason = error.message.split(url).join(written);
  const families = googleFontFamilies(url);
  if (families.length > 0) {
    // a web-font stylesheet: one warning per family it would have declared
    for (const family of families) {
      ctx.diagnostics.warn('font', `web font "${family}" falls back to the next family: ${reason}`, where);
      ctx.fallenBack?.add(family.trim().toLowerCase());
    }
  } else if (error.code === 'resource_not_found' && url.startsWith('file:')) {
    ctx.diagnostics.warn('resource', `stylesheet not found: ${written}`, where);
  } else {
    ctx.diagnostics.warn('resource', `stylesheet not loaded: ${reason}`, where);
  }
}

/**
 * The imported sheets (in order, recursively) followed by the sheet itself (CSS Cascade 4 §2.1).
 * The layers the sheet names before its imports are ordered before theirs (CSS Cascade 5 §6.4.3):
 * a sheet that only declares them goes first.
 */
async function withImports(sheet: Stylesheet, ctx: CollectContext, chain: ReadonlySet<string>): Promise<Stylesheet[]> {
  if (sheet.parsed.imports.length === 0) return [sheet];
  const imported = await Promise.all(sheet.parsed.imports.map((rule) => {
    if (chain.has(rule.url)) {
      ctx.diagnostics.warn('css_parse', `@import cycle: ${rule.url} is already being imported`, { file: sheet.file, ...placeInFile(sheet, rule.line, rule.column) });
      return Promise.resolve([]);
    }
    // an anonymous layer of the import is distinct from those of the other sheets
    const own = rule.layer?.map((name) => (name.startsWith('\0') ? `${name}@${sheetIdentity(sheet)}` : name));
    const layer = own === undefined ? undefined : [...(sheet.layer ?? []), ...own];
    return loadFile(ctx, { url: rule.url, media: [...sheet.media, rule.media], chain, from: { file: sheet.file, ...placeInFile(sheet, rule.line, rule.column) }, layer });
  }));
  const leading = sheet.parsed.layers.slice(0, sheet.parsed.leadingLayers);
  const head: Stylesheet[] = leading.length === 0 ? [] : [{ ...sheet, parsed: { ...EMPTY_SHEET, layers: leading, leadingLayers: leading.length } }];
  return [...head, ...imported.flat(), sheet];
}

/** A sheet with no rules (its layers are set by the caller). */
const EMPTY_SHEET: ParsedSheet = { rules: [], imports: [], fontFaces: [], counterStyles: [], pages: [], warnings: [], layers: [], leadingLayers: 0, properties: [] };

function displayName(url: string): string {
  if (!url.startsWith('file:')) return url;
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return url;
  }
}

/**
 * Replays the parse warnings of a (possibly cached) sheet into this render's diagnostics. The UA
 * sheet's are octavo's own business (it sets table properties octavo does not honour yet; a test
 * keeps it free of other warnings), not the author's.
 */
function replayWarnings(sheet: Stylesheet, diagnostics: Diagnostics): void {
  if (sheet.origin === 'user-agent') return;
  for (const warning of sheet.parsed.warnings) reportWarning(diagnostics, warning, sheet.file, sheet);
}
