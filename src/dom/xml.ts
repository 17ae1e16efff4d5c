/**
 * XML parsing for SVG (htmlparser2's XML mode: case kept, self-closing tags honoured) and the
 * source text of inline `<svg>` elements in HTML, which the HTML parser would mis-nest
 * (`<rect/>` is a start tag in HTML mode) — so an inline `<svg>` is re-read from its source as XML.
 */
import { Parser } from 'htmlparser2';
import { DomHandler } from 'domhandler';
import { limitExceeded } from '../limits.js';
import type { DomElement } from './types.js';
import { isElement } from './types.js';

const XML_OPTIONS = { xmlMode: true, decodeEntities: true } as const;

/**
 * domhandler's tree builder that throws as soon as elements nest deeper than the limit: htmlparser2
 * looks a closing tag up from the bottom of its stack in XML mode, so 200,000 nested `<g>` would
 * take minutes to parse before anything could refuse them.
 */
class DepthLimitedXmlHandler extends DomHandler {
  constructor(private readonly maxDepth: number, private readonly what: string) {
    super(undefined, XML_OPTIONS);
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    super.onopentag(name, attribs);
    if (this.tagStack.length - 1 > this.maxDepth) { // tagStack[0] is the document itself
      throw limitExceeded('maxNestingDepth', this.maxDepth, `${this.what} nests elements more than ${this.maxDepth} deep`);
    }
  }
}

/** The root element of an XML document, or undefined when there is none; deeper than `maxDepth` is `limit_exceeded`. */
export function parseXml(text: string, maxDepth = Number.POSITIVE_INFINITY, what = 'the XML document'): DomElement | undefined {
  const handler = new DepthLimitedXmlHandler(maxDepth, what);
  new Parser(handler, XML_OPTIONS).end(text);
  return handler.root.children.find(isElement);
}

const inlineSources = new WeakMap<DomElement, string>();
/** Per HTML document (its root element), its inline `<svg>` elements in document order. */
const documentSvgs = new WeakMap<DomElement, DomElement[]>();

/** Records the source text of every `<svg>` element of a parsed HTML document. */
export function recordInlineSvg(source: string, root: DomElement): void {
  const svgs: DomElement[] = [];
  const visit = (element: DomElement): void => {
    if (element.name === 'svg' && element.startIndex !== null && element.endIndex !== null) {
      inlineSources.set(element, source.slice(element.startIndex, element.endIndex + 1));
      svgs.push(element);
      return;
    }
    for (const child of element.children) if (isElement(child)) visit(child);
  };
  visit(root);
  documentSvgs.set(root, svgs);
}

/** The inline `<svg>` elements of the HTML document `element` is in, in document order. */
export function documentInlineSvgs(element: DomElement): readonly DomElement[] {
  let root = element;
  while (root.parent !== null && isElement(root.parent)) root = root.parent;
  return documentSvgs.get(root) ?? [];
}

/**
 * The markup of each element of XML `markup` that has an id, by id (the first of an id), as
 * written: what another SVG may reference (`<use href="#icon">`, `fill="url(#gradient)"`).
 */
export function elementMarkupById(markup: string): Map<string, string> {
  const handler = new DomHandler(undefined, { ...XML_OPTIONS, withStartIndices: true, withEndIndices: true });
  new Parser(handler, XML_OPTIONS).end(markup);
  const out = new Map<string, string>();
  const stack = handler.root.children.filter(isElement).reverse(); // (a stack, not recursion: markup may nest deep)
  while (stack.length > 0) {
    const element = stack.pop()!;
    const id = element.attribs['id'];
    if (id !== undefined && id !== '' && !out.has(id) && element.startIndex !== null && element.endIndex !== null) out.set(id, markup.slice(element.startIndex, element.endIndex + 1));
    for (let i = element.children.length - 1; i >= 0; i--) {
      const child = element.children[i]!;
      if (isElement(child)) stack.push(child);
    }
  }
  return out;
}

/** The markup of an inline `<svg>` element as written in the HTML. */
export function inlineSvgSource(element: DomElement): string | undefined {
  return inlineSources.get(element);
}
