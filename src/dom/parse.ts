/**
 * The dom stage (docs/design.md §2): HTML string -> DomDocument, with htmlparser2.
 *
 * htmlparser2 is a tolerant tokenizer-parser: it closes implied end tags (`<p>`, `<li>`, `<td>`) and
 * knows void elements, but unlike the HTML standard's tree builder (HTML §13.2.6) it does not create
 * the implied `<html>`, `<head>` and `<body>` elements. `normalizeDocument` supplies them the way the
 * "before html", "in head" and "in body" insertion modes would: metadata elements that come before
 * any content go into `<head>`; everything from the first content node on goes into `<body>`;
 * attributes of explicit (even repeated) html/head/body tags are kept (first value wins).
 *
 * Elements nested deeper than `maxNestingDepth` are refused while parsing (`limit_exceeded`): every
 * later stage walks the tree recursively, and htmlparser2's own open-element stack costs quadratic
 * time in the depth, so 200,000 nested `<div>`s must stop here, early and cheaply. So are more
 * elements than `maxBoxes`: each element of the document's HTML makes at least one box unless a
 * stylesheet hides it, and parsing, the cascade and box building take about 10 µs per element
 * each, so a million-cell table must stop at its 500,001st element, not after seconds of styling.
 */
import { Parser } from 'htmlparser2';
import { DomHandler, Element } from 'domhandler';
import type { Document } from 'domhandler';
import { limitExceeded } from '../limits.js';
import type { SourceLocation } from '../errors.js';
import { exactLength } from '../exact-length.js';
import type { DomDocument, DomElement, DomNode } from './types.js';
import { adopt, isElement } from './types.js';
import { isNestedTableStart, unnestTables } from './table-nesting.js';
import { fixTableChildren, tableToFix } from './implied-table-parts.js';
import { recordInlineSvg } from './xml.js';
import { documentMode } from './document-mode.js';
import { BoundedCache } from '../cache/bounded.js';

/** Elements that belong in `<head>` when they come before the body content (HTML §13.2.6.4.4). */
const HEAD_CONTENT = new Set(['base', 'basefont', 'bgsound', 'link', 'meta', 'noscript', 'script', 'style', 'template', 'title']);

const PARSER_OPTIONS = {
  withStartIndices: true,
  withEndIndices: true,
  lowerCaseTags: true,
  lowerCaseAttributeNames: true,
  decodeEntities: true,
  xmlMode: false,
  recognizeSelfClosing: false,
} as const;

/** The limits the parser checks (the engine passes its own; without them, anything parses: stage tests). */
export interface ParseLimits {
  readonly maxNestingDepth?: number;
  /** Elements outside `<svg>`, `<math>` and `<template>` (whose content makes no boxes of its own) count against it, and those in an SVG's `<foreignObject>`. */
  readonly maxBoxes?: number;
}

export function parseHtml(html: string, sourceName: string, limits: ParseLimits = {}): DomDocument {
  const locate = createLocator(html);
  const { maxNestingDepth = Number.POSITIVE_INFINITY, maxBoxes = Number.POSITIVE_INFINITY } = limits;
  const at = (offset: number): SourceLocation => ({ file: sourceName, ...locate(offset) });
  const handler = new LimitedHandler({
    maxDepth: maxNestingDepth,
    maxElements: maxBoxes,
    tooDeep: (offset) => limitExceeded('maxNestingDepth', maxNestingDepth, `elements are nested more than ${maxNestingDepth} deep`, at(offset)),
    tooMany: (offset) => limitExceeded('maxBoxes', maxBoxes, `the document has more than ${maxBoxes} elements, each at least one box`, at(offset)),
  });
  new Parser(handler, PARSER_OPTIONS).end(html);
  const root = handler.root;
  const mode = documentMode(root);
  const documentElement = normalizeDocument(root);
  // a walk over every element, needed only when a table was opened inside another's table part
  if (handler.nestedTable) unnestTables(documentElement);
  for (const table of handler.tablesToFix) fixTableChildren(table);
  if (html.includes('<svg')) recordInlineSvg(html, documentElement);
  return { root, documentElement, sourceName, mode, locate };
}

interface HandlerLimits {
  readonly maxDepth: number;
  readonly maxElements: number;
  readonly tooDeep: (offset: number) => Error;
  readonly tooMany: (offset: number) => Error;
}

/** Elements whose descendants make no boxes of their own (an inline SVG is one replaced box). */
const OPAQUE_CONTENT = new Set(['svg', 'math', 'template']);

/** domhandler's tree builder that throws once its open-element stack is deeper than the limit, or its elements too many. */
class LimitedHandler extends DomHandler {
  private elements = 0;
  /** Open elements of OPAQUE_CONTENT: their descendants are not counted. */
  private opaque = 0;
  /** Open `<foreignObject>`s inside them: their HTML makes boxes (boxes/foreign-object.ts), so it counts again. */
  private readonly reopened: Element[] = [];
  /** A `<table>` was opened directly in a table part (table-nesting.ts). */
  nestedTable = false;
  /** Tables with a child the tree builder would have put in an implied part or before the table (implied-table-parts.ts). */
  readonly tablesToFix: Element[] = [];

  constructor(private readonly limits: HandlerLimits) {
    super(undefined, PARSER_OPTIONS);
  }

  /** The last token was a `<pre>` or `<listing>` start tag: a newline right after it is dropped. */
  private afterPreStart = false;

  override onopentag(name: string, attribs: Record<string, string>): void {
    this.afterPreStart = name === 'pre' || name === 'listing';
    super.onopentag(sharedName(name), isEmpty(attribs) && !MERGED_ATTRIBUTES.has(name) ? NO_ATTRIBUTES : attribs);
    const element = this.tagStack[this.tagStack.length - 1] as Element;
    // tagStack[0] is the document itself
    if (this.tagStack.length - 1 > this.limits.maxDepth) throw this.limits.tooDeep(element.startIndex ?? 0);
    if (this.opaque === 0 && ++this.elements > this.limits.maxElements) throw this.limits.tooMany(element.startIndex ?? 0);
    if (OPAQUE_CONTENT.has(element.name)) this.opaque++;
    else if (element.name === 'foreignObject' && this.opaque > 0) {
      this.opaque--;
      this.reopened.push(element);
    }
    if (isNestedTableStart(element.name, element.parent)) this.nestedTable = true;
    const parent = element.parent;
    if (parent !== null && isElement(parent)) this.fixLater(tableToFix(parent, element.name, element.attribs));
  }

  private fixLater(table: Element | undefined): void {
    if (table !== undefined && this.tablesToFix[this.tablesToFix.length - 1] !== table) this.tablesToFix.push(table);
  }

  /**
   * HTML §13.2.6.4.7 ("in body", a `pre` or `listing` start tag): if the next token is a line
   * feed, it is ignored — `<pre>\ncode</pre>` starts with "code", as in browsers. A line feed
   * after another tag inside it (`<pre><code>\n`) stays.
   */
  override ontext(data: string): void {
    if (this.afterPreStart) {
      this.afterPreStart = false;
      const skip = data.startsWith('\r\n') ? 2 : data.startsWith('\n') || data.startsWith('\r') ? 1 : 0;
      if (skip === data.length && skip > 0) return;
      if (skip > 0) data = data.slice(skip);
    }
    const parent = this.tagStack[this.tagStack.length - 1];
    if (parent !== undefined && isElement(parent)) this.fixLater(tableToFix(parent, undefined, NO_ATTRIBUTES, data));
    super.ontext(data);
  }

  override oncomment(data: string): void {
    this.afterPreStart = false;
    super.oncomment(data);
  }

  override onclosetag(): void {
    this.afterPreStart = false;
    const element = this.tagStack[this.tagStack.length - 1];
    super.onclosetag();
    if (element === undefined || element === this.root) return;
    element.children = exactLength(element.children);
    if (OPAQUE_CONTENT.has((element as Element).name)) this.opaque--;
    else if (this.reopened[this.reopened.length - 1] === element) {
      this.reopened.pop();
      this.opaque++;
    }
  }
}

/**
 * The parser makes a new name string and attribute object for every tag: a long table repeats
 * `td` and `{}` tens of thousands of times, kept for the whole render. Elements share one frozen
 * empty object (only html, head and body get attributes merged in) and one string per tag name.
 */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});
const MERGED_ATTRIBUTES = new Set(['html', 'head', 'body']);
/** One string per distinct tag name, shared by every element that has it (1024 names at most). */
const sharedNames = new BoundedCache<string, string>('dom.tag-names', 1024);

function sharedName(name: string): string {
  const shared = sharedNames.get(name);
  if (shared !== undefined) return shared;
  sharedNames.set(name, name);
  return name;
}

function isEmpty(attribs: Record<string, string>): boolean {
  for (const _ in attribs) return false;
  return true;
}

/** The pieces of a document sorted into the three implied elements. */
interface Sorted {
  readonly prolog: DomNode[];
  readonly head: DomNode[];
  readonly body: DomNode[];
  html: DomElement | undefined;
  headElement: DomElement | undefined;
  bodyElement: DomElement | undefined;
  inBody: boolean;
}

function isWhitespaceText(node: DomNode): boolean {
  return node.type === 'text' && /^[ \t\n\f\r]*$/.test(node.data);
}

function isOutsideBody(node: DomNode): boolean {
  const parent = node.parent;
  return parent === null || parent.type === 'root' || (isElement(parent) && parent.name === 'html');
}

/** Adds attributes a repeated tag brings that the element does not have yet (HTML §13.2.6.4.7). */
function mergeAttributes(target: DomElement, source: DomElement): void {
  for (const [name, value] of Object.entries(source.attribs)) {
    if (!(name in target.attribs)) target.attribs[name] = value;
  }
}

/** Keeps the first html/head/body element as the real one; later ones only lend attributes. */
function claim(sorted: Sorted, key: 'html' | 'headElement' | 'bodyElement', element: DomElement): void {
  const existing = sorted[key];
  if (existing === undefined) sorted[key] = element;
  else mergeAttributes(existing, element);
}

function sortNode(sorted: Sorted, node: DomNode, insideHeadTag: boolean): void {
  if (node.type === 'directive') {
    if (!sorted.inBody && sorted.head.length === 0) sorted.prolog.push(node);
    return;
  }
  if (isElement(node) && node.name === 'html') {
    claim(sorted, 'html', node);
    for (const child of node.children) sortNode(sorted, child, false);
    return;
  }
  if (isElement(node) && node.name === 'head') {
    // a <head> tag after the body started is ignored, its content stays in place (HTML §13.2.6.4.7)
    if (!sorted.inBody) claim(sorted, 'headElement', node);
    for (const child of node.children) sortNode(sorted, child, !sorted.inBody);
    return;
  }
  if (isElement(node) && node.name === 'body') {
    claim(sorted, 'bodyElement', node);
    sorted.inBody = true;
    for (const child of node.children) sortNode(sorted, child, false);
    return;
  }
  if (!sorted.inBody) {
    if (isWhitespaceText(node)) return;
    if (node.type === 'comment' || (isElement(node) && HEAD_CONTENT.has(node.name))) {
      (insideHeadTag || sorted.head.length > 0 || isElement(node) ? sorted.head : sorted.prolog).push(node);
      return;
    }
    sorted.inBody = true;
  }
  // white space around an explicit <body> (before </html>, after it) is not content
  if (sorted.bodyElement !== undefined && isWhitespaceText(node) && isOutsideBody(node)) return;
  sorted.body.push(node);
}

function element(existing: DomElement | undefined, name: string): DomElement {
  return existing ?? new Element(name, {});
}

/** Builds `root > html > (head, body)` around the parsed nodes; returns the `<html>` element. */
export function normalizeDocument(root: Document): DomElement {
  const sorted: Sorted = {
    prolog: [], head: [], body: [], html: undefined, headElement: undefined, bodyElement: undefined, inBody: false,
  };
  for (const node of [...root.children]) sortNode(sorted, node, false);
  const html = element(sorted.html, 'html');
  const head = element(sorted.headElement, 'head');
  const body = element(sorted.bodyElement, 'body');
  adopt(head, sorted.head);
  adopt(body, sorted.body);
  adopt(html, [head, body]);
  adopt(root, [...sorted.prolog, html]);
  return html;
}

/** Offset -> 1-based line and column (in UTF-16 code units), by binary search over line starts. */
export function createLocator(source: string): (offset: number) => { line: number; column: number } {
  let lineStarts: number[] | undefined;
  return (offset) => {
    lineStarts ??= computeLineStarts(source);
    const at = Math.max(0, Math.min(Number.isFinite(offset) ? Math.floor(offset) : 0, source.length));
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= at) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: at - (lineStarts[low] ?? 0) + 1 };
  };
}

function computeLineStarts(source: string): number[] {
  const starts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}
