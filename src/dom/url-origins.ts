/**
 * Where each resource URL of a document was written, and how: `<img src="images/logo.png">` at
 * line 13, column 1 resolves to `file:///…/images/logo.png`, which is what the loader sees; a
 * warning about it names the author's `images/logo.png` at 13:1 instead. Covers `src` and `background` attributes,
 * `url()` in `style` attributes and in `<style>` elements, then `url()` in linked and imported
 * stylesheets (located in that file, relative to it).
 */
import type { SourceLocation } from '../errors.js';
import type { DomDocument, DomNode } from './types.js';
import { isElement, isText } from './types.js';
import { createLocator } from './parse.js';
import { resolveStylesheetUrl } from '../stylesheet-urls.js';

export interface UrlOrigin {
  /** The URL as the author wrote it. */
  readonly written: string;
  readonly where: SourceLocation;
}

/** Absolute URL -> its first place in the document (a Map is one). */
export interface UrlOrigins {
  get(url: string): UrlOrigin | undefined;
}

/** `message` with `url` said as the author wrote it, when known (a data: URL is kept: it is never written out whole). */
export function sayAsWritten(message: string, url: string, origins: UrlOrigins | undefined): string {
  const written = url.startsWith('data:') ? undefined : origins?.get(url)?.written;
  return written === undefined ? message : message.split(url).join(written);
}

/** A linked or imported stylesheet: its URL, its name in diagnostics, its text. */
export interface LinkedSheetText {
  readonly url: string;
  readonly file: string;
  readonly source: string;
}

const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi;

/**
 * The template's URLs first; a URL it does not write is looked for in `sheets` (in cascade order),
 * which are read only then: most URLs load and are never reported.
 */
export function urlOrigins(dom: DomDocument, baseUrl: string | undefined, sheets: readonly LinkedSheetText[] = []): UrlOrigins {
  // walked when a warning first asks: most renders load every URL and never ask
  let own: Map<string, UrlOrigin> | undefined;
  let linked: Map<string, UrlOrigin> | undefined;
  return {
    get(url) {
      own ??= documentUrlOrigins(dom, baseUrl);
      const found = own.get(url);
      if (found !== undefined || sheets.length === 0) return found;
      linked ??= sheetUrlOrigins(sheets);
      return linked.get(url);
    },
  };
}

/** `url()` of linked stylesheets, each located in its own file and resolved against its URL. */
function sheetUrlOrigins(sheets: readonly LinkedSheetText[]): Map<string, UrlOrigin> {
  const origins = new Map<string, UrlOrigin>();
  for (const sheet of sheets) {
    const locate = createLocator(sheet.source);
    for (const match of sheet.source.matchAll(CSS_URL)) {
      const written = match[1] ?? match[2] ?? match[3] ?? '';
      const absolute = resolveStylesheetUrl(written, sheet.url);
      if (!origins.has(absolute)) origins.set(absolute, { written, where: { file: sheet.file, ...locate(match.index) } });
    }
  }
  return origins;
}

function documentUrlOrigins(dom: DomDocument, baseUrl: string | undefined): Map<string, UrlOrigin> {
  const origins = new Map<string, UrlOrigin>();
  const add = (written: string, offset: number | null): void => {
    // located only when a warning reads it: a warning names one URL of many
    const origin = (): UrlOrigin => ({ written, get where(): SourceLocation { return { file: dom.sourceName, ...(offset === null ? {} : dom.locate(offset)) }; } });
    if (written.startsWith('data:')) {
      // its own key: a data: URL is not resolved (parsing megabytes as a URL would copy them)
      if (!origins.has(written)) origins.set(written, origin());
      return;
    }
    let absolute: string;
    try {
      absolute = new URL(written, baseUrl).href;
    } catch {
      // relative without a base: kept as written, which is how the loader sees it (and warns)
      if (baseUrl === undefined && !origins.has(written)) origins.set(written, origin());
      return;
    }
    if (!origins.has(absolute)) origins.set(absolute, origin());
  };
  /** `start`: the text's offset in the source, where each url() is located; `at`: one place for all of them. */
  const cssUrls = (text: string, place: { start: number | null } | { at: number | null }): void => {
    for (const match of text.matchAll(CSS_URL)) {
      const offset = 'at' in place ? place.at : place.start === null ? null : place.start + (match.index ?? 0);
      add(match[1] ?? match[2] ?? match[3] ?? '', offset);
    }
  };
  const visit = (nodes: readonly DomNode[]): void => {
    for (const node of nodes) {
      if (!isElement(node)) continue;
      const src = node.attribs['src'];
      if (src !== undefined && src.trim() !== '') add(src.trim(), node.startIndex);
      // the legacy `background` of a table, its cells and the body (css/hints.ts)
      const background = node.attribs['background'];
      if (background !== undefined && background.trim() !== '') add(background.trim(), node.startIndex);
      const style = node.attribs['style'];
      if (style !== undefined) cssUrls(style, { at: node.startIndex }); // a style attribute: at its element
      if (node.name === 'style') {
        for (const child of node.children) if (isText(child)) cssUrls(child.data, { start: child.startIndex });
      }
      visit(node.children);
    }
  };
  visit(dom.root.children);
  return origins;
}
