/**
 * Standard structure types for HTML elements (ISO 32000-1 §14.8.4, the HTML mapping of PDF/UA's
 * Matterhorn practice and WeasyPrint's tagging): grouping (Document, Sect, Art, Div, BlockQuote),
 * paragraphs (P, H1-H6), lists (L, LI, Lbl, LBody), tables (Table, THead, TBody, TFoot, TR, TH,
 * TD, Caption), inline (Span, Quote, Code, Link) and illustrations (Figure). `null` flattens the
 * element: its content belongs to the nearest tagged ancestor.
 */
import type { DomElement } from '../dom/types.js';

export type StructRole =
  | 'Document' | 'Sect' | 'Art' | 'Div' | 'BlockQuote' | 'Caption'
  | 'P' | 'H1' | 'H2' | 'H3' | 'H4' | 'H5' | 'H6'
  | 'L' | 'LI' | 'Lbl' | 'LBody'
  | 'Table' | 'THead' | 'TBody' | 'TFoot' | 'TR' | 'TH' | 'TD'
  | 'Span' | 'Quote' | 'Code' | 'Link' | 'Figure' | 'Form';

const ROLES: Readonly<Record<string, StructRole | null>> = {
  html: null, body: null, head: null,
  h1: 'H1', h2: 'H2', h3: 'H3', h4: 'H4', h5: 'H5', h6: 'H6',
  p: 'P', pre: 'P', dt: 'P', dd: 'P', address: 'P', legend: 'P',
  ul: 'L', ol: 'L', menu: 'L', li: 'LI',
  table: 'Table', caption: 'Caption', thead: 'THead', tbody: 'TBody', tfoot: 'TFoot', tr: 'TR', th: 'TH', td: 'TD',
  colgroup: null, col: null,
  section: 'Sect', article: 'Art', blockquote: 'BlockQuote',
  div: 'Div', main: 'Div', header: 'Div', footer: 'Div', nav: 'Div', aside: 'Div', form: 'Div', fieldset: 'Div',
  dl: 'Div', figure: 'Div', details: 'Div', summary: 'P', figcaption: 'Caption', center: 'Div',
  img: 'Figure',
  a: 'Link', q: 'Quote', code: 'Code', kbd: 'Code', samp: 'Code', tt: 'Code',
  span: 'Span', b: 'Span', strong: 'Span', i: 'Span', em: 'Span', u: 'Span', s: 'Span', strike: 'Span', small: 'Span',
  big: 'Span', sub: 'Span', sup: 'Span', mark: 'Span', abbr: 'Span', cite: 'Span', dfn: 'Span', var: 'Span',
  time: 'Span', label: 'Span', bdi: 'Span', bdo: 'Span', font: 'Span', del: 'Span', ins: 'Span', data: 'Span', output: 'Span',
  br: null, wbr: null, hr: null,
};

/** The structure type of an element; unknown elements are generic blocks (Div). */
export function roleOf(element: DomElement): StructRole | null {
  const role = ROLES[element.name.toLowerCase()];
  return role === undefined ? 'Div' : role;
}

/** Table attributes (§14.8.5.7): header scope, row and column spans. */
export function tableAttributes(element: DomElement, role: StructRole): Record<string, unknown> | undefined {
  if (role !== 'TH' && role !== 'TD') return undefined;
  const attributes: Record<string, unknown> = { O: 'Table' };
  if (role === 'TH') attributes['Scope'] = headerScope(element);
  const rowSpan = span(element.attribs['rowspan']);
  const colSpan = span(element.attribs['colspan']);
  if (rowSpan > 1) attributes['RowSpan'] = rowSpan;
  if (colSpan > 1) attributes['ColSpan'] = colSpan;
  return attributes;
}

function span(value: string | undefined): number {
  const n = value === undefined ? 1 : Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** `scope` attribute, else Column in a thead or beyond the first cell of a row, else Row. */
function headerScope(th: DomElement): 'Row' | 'Column' | 'Both' {
  const scope = th.attribs['scope']?.toLowerCase();
  if (scope === 'row' || scope === 'rowgroup') return 'Row';
  if (scope === 'col' || scope === 'colgroup') return 'Column';
  const row = th.parent;
  if (row !== null && row.type === 'tag' && row.parent !== null && row.parent.type === 'tag' && row.parent.name.toLowerCase() === 'thead') return 'Column';
  if (row !== null && row.type === 'tag') {
    const cells = row.children.filter((c): c is DomElement => c.type === 'tag');
    if (cells[0] === th && cells.slice(1).some((c) => c.name.toLowerCase() === 'td')) return 'Row';
  }
  return 'Column';
}
