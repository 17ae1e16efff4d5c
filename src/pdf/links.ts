/**
 * Link annotations (ISO 32000-1 §12.5.6.5, URI actions §12.6.4.7): one /Link per display-list
 * link item, its /Rect the fragment's border box converted from px to the page's pt space. In a
 * tagged PDF the annotation joins its `a` element's Link structure element through an object
 * reference and /StructParent (§14.7.4.4), with the link text as /Contents (PDF/UA-1 §7.18.5).
 */
import { intersectRects } from '../geometry/rect.js';
import type { Rect } from '../geometry/types.js';
import type { DisplayItem } from '../paint/display-list.js';
import type { PdfKitDocument } from './pdfkit-document.js';
import type { StructureBuilder } from './structure.js';

/** Only URI schemes a reader can follow safely; `javascript:` and friends are dropped. */
const ALLOWED_SCHEME = /^(https?|mailto|tel|ftp):/i;

export function isLinkable(url: string): boolean {
  return ALLOWED_SCHEME.test(url.trim());
}

type LinkItem = Extract<DisplayItem, { kind: 'link' }>;

/** The id a `#fragment` link points to in this document; undefined for other URLs. */
function internalTarget(url: string): string | undefined {
  const trimmed = url.trim();
  if (!trimmed.startsWith('#') || trimmed.length < 2) return undefined;
  try {
    return decodeURIComponent(trimmed.slice(1));
  } catch {
    return trimmed.slice(1);
  }
}

/**
 * Adds a URI link annotation on the current page (PDFKit maps the rect through the page's base
 * matrix), over the part of the link on the sheet (`sheet`, in page px): a link moved far off the
 * page (`top: 1e25px`) has coordinates no PDF number can hold, and no part a reader could click.
 */
export function addLink(doc: PdfKitDocument, item: LinkItem, structure: StructureBuilder | undefined, pageIndex: number, sheet: Rect): void {
  const { url } = item;
  const rect = intersectRects(item.rect, sheet);
  // also false for NaN
  if (!(rect.width > 0 && rect.height > 0)) return;
  // `href="#id"`: a GoTo action to the id's named destination (ISO 32000-1 §12.6.4.2), else a URI action
  const target = internalTarget(url);
  if (target === undefined && !isLinkable(url)) return;
  const annotate = (options?: Record<string, unknown>): void => {
    if (target !== undefined) doc.goTo(rect.x, rect.y, rect.width, rect.height, target, options);
    else doc.link(rect.x, rect.y, rect.width, rect.height, url.trim(), options);
  };
  if (structure === undefined || item.element === undefined) {
    annotate();
    return;
  }
  const parent = structure.linkParent(item.element);
  const text = textOf(item.element) || url.trim();
  annotate({ StructParent: parent.key, Contents: new String(text) });
  const annotations = doc.page.annotations;
  structure.addAnnotation(parent.node, annotations[annotations.length - 1]!, pageIndex);
}

function textOf(element: NonNullable<LinkItem['element']>): string {
  const parts: string[] = [];
  const visit = (node: { type: string; data?: string; children?: readonly unknown[] }): void => {
    if (node.type === 'text' && node.data !== undefined) parts.push(node.data);
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(element as unknown as { type: string; children: readonly unknown[] });
  return parts.join('').replace(/\s+/g, ' ').trim();
}
