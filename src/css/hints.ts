/**
 * Presentational hints (HTML §15.3): legacy attributes mapped to author-level declarations of
 * specificity zero that precede every author rule (CSS Cascade 4 §6.1 "presentational hints").
 */
import type { DomElement } from '../dom/types.js';
import { appendAll } from '../append-all.js';
import { MATH_HINT_ATTRIBUTES, mathHints } from './math-hints.js';
import { legacyColor } from './values/legacy-color.js';
import { cssString } from './values/nodes.js';
import { fontFamilyText, parseFontFamilyText } from './properties/fonts.js';

/**
 * Elements whose `align` aligns their text. Not `<caption>`: Chromium maps its `align` to
 * `caption-side` alone (`top`, `bottom`), and centres a caption whatever else it says — HTML's
 * rendering section would align its text.
 */
const ALIGNABLE = new Set(['div', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'tr', 'thead', 'tbody', 'tfoot', 'col', 'colgroup', 'legend']);
/** Elements whose `align` also aligns their block-level descendants (HTML §15.3.3): `text-align: -webkit-*`. */
const ALIGNS_DESCENDANTS = new Set(['div', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
const CELL_PARTS = new Set(['td', 'th', 'tr', 'thead', 'tbody', 'tfoot', 'col', 'colgroup']);
const SIZED = new Set(['img', 'table', 'td', 'th', 'col', 'colgroup', 'hr', 'canvas', 'video', 'iframe', 'embed', 'object']);
const BGCOLOR = new Set(['body', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
const OL_TYPES: Readonly<Record<string, string>> = { '1': 'decimal', a: 'lower-alpha', A: 'upper-alpha', i: 'lower-roman', I: 'upper-roman' };
const UL_TYPES = new Set(['disc', 'circle', 'square', 'none']);
const FONT_SIZES = ['x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'];

/** "Rules for parsing dimension values" (HTML §2.3.4.4): `50`, `50px` -> px, `50%` -> %. */
function dimension(value: string | undefined, allowZero = true): string | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(%?)/.exec(value);
  if (!match) return undefined;
  const number = Number(match[1]);
  if (!allowZero && number === 0) return undefined;
  return match[2] === '%' ? `${number}%` : `${number}px`;
}

const CSS_LENGTH = /^\s*((?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(%|px|pt|pc|in|cm|mm|q|em|rem|ex|rex|ch|rch|cap|rcap|ic|ric|lh|rlh|vw|vh|vi|vb|vmin|vmax)?\s*$/i;

const OVERFLOW_KEYWORDS = new Set(['visible', 'hidden', 'clip', 'scroll', 'auto']);
const OPACITY = /^\s*((?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?%?)\s*$/i;

/**
 * `width`/`height` on an `<svg>`: SVG 2 §8.5 makes them presentation attributes of the CSS
 * properties, so they take any CSS length (`40mm`, `2em`), a unitless number being px; `auto`,
 * a negative or malformed value gives no hint. `overflow` and `opacity` are too (SVG 2 §6.6): an
 * icon's `overflow="visible"` lets its strokes past the viewport, as Chromium draws them.
 */
function svgPresentationHints(attribs: Record<string, string>): string[] {
  const out: string[] = [];
  for (const property of ['width', 'height']) {
    const match = CSS_LENGTH.exec(attribs[property] ?? '');
    if (match !== null) out.push(`${property}: ${Number(match[1])}${match[2]?.toLowerCase() ?? 'px'}`);
  }
  const overflow = attribs['overflow']?.trim().toLowerCase();
  if (overflow !== undefined && OVERFLOW_KEYWORDS.has(overflow)) out.push(`overflow: ${overflow}`);
  const opacity = OPACITY.exec(attribs['opacity'] ?? '');
  if (opacity !== null) out.push(`opacity: ${opacity[1]}`);
  return out;
}

function parentTable(element: DomElement): DomElement | undefined {
  let node = element.parent;
  for (let depth = 0; node && depth < 4; depth++) {
    if (node.type === 'tag' && (node as DomElement).name === 'table') return node as DomElement;
    node = node.parent;
  }
  return undefined;
}

/** Attributes that may produce a hint; td/th also take hints from their table. */
const HINT_ATTRIBUTES = new Set([
  'align', 'valign', 'width', 'height', 'bgcolor', 'nowrap', 'text', 'color', 'face', 'size', 'border', 'cellspacing', 'type', 'start', 'value',
  'marginheight', 'marginwidth', 'topmargin', 'bottommargin', 'leftmargin', 'rightmargin', 'hspace', 'vspace', 'noshade', 'frame', 'rules',
  'bordercolor', 'background', 'clear', 'overflow', 'opacity', ...MATH_HINT_ATTRIBUTES,
]);
/** A table's `frame` (HTML §15.3.8): the sides of its border drawn. */
const FRAMES: Readonly<Record<string, readonly string[]>> = {
  void: [], above: ['top'], below: ['bottom'], hsides: ['top', 'bottom'], vsides: ['left', 'right'], lhs: ['left'], rhs: ['right'],
  box: ['top', 'right', 'bottom', 'left'], border: ['top', 'right', 'bottom', 'left'],
};
const SIDES = ['top', 'right', 'bottom', 'left'] as const;
/** A table's `rules`: the borders its cells (or its groups) draw between them, 1px solid, in a collapsing table. */
const RULES: Readonly<Record<string, readonly string[]>> = {
  none: [], groups: [], rows: ['border-top: 1px solid', 'border-bottom: 1px solid'], cols: ['border-left: 1px solid', 'border-right: 1px solid'],
  all: ['border: 1px solid'],
};
const ROW_GROUPS = new Set(['thead', 'tbody', 'tfoot']);
/** Elements whose `hspace` and `vspace` are margins (HTML §15.4.3), and, for images and objects, `border` a border. */
const SPACED = new Set(['img', 'object', 'embed', 'iframe', 'video']);

function mayHaveHints(element: DomElement): boolean {
  for (const name in element.attribs) if (HINT_ATTRIBUTES.has(name)) return true;
  const name = element.name;
  // a link's colour is the body's `link`: looked up once, by presentationalHints
  if (LINKS.has(name)) return element.attribs['href'] !== undefined;
  if (name !== 'td' && name !== 'th' && !ROW_GROUPS.has(name) && name !== 'colgroup') return false;
  // a cell, row group or column group without hint attributes of its own takes only its table's
  // `cellpadding`, `border` and `rules` (cellHints, groupHints)
  const table = parentTable(element);
  return table !== undefined && (table.attribs['cellpadding'] !== undefined || table.attribs['border'] !== undefined || table.attribs['rules'] !== undefined);
}

/** The hints of an element as declaration-list text ('' when none). */
export function presentationalHints(element: DomElement): string {
  if (!mayHaveHints(element)) return '';
  const attribs = element.attribs;
  const name = element.name;
  const out: string[] = [];
  const align = attribs['align']?.toLowerCase();
  if (align !== undefined) {
    if (REPLACED_ALIGNED.has(name) || (name === 'input' && attribs['type']?.toLowerCase() === 'image')) appendAll(out, replacedAlignHints(align));
    else if (name === 'table' && (align === 'left' || align === 'right')) out.push(`float: ${align}`);
    else if (name === 'table' && align === 'center') out.push('margin-left: auto', 'margin-right: auto');
    else if (name === 'caption' && (align === 'top' || align === 'bottom')) out.push(`caption-side: ${align}`);
    else if (ALIGNS_DESCENDANTS.has(name) && ['left', 'right', 'center'].includes(align)) out.push(`text-align: -webkit-${align}`);
    else if (ALIGNABLE.has(name) && ['left', 'right', 'center', 'justify'].includes(align)) out.push(`text-align: ${align}`);
  }
  const valign = attribs['valign']?.toLowerCase();
  if (valign !== undefined && CELL_PARTS.has(name) && ['top', 'middle', 'bottom', 'baseline'].includes(valign)) out.push(`vertical-align: ${valign}`);
  if (name === 'svg') appendAll(out, svgPresentationHints(attribs));
  else if (SIZED.has(name)) {
    const width = dimension(attribs['width'], name !== 'td' && name !== 'th');
    if (width !== undefined) out.push(`width: ${width}`);
    const height = name === 'hr' ? undefined : dimension(attribs['height'], name !== 'td' && name !== 'th');
    if (height !== undefined) out.push(`height: ${height}`);
  }
  if (BGCOLOR.has(name)) {
    const bg = legacyColor(attribs['bgcolor']);
    if (bg !== undefined) out.push(`background-color: ${bg}`);
    const image = attribs['background']?.trim();
    if (image !== undefined && image !== '') out.push(`background-image: url(${cssString(image)})`);
  }
  if (LINKS.has(name) && attribs['href'] !== undefined) {
    const color = bodyLinkColor(element);
    if (color !== undefined) out.push(`color: ${color}`);
  }
  if ((name === 'td' || name === 'th') && attribs['nowrap'] !== undefined) out.push('white-space: nowrap');
  appendAll(out, elementHints(element));
  appendAll(out, mathHints(name, attribs));
  return out.join('; ');
}

/** The hints of attributes that only one element (or a few) take. */
function elementHints(element: DomElement): string[] {
  const attribs = element.attribs;
  switch (element.name) {
    case 'body': return bodyHints(attribs);
    case 'br': {
      const clear = BR_CLEAR.get(attribs['clear']?.trim().toLowerCase() ?? '');
      return clear === undefined ? [] : [`clear: ${clear}`];
    }
    case 'hr': return ruleHints(attribs);
    case 'font': return fontHints(attribs);
    case 'table': return tableHints(attribs);
    case 'td':
    case 'th': return cellHints(element);
    case 'thead':
    case 'tbody':
    case 'tfoot':
    case 'colgroup': return groupHints(element);
    case 'ol':
    case 'ul':
    case 'li': return listHints(element.name, attribs);
    default: return SPACED.has(element.name) ? replacedElementHints(element.name, attribs) : [];
  }
}

/** Elements whose `align` floats them or aligns them in their line (and `<input type=image>`). */
const REPLACED_ALIGNED = new Set(['img', 'object', 'embed', 'iframe']);

/**
 * An image's `align` (HTML §15.4.3) as Chromium maps it (`HTMLElement::ApplyAlignmentAttributeToStyle`):
 * `left`/`right` float it, the others align it in its line — `middle` puts its middle on the
 * baseline (`-webkit-baseline-middle`), `absmiddle` and `center` on the middle of the x-height,
 * `bottom` on the baseline, `absbottom` at the line's bottom.
 */
function replacedAlignHints(align: string): string[] {
  if (align === 'left' || align === 'right') return [`float: ${align}`, 'vertical-align: top'];
  const vertical = IMAGE_ALIGN.get(align);
  return vertical === undefined ? [] : [`vertical-align: ${vertical}`];
}

const IMAGE_ALIGN: ReadonlyMap<string, string> = new Map([
  ['absmiddle', 'middle'], ['abscenter', 'middle'], ['center', 'middle'], ['absbottom', 'bottom'], ['top', 'top'],
  ['middle', '-webkit-baseline-middle'], ['bottom', 'baseline'], ['texttop', 'text-top'],
]);

/** `<br clear>` (HTML §15.3.2): the floats the line after the break goes below. */
const BR_CLEAR: ReadonlyMap<string, string> = new Map([['left', 'left'], ['right', 'right'], ['all', 'both'], ['both', 'both']]);

/** Elements that match `:link` with an `href`, coloured by the body's `link` attribute. */
const LINKS = new Set(['a', 'area']);

/**
 * The colour `<body link>` gives the document's links (HTML §15.3.3: the `:link` colour; Chromium
 * sets its document's link colour, which the UA sheet's `:link` rule uses). A hint on each link of
 * specificity zero, as the UA rule it replaces loses to every author rule. `vlink` and `alink`
 * colour visited and active links: none on paper.
 */
function bodyLinkColor(element: DomElement): string | undefined {
  let node = element.parent;
  while (node !== null && node !== undefined && !(node.type === 'tag' && (node as DomElement).name === 'body')) node = node.parent;
  return node === null || node === undefined ? undefined : legacyColor((node as DomElement).attribs['link']);
}

/** `text`, and the page margins of old templates: `marginheight`/`marginwidth` before `topmargin`… (HTML §15.3.3). */
function bodyHints(attribs: Record<string, string>): string[] {
  const out: string[] = [];
  const text = legacyColor(attribs['text']);
  if (text !== undefined) out.push(`color: ${text}`);
  const sides: readonly [string, string, string][] = [
    ['top', 'marginheight', 'topmargin'], ['bottom', 'marginheight', 'bottommargin'],
    ['left', 'marginwidth', 'leftmargin'], ['right', 'marginwidth', 'rightmargin'],
  ];
  for (const [side, both, own] of sides) {
    const margin = dimension(attribs[both] ?? attribs[own]);
    if (margin !== undefined) out.push(`margin-${side}: ${margin}`);
  }
  return out;
}

/**
 * `hspace` and `vspace`: the margins beside and above and below an image (HTML §15.4.3); an
 * image's or object's `border`: a solid border that wide in the text colour (a linked image's is
 * the link's colour), as Chromium draws it.
 */
function replacedElementHints(name: string, attribs: Record<string, string>): string[] {
  const out: string[] = [];
  const border = name === 'img' || name === 'object' ? /^\s*(\d+)/.exec(attribs['border'] ?? '') : null;
  if (border !== null) out.push(`border-width: ${Number(border[1])}px`, 'border-style: solid');
  const h = dimension(attribs['hspace']);
  if (h !== undefined) out.push(`margin-left: ${h}`, `margin-right: ${h}`);
  const v = dimension(attribs['vspace']);
  if (v !== undefined) out.push(`margin-top: ${v}`, `margin-bottom: ${v}`);
  return out;
}

/** `<hr align>`: the side a rule narrower than the line keeps to (its margins are `auto` in the UA sheet). */
const RULE_ALIGN: ReadonlyMap<string, readonly string[]> = new Map([
  ['left', ['margin-left: 0', 'margin-right: auto']],
  ['right', ['margin-left: auto', 'margin-right: 0']],
  ['center', ['margin-left: auto', 'margin-right: auto']],
]);

/**
 * `<hr align size noshade color>` (HTML §15.3.11): its side, the rule's thickness, and a flat rule
 * instead of an inset one — grey, or in its `color` (which makes it flat too, as in Chromium).
 */
function ruleHints(attribs: Record<string, string>): string[] {
  const out: string[] = [...(RULE_ALIGN.get(attribs['align']?.toLowerCase() ?? '') ?? [])];
  const color = legacyColor(attribs['color']);
  if (color !== undefined) out.push('border-style: solid', `border-color: ${color}`, `background-color: ${color}`);
  else if (attribs['noshade'] !== undefined) out.push('border-style: solid', 'border-color: gray', 'background-color: gray');
  const size = Number.parseInt(attribs['size'] ?? '', 10);
  if (size === 1) out.push('border-bottom-width: 0');
  else if (size > 1) out.push(`height: ${size - 2}px`);
  return out;
}

function fontHints(attribs: Record<string, string>): string[] {
  const out: string[] = [];
  const color = legacyColor(attribs['color']);
  if (color !== undefined) out.push(`color: ${color}`);
  // a CSS `font-family` value, as Chromium reads it (HTMLFontElement): `Arial, sans-serif` ends in
  // the generic family; a value that is not one gives no hint
  const families = attribs['face'] === undefined ? undefined : parseFontFamilyText(attribs['face']);
  if (families !== undefined) out.push(`font-family: ${fontFamilyText(families)}`);
  const size = attribs['size']?.trim();
  if (size !== undefined && /^[+-]?\d+$/.test(size)) {
    const n = size.startsWith('+') || size.startsWith('-') ? 3 + Number(size) : Number(size);
    out.push(`font-size: ${FONT_SIZES[Math.max(1, Math.min(7, n)) - 1]}`);
  }
  return out;
}

/** A table's `border` attribute as a width (0 when absent or not a positive number). */
function tableBorder(attribs: Record<string, string>): number {
  const border = attribs['border'];
  if (border === undefined) return 0;
  const width = border.trim() === '' ? 1 : Number.parseInt(border, 10);
  return Number.isFinite(width) && width > 0 ? width : 0;
}

/**
 * `border`, `bordercolor`, `frame`, `rules` and `cellspacing` (HTML §15.3.8), as Chromium 156 maps
 * them: borders in the text colour, or solid in `bordercolor` (outset without it); `frame` draws
 * its sides solid (1px without `border`) and hides the others; `rules` makes the borders
 * collapse, hidden around the table unless `border` or `frame` says otherwise.
 */
function tableHints(attribs: Record<string, string>): string[] {
  const out: string[] = [];
  const border = tableBorder(attribs);
  const color = legacyColor(attribs['bordercolor']);
  if (border > 0) out.push(`border: ${border}px ${color === undefined ? 'outset' : 'solid'}`);
  if (color !== undefined) out.push(`border-color: ${color}`);
  const frame = FRAMES[attribs['frame']?.toLowerCase() ?? ''];
  const rules = RULES[attribs['rules']?.toLowerCase() ?? ''];
  if (frame !== undefined) {
    for (const side of SIDES) out.push(frame.includes(side) ? `border-${side}: ${Math.max(border, 1)}px solid` : `border-${side}: hidden`);
  } else if (rules !== undefined && border === 0) {
    out.push('border-style: hidden');
  }
  if (rules !== undefined) out.push('border-collapse: collapse');
  const spacing = dimension(attribs['cellspacing']);
  if (spacing !== undefined && !spacing.endsWith('%')) out.push(`border-spacing: ${spacing}`);
  return out;
}

/**
 * The table's `cellpadding`, and the cell borders of its `rules` (else 1px with a `border`: inset,
 * or solid in the table's `bordercolor`), in the row's border colour when it has none.
 */
function cellHints(element: DomElement): string[] {
  const out: string[] = [];
  const table = parentTable(element);
  const padding = table ? dimension(table.attribs['cellpadding']) : undefined;
  if (padding !== undefined && !padding.endsWith('%')) out.push(`padding: ${padding}`);
  if (table === undefined) return out;
  const color = legacyColor(table.attribs['bordercolor']);
  const borders = RULES[table.attribs['rules']?.toLowerCase() ?? ''] ?? (tableBorder(table.attribs) > 0 ? [`border: 1px ${color === undefined ? 'inset' : 'solid'}`] : []);
  appendAll(out, borders);
  // Chromium's cells take the colour their row computes (HTMLTableElement's cell style: `inherit`),
  // so an inset cell border is in shades of the text colour, not the legacy gray of an inset border
  // in currentcolor (css/compute.ts threeDCurrentColors)
  if (borders.length > 0) out.push(`border-color: ${color ?? 'inherit'}`);
  return out;
}

/** `rules=groups`: a solid line between row groups and between column groups. */
function groupHints(element: DomElement): string[] {
  const table = parentTable(element);
  if (table?.attribs['rules']?.toLowerCase() !== 'groups') return [];
  return element.name === 'colgroup' ? ['border-left: 1px solid', 'border-right: 1px solid'] : ['border-top: 1px solid', 'border-bottom: 1px solid'];
}

function listHints(name: string, attribs: Record<string, string>): string[] {
  const out: string[] = [];
  const type = attribs['type'];
  if (type !== undefined) {
    const mapped = OL_TYPES[type] ?? (UL_TYPES.has(type.toLowerCase()) ? type.toLowerCase() : undefined);
    if (mapped !== undefined) out.push(`list-style-type: ${mapped}`);
  }
  // Reversed lists are left to the box builder, which knows the number of items.
  if (name === 'ol' && attribs['reversed'] === undefined && attribs['start'] !== undefined && /^\s*-?\d+\s*$/.test(attribs['start'])) {
    out.push(`counter-reset: list-item ${Number(attribs['start']) - 1}`);
  }
  if (name === 'li' && attribs['value'] !== undefined && /^\s*-?\d+\s*$/.test(attribs['value'])) {
    out.push(`counter-set: list-item ${Number(attribs['value'])}`);
  }
  return out;
}
