/** Test helpers: parse HTML with the dom stage, collect stylesheets from an in-memory file set, cascade. */
import { Diagnostics } from '../../src/diagnostics.js';
import type { Diagnostic } from '../../src/diagnostics.js';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomDocument, DomElement, DomNode } from '../../src/dom/types.js';
import { isElement } from '../../src/dom/types.js';
import { OctavoError } from '../../src/errors.js';
import { cascade, collectStylesheets, createStylesheetCache } from '../../src/css/index.js';
import type { Stylesheet, StylesheetCache } from '../../src/css/index.js';
import type { ComputedStyle, StyledDocument } from '../../src/css/types.js';

export const BASE_URL = 'file:///work/doc/';

export interface Styled {
  readonly dom: DomDocument;
  readonly styled: StyledDocument;
  readonly sheets: readonly Stylesheet[];
  readonly diagnostics: readonly Diagnostic[];
  /** Style of the first element matching a tag name or `#id`. */
  style(selector: string): ComputedStyle;
  element(selector: string): DomElement;
}

export interface StyleOptions {
  /** Files by path relative to BASE_URL. */
  readonly files?: Readonly<Record<string, string>>;
  /** Paths that the loader refuses (resource_denied). */
  readonly denied?: readonly string[];
  readonly cache?: StylesheetCache;
  /** Style as `octavo check` does (CascadeContext.lint). */
  readonly lint?: boolean;
}

export function findElement(root: DomNode | DomDocument['root'], selector: string): DomElement | undefined {
  const matches = (el: DomElement): boolean => (selector.startsWith('#') ? el.attribs['id'] === selector.slice(1) : el.name === selector);
  const children = 'children' in root ? root.children : [];
  for (const child of children) {
    if (isElement(child)) {
      if (matches(child)) return child;
      const found = findElement(child, selector);
      if (found) return found;
    }
  }
  return undefined;
}

export async function styleHtml(html: string, options: StyleOptions = {}): Promise<Styled> {
  const dom = parseHtml(html, 'doc.html');
  const diagnostics = new Diagnostics();
  const files = options.files ?? {};
  const sheets = await collectStylesheets(dom, {
    baseUrl: BASE_URL,
    loadText: async (url) => {
      const path = url.slice(BASE_URL.length);
      if (options.denied?.includes(path)) throw new OctavoError('resource_denied', `denied: ${url}`);
      const text = files[path];
      if (text === undefined) throw new OctavoError('resource_not_found', `not found: ${url}`);
      return text;
    },
    cache: options.cache ?? createStylesheetCache(),
    diagnostics,
  });
  const styled = cascade(dom, sheets, { diagnostics, lint: options.lint === true });
  const element = (selector: string): DomElement => {
    const found = findElement(dom.root, selector);
    if (!found) throw new Error(`no element ${selector}`);
    return found;
  };
  return {
    dom,
    styled,
    sheets,
    diagnostics: diagnostics.list(),
    element,
    style: (selector) => styled.styleOf(element(selector))!,
  };
}

/** Shortcut: one CSS string and a body. */
export function styleWith(css: string, body: string, options: StyleOptions = {}): Promise<Styled> {
  return styleHtml(`<!DOCTYPE html><html><head><style>${css}</style></head><body>${body}</body></html>`, options);
}

export const px = (value: unknown): number => {
  if (typeof value !== 'number') throw new Error(`expected px, got ${JSON.stringify(value)}`);
  return Math.round(value * 1000) / 1000;
};
