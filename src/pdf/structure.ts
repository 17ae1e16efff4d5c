/**
 * The logical structure of a tagged PDF (ISO 32000-1 §14.7): structure elements made on demand
 * from the HTML elements that own painted content, their marked-content references (MCR) and
 * annotation references (OBJR), the ParentTree (§14.7.4.4) that maps every MCID and annotation
 * back to its element, and the StructTreeRoot. Reading order (§14.8.2.3) is document order:
 * kids of an element follow the DOM, content within an element follows the order it was painted
 * (line order).
 */
import type { DomElement } from '../dom/types.js';
import type { ContentPart } from '../paint/display-list.js';
import type { PdfKitDocument, PdfRef } from './pdfkit-document.js';
import { setCatalogEntry } from './pdfkit-document.js';
import type { StructRole } from './structure-roles.js';
import { roleOf, tableAttributes } from './structure-roles.js';
import { appendAll } from '../append-all.js';

/** One stream's marked content: a page's content stream or a transparency group's form. */
export interface MarkedStream {
  readonly page: number;
  /** The form XObject, for content inside a transparency group. */
  form: PdfRef | undefined;
  /** MCID -> the structure element owning that marked-content sequence. */
  readonly owners: StructNode[];
}

interface ContentEntry {
  readonly seq: number;
  readonly stream: MarkedStream;
  readonly mcid: number;
}

interface ObjectEntry {
  readonly seq: number;
  readonly page: number;
  readonly annotation: PdfRef;
}

export interface StructNode {
  readonly role: StructRole;
  readonly parent: StructNode | undefined;
  /** Position in document order (synthetic list parts sit just after their item). */
  readonly order: number;
  readonly kids: StructNode[];
  readonly content: ContentEntry[];
  readonly objects: ObjectEntry[];
  readonly alt?: string;
  readonly lang?: string;
  readonly attributes?: Record<string, unknown>;
  /** A list item's label and body. */
  label?: StructNode;
  body?: StructNode;
}

/** What content of an element becomes: content of a structure element, or an artifact. */
export type ContentTarget = { readonly kind: 'node'; readonly node: StructNode } | { readonly kind: 'artifact' };

export class StructureBuilder {
  private readonly nodes = new Map<DomElement, StructNode>();
  private readonly root: StructNode;
  private orders: Map<DomElement, number> | undefined;
  private seq = 0;
  private nextKey = 0;
  /** ParentTree entries: key -> MCID owners of a stream, or the element of an annotation. */
  private readonly parents: { key: number; value: MarkedStream | StructNode }[] = [];

  constructor(private readonly language: string | undefined) {
    this.root = makeNode('Document', undefined, -1, {});
  }

  /** The structure element that content of `element` (or of its marker) belongs to. */
  target(element: DomElement, part: ContentPart): ContentTarget {
    if (element.name.toLowerCase() === 'img') {
      const alt = element.attribs['alt'];
      // an image with empty alt text is decorative (WCAG H67)
      if (alt !== undefined && alt.trim() === '') return { kind: 'artifact' };
    }
    if (part === 'marker') {
      const item = this.nodeFor(element);
      if (item.role === 'LI') {
        item.label ??= this.child(item, 'Lbl', item.order + 0.25, {});
        return { kind: 'node', node: item.label };
      }
      return { kind: 'node', node: item };
    }
    const node = this.nodeFor(element);
    // a list item's own content is its body (Lbl + LBody, ISO 32000-1 §14.8.4.3.3)
    if (node.role === 'LI') return { kind: 'node', node: this.bodyOf(node) };
    return { kind: 'node', node };
  }

  private bodyOf(item: StructNode): StructNode {
    item.body ??= this.child(item, 'LBody', item.order + 0.5, {});
    return item.body;
  }

  /** Records marked content `mcid` of `stream` as content of `node`. */
  addContent(node: StructNode, stream: MarkedStream, mcid: number): void {
    node.content.push({ seq: this.seq++, stream, mcid });
  }

  /** A ParentTree key for a stream with marked content (its /StructParents). */
  streamKey(stream: MarkedStream): number {
    const key = this.nextKey++;
    this.parents.push({ key, value: stream });
    return key;
  }

  /** The structure element and ParentTree key for a link annotation of `element` (its /StructParent). */
  linkParent(element: DomElement): { node: StructNode; key: number } {
    const node = this.nodeFor(element);
    const key = this.nextKey++;
    this.parents.push({ key, value: node });
    return { node, key };
  }

  /** A Form structure element (at the end of the document) for a form field's widget, and its /StructParent. */
  formParent(): { node: StructNode; key: number } {
    const node = this.child(this.root, 'Form', Number.MAX_SAFE_INTEGER, {});
    const key = this.nextKey++;
    this.parents.push({ key, value: node });
    return { node, key };
  }

  addAnnotation(node: StructNode, annotation: PdfRef, page: number): void {
    node.objects.push({ seq: this.seq++, page, annotation });
  }

  private nodeFor(element: DomElement): StructNode {
    const known = this.nodes.get(element);
    if (known !== undefined) return known;
    const role = roleOf(element);
    const parent = this.containerOf(element.parent);
    if (role === null) return parent;
    const lang = element.attribs['lang']?.trim();
    const alt = role === 'Figure' ? (element.attribs['alt'] ?? element.attribs['title']) : undefined;
    const attributes = tableAttributes(element, role);
    const node = this.child(parent, role, this.orderOf(element), {
      ...(alt === undefined ? {} : { alt }),
      ...(lang === undefined || lang === '' || lang === this.language ? {} : { lang }),
      ...(attributes === undefined ? {} : { attributes }),
    });
    this.nodes.set(element, node);
    return node;
  }

  /** The node that children of `parent` go into (a list item's body). */
  private containerOf(parent: DomElement['parent']): StructNode {
    if (parent === null || parent.type !== 'tag') return this.root;
    const node = this.nodeFor(parent as DomElement);
    return node.role === 'LI' ? this.bodyOf(node) : node;
  }

  private child(parent: StructNode, role: StructRole, order: number, extra: Partial<StructNode>): StructNode {
    const node = makeNode(role, parent, order, extra);
    parent.kids.push(node);
    return node;
  }

  /** Document order of elements, from one walk over the whole DOM. */
  private orderOf(element: DomElement): number {
    if (this.orders === undefined || !this.orders.has(element)) this.orders = documentOrder(element);
    return this.orders.get(element) ?? 0;
  }

  /**
   * Writes the structure tree: every element with content, the ParentTree, and the catalog's
   * /StructTreeRoot and /MarkInfo. `pages` are the page dictionaries by page index.
   */
  write(doc: PdfKitDocument, pages: readonly PdfRef[]): void {
    const refs = new Map<StructNode, PdfRef>();
    const allocate = (node: StructNode): boolean => {
      const live = node.kids.filter(allocate);
      node.kids.length = 0;
      appendAll(node.kids, live);
      if (node !== this.root && live.length === 0 && node.content.length === 0 && node.objects.length === 0) return false;
      refs.set(node, doc.ref());
      return true;
    };
    allocate(this.root);
    const rootRef = refs.get(this.root)!;
    const treeRoot = doc.ref();
    for (const [node, ref] of refs) writeNode(node, ref, node.parent === undefined ? treeRoot : refs.get(node.parent)!, refs, pages);
    const nums: unknown[] = [];
    for (const { key, value } of this.parents) {
      if ('owners' in value) nums.push(key, value.owners.map((owner) => refs.get(owner) ?? null));
      else nums.push(key, refs.get(value) ?? null);
    }
    const parentTree = doc.ref({ Nums: nums });
    parentTree.end();
    treeRoot.data = { Type: 'StructTreeRoot', K: [rootRef], ParentTree: parentTree, ParentTreeNextKey: this.nextKey };
    treeRoot.end();
    setCatalogEntry(doc, 'StructTreeRoot', treeRoot);
    setCatalogEntry(doc, 'MarkInfo', { Marked: true });
  }
}

function makeNode(role: StructRole, parent: StructNode | undefined, order: number, extra: Partial<StructNode>): StructNode {
  return { role, parent, order, kids: [], content: [], objects: [], ...extra };
}

type Kid = { readonly seq: number; readonly value: unknown; readonly page: number | undefined };

function writeNode(node: StructNode, ref: PdfRef, parentRef: PdfRef, refs: Map<StructNode, PdfRef>, pages: readonly PdfRef[]): void {
  const page = firstPage(node);
  const pageRef = page === undefined ? undefined : pages[page];
  const own: Kid[] = [
    ...node.content.map((c) => ({ seq: c.seq, page: c.stream.page, value: mcr(c, page, pages) })),
    ...node.objects.map((o) => ({ seq: o.seq, page: o.page, value: { Type: 'OBJR', Obj: o.annotation, Pg: pages[o.page] } })),
  ].sort((a, b) => a.seq - b.seq);
  const kids = [...node.kids].sort((a, b) => a.order - b.order).map((kid) => ({ seq: firstSeq(kid), value: refs.get(kid)!, page: undefined }));
  // /Type /StructElem is optional (ISO 32000-1 Table 323) and left out: it is most of a small element's bytes
  ref.data = {
    S: node.role,
    P: parentRef,
    // /Pg is needed only by bare MCIDs (content on the element's page outside forms)
    ...(pageRef === undefined || !own.some((k) => typeof k.value === 'number') ? {} : { Pg: pageRef }),
    K: merge(own, kids).map((k) => k.value),
    ...(node.alt === undefined ? {} : { Alt: new String(node.alt) }),
    ...(node.lang === undefined ? {} : { Lang: new String(node.lang) }),
    ...(node.attributes === undefined ? {} : { A: node.attributes }),
  };
  ref.end();
}

/** A marked-content reference: a bare MCID on the element's own page, else an MCR dictionary. */
function mcr(entry: ContentEntry, elementPage: number | undefined, pages: readonly PdfRef[]): unknown {
  if (entry.stream.form === undefined && entry.stream.page === elementPage) return entry.mcid;
  return {
    Type: 'MCR',
    Pg: pages[entry.stream.page],
    ...(entry.stream.form === undefined ? {} : { Stm: entry.stream.form }),
    MCID: entry.mcid,
  };
}

/** Merges own content (by paint order) and child elements (by document order) into reading order. */
function merge(own: readonly Kid[], kids: readonly Kid[]): Kid[] {
  const out: Kid[] = [];
  let i = 0;
  for (const kid of kids) {
    while (i < own.length && own[i]!.seq < kid.seq) out.push(own[i++]!);
    out.push(kid);
  }
  while (i < own.length) out.push(own[i++]!);
  return out;
}

function firstSeq(node: StructNode): number {
  let min = Infinity;
  for (const c of node.content) min = Math.min(min, c.seq);
  for (const o of node.objects) min = Math.min(min, o.seq);
  for (const kid of node.kids) min = Math.min(min, firstSeq(kid));
  return min;
}

function firstPage(node: StructNode): number | undefined {
  let best: { seq: number; page: number } | undefined;
  for (const c of node.content) if (c.stream.form === undefined && (best === undefined || c.seq < best.seq)) best = { seq: c.seq, page: c.stream.page };
  for (const o of node.objects) if (best === undefined || o.seq < best.seq) best = { seq: o.seq, page: o.page };
  return best?.page;
}

/** Element -> index in a depth-first walk of the document the element belongs to. */
function documentOrder(element: DomElement): Map<DomElement, number> {
  let top: DomElement['parent'] | DomElement = element;
  while (top.parent !== null) top = top.parent;
  const orders = new Map<DomElement, number>();
  const visit = (node: { type: string; children?: readonly unknown[] }): void => {
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') orders.set(node as DomElement, orders.size);
    for (const child of node.children ?? []) visit(child as { type: string; children?: readonly unknown[] });
  };
  visit(top as { type: string; children?: readonly unknown[] });
  return orders;
}
