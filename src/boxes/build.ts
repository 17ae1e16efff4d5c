/**
 * Element tree -> box tree (CSS Display 3 §2, CSS2 §9.2). One walk in document order that also
 * runs the counters (they depend on document order), then per block container the anonymous-box
 * fix-up (anonymous.ts) and white space processing (whitespace.ts).
 */
import { drawsNothing, isMathElement, mathBox, mathCellRow, type MathBuild } from './math.js';
import { InlineSvgImages } from './inline-svg.js';
import { foreignObjectBlock, foreignObjectsOf } from './foreign-object.js';
import { blockified, blockifiedItem, isFlexOrGrid, outerDisplay, outOfFlowScheme } from './display.js';
import { withSvgReferences } from './svg-references.js';
import type { Diagnostics } from '../diagnostics.js';
import type { ComputedStyle, ContentItem, CounterStyleSet, Display, ElementPseudoStyles, PseudoElement, StyledDocument } from '../css/types.js';
import { WHITE_SPACE_PRE } from '../css/types.js';
import type { DomDocument, DomElement, DomNode, DomText } from '../dom/types.js';
import { elementLocation } from '../dom/location.js';
import { MAX_HYPHENATED_WORD } from '../text/hyphenate.js';
import { isElement, isText } from '../dom/types.js';
import type { FormBuild, BlockBox, BlockLevelBox, Box, BoxElement, BoxTree, FlexBox, ForeignObjectBox, InlineBox, InlineLevelBox, MathBox, ReplacedBox, TextBox } from './types.js';
import { CounterState } from './counters.js';
import type { ContentRefs, QuoteState } from './generated.js';
import { applyCounterChanges, contentItemBox, contentText, markerContent } from './generated.js';
import { blockContainerChildren, blockLevelChildren, inlineBoxes, isBlockLevel } from './anonymous.js';
import type { TableParts } from './table.js';
import { tableAsItem, tablePartBox, tableWrapper, wrapMisparentedParts } from './table.js';
import type { DocumentRecords, PassResults } from './references.js';
import { emptyRecords, recordElement, recordStrings, targetResolver, withoutPassState } from './references.js';
import { PseudoStrings } from './pseudo-strings.js';
import { PageFootnotes, pagesNumberFootnotes } from './page-footnotes.js';
import { limitExceeded } from '../limits.js';
import { withFirstLetter } from './first-letter.js';
import { withFirstLine } from './first-line.js';
import { withTextBoxTrim } from './text-box-trim.js';
import { appendAll } from '../append-all.js';
import { NO_CHILDREN } from './types.js';
import { MARKER_PADDING, listSymbol, textBox } from './marker-text.js';
import { fieldRatios, fitContentButton, formControlBox, naturalIf, type DocumentFontMetrics } from './form-controls.js';
import { detailsChildren } from './details.js';
import { absoluteUrl, emptySourceWarning, replacedSource } from './replaced-source.js';
import { rubyPairs } from './ruby.js';
import { legendAsItem, renderedLegend } from './fieldset.js';
import type { WritingModeChange } from './writing-mode.js';
import { markVertical, orthogonalSubgrid, turnedBoxes, writingModeChange } from './writing-mode.js';
import { OpenElements, sourceLocator } from './open-elements.js';
import { warnUndrawn3d } from './perspective.js';

export interface BuildContext {
  /** Base URL that relative `src` attributes resolve against. */
  readonly baseUrl: string | undefined;
  readonly diagnostics: Diagnostics;
  /** What the previous layout pass found, for cross-references (`target-counter()`...). */
  readonly previous?: PassResults | undefined;
  /** limits.maxBoxes: building stops as soon as the tree surely has more (render.ts counts them exactly after). */
  readonly maxBoxes?: number | undefined;
  /** limits.maxCounters: distinct counter names (CounterState). */
  readonly maxCounters?: number | undefined;
  /** Whether boxes keep their DOM elements (a tagged PDF's structure tree is made from the DOM). */
  readonly keepDom?: boolean | undefined;
  /** The loaded fonts' metrics, once a form control asked for a font not known before it loads (BoxTree.estimatedFieldFonts). */
  readonly fontMetrics?: DocumentFontMetrics | undefined;
}

interface Walk {
  readonly dom: DomDocument;
  readonly styled: StyledDocument;
  readonly ctx: BuildContext;
  readonly counters: CounterState;
  readonly quotes: QuoteState;
  readonly tableParts: TableParts;
  readonly records: DocumentRecords;
  readonly refs: ContentRefs;
  /** The elements being built and their records (open-elements.ts). */
  readonly elements: OpenElements;
  /** Boxes the tree surely has so far (see countSure). */
  sure: number;
  /** Whether a word too long to hyphenate was reported (once per render). */
  longWord?: true;
  readonly forms: FormBuild;
  /** `estimatedFieldFonts` once a form control read estimated font metrics (BoxTree.estimatedFieldFonts). */
  readonly fieldFonts: { estimatedFieldFonts?: true };
  readonly counterStyles: CounterStyleSet;
  /** The query containers' elements, when the styles read their sizes (BoxTree.containers). */
  readonly containers: Map<BoxElement, DomElement> | undefined;
  /** The images of inline `<svg>` elements, with what they take from one another (`<use href="#icon">` of a sprite). */
  readonly inlineSvgs: InlineSvgImages;
  /** Inside a `<math>` element: MathML elements make math boxes (math.ts). */
  inMath: boolean;
  readonly math: MathBuild;
  /** Named strings waiting for the text of their element's ::before, ::after or ::marker. */
  readonly pseudoStrings: PseudoStrings;
  /** Footnotes numbered per page (`@page { counter-reset: footnote }`), else undefined. */
  readonly pageFootnotes: PageFootnotes | undefined;
}

export function buildBoxTree(dom: DomDocument, styled: StyledDocument, ctx: BuildContext): BoxTree {
  const records = emptyRecords();
  const anonymousStyle = (parent: ComputedStyle, display: Display): ComputedStyle => styled.anonymousStyle(parent, display);
  const walk: Walk = {
    dom, styled, ctx, counters: new CounterState(ctx.maxCounters), quotes: { depth: 0 }, records, refs: { targets: targetResolver(records, ctx.previous) }, elements: new OpenElements(), sure: 0,
    containers: styled.containerSizeDependent === true ? new Map() : undefined, inMath: false, pseudoStrings: new PseudoStrings(records, (element) => boxElement(walk, element)),
    pageFootnotes: pagesNumberFootnotes(styled.pageRules) ? new PageFootnotes(records, ctx.previous) : undefined,
    counterStyles: styled.counterStyles,
    inlineSvgs: new InlineSvgImages((e) => styled.stylesOf(e), (message, at) => ctx.diagnostics.warn('resource', message, elementLocation(dom, at))),
    forms: { anonymousStyle, block: (style, children, outer, element) => blockBox(walk, { element, style, children, outer }), fieldRatios: (font) => fieldRatios(ctx.fontMetrics, font, walk.fieldFonts) }, fieldFonts: {},
    math: { anonymousStyle, block: (style, children) => blockBox(walk, { element: undefined, style, children, outer: 'block' }), warn: (message, at) => { if (!walk.math.quiet) ctx.diagnostics.warn('html', message, sourceLocator(dom)(at)); }, warned: new Set(), quiet: false },
    tableParts: {
      tablesInCells: new WeakSet(),
      anonymousStyle,
      blockOf: (style, element, children, pseudo) => blockBox(walk, { element, style, pseudo, children: wrapMisparentedParts(children, style, false, walk.tableParts), outer: 'block' }),
    },
  };
  const html = dom.documentElement;
  const styles = styled.stylesOf(html);
  const style = styles?.style;
  if (styles === undefined || style === undefined || style.display === 'none') {
    return { root: emptyRoot(styled.initialStyle) };
  }
  // The root element's display is blockified (CSS Display 3 §2.7).
  const blockStyle = blockified(style);
  // footnotes are numbered through the document (CSS GCPM 3 §2.4)
  walk.counters.reset({ name: 'footnote', value: 0 });
  openElement(walk, html);
  applyCounterChanges(html, blockStyle, walk.counters);
  const rootStyle = record(walk, html, blockStyle);
  const children = elementChildren(walk, html, rootStyle, styles);
  const root = blockBox(walk, { element: boxElement(walk, html), style: rootStyle, children, outer: 'block' });
  return { root, records: withoutPassState(records), locate: sourceLocator(dom), mode: dom.mode, tablesInCells: walk.tableParts.tablesInCells, ...(walk.containers === undefined ? {} : { containers: walk.containers }), ...walk.fieldFonts };
}


function openElement(walk: Walk, element: DomElement): void {
  const record = walk.elements.open(element, walk.ctx.keepDom === true);
  const type = walk.containers === undefined ? undefined : walk.styled.styleOf(element)?.containerType;
  if (type !== undefined && type !== 'normal') walk.containers!.set(record, element);
}

function closeElement(walk: Walk): void {
  walk.elements.close();
}

function boxElement(walk: Walk, element: DomElement): BoxElement {
  return walk.elements.recordOf(element);
}

function emptyRoot(style: ComputedStyle): BlockBox {
  return { kind: 'block', outer: 'block', style, element: undefined, pseudo: undefined, children: [], inlineContent: true };
}

/**
 * Boxes an element generates at its parent's level (an inline containing blocks splits into
 * several). `parentStyle`: the style its parent's children are built with (elementChildren).
 */
function buildElement(walk: Walk, element: DomElement, parentStyle: ComputedStyle): readonly Box[] {
  // one lookup for the element's style and its pseudo-elements' (elementChildren, markerBox)
  const pseudos = walk.styled.stylesOf(element);
  const declared = pseudos?.style;
  // CSS Lists 3 §4.5: an element that generates no box neither creates nor changes counters.
  if (pseudos === undefined || declared === undefined || declared.display === 'none') return NO_CHILDREN;
  walk.counters.enterElement();
  openElement(walk, element);
  try {
    return buildRenderedElement(walk, element, declared, parentStyle, pseudos);
  } finally {
    closeElement(walk);
    walk.counters.leaveElement();
  }
}

function buildRenderedElement(walk: Walk, element: DomElement, declared: ComputedStyle, parentStyle: ComputedStyle, pseudos: ElementPseudoStyles): readonly Box[] {
  const scheme = outOfFlowScheme(declared);
  const outer = scheme !== undefined ? blockified(declared) : declared;
  applyCounterChanges(element, outer, walk.counters);
  if (scheme === 'footnote') walk.pageFootnotes?.number(walk.counters);
  const style = record(walk, element, outer);
  if (style.display === 'contents') return walk.pseudoStrings.settled(element, elementChildren(walk, element, style, pseudos));
  countSure(walk);
  const change = changeOf(walk, element, style, parentStyle);
  const boxes = walk.pseudoStrings.settled(element, withWritingMode(walk, element, change, inFlowBoxes(walk, element, style, change, pseudos)));
  if (scheme === undefined) return boxes;
  const box = boxes[0];
  if (box === undefined || !isBlockLevel(box)) return boxes;
  if (scheme === 'footnote') return footnoteBoxes(walk, element, style, box);
  return [{ kind: 'out-of-flow', scheme, box, style, element: boxElement(walk, element), pseudo: undefined }];
}

/**
 * A footnote (CSS GCPM 3 §2): its ::footnote-call stays where the element was, and the element,
 * with its ::footnote-marker first, goes to the footnote area of the page the call falls on.
 */
function footnoteBoxes(walk: Walk, element: DomElement, style: ComputedStyle, box: BlockLevelBox): Box[] {
  const source = boxElement(walk, element);
  const callStyle = walk.styled.styleOf(element, 'footnote-call');
  const markerStyle = walk.styled.styleOf(element, 'footnote-marker');
  const call: Box[] = callStyle !== undefined && Array.isArray(callStyle.content)
    ? [{ kind: 'inline', style: callStyle, element: source, pseudo: 'footnote-call', children: contentBoxes(walk, element, callStyle, 'footnote-call', callStyle.content) }]
    : [];
  const marker = markerStyle !== undefined && Array.isArray(markerStyle.content)
    ? { kind: 'inline' as const, style: markerStyle, element: source, pseudo: 'footnote-marker' as const, children: contentBoxes(walk, element, markerStyle, 'footnote-marker', markerStyle.content) }
    : undefined;
  const body = marker !== undefined && box.kind === 'block' ? withLeadingInline(walk, box, marker) : box;
  return [...call, { kind: 'out-of-flow', scheme: 'footnote', box: body, style, element: source, pseudo: undefined }];
}

/** A block container with an inline box put before its first content (as an inside marker is). */
function withLeadingInline(walk: Walk, box: BlockBox, inline: InlineBox): BlockBox {
  if (box.inlineContent) return { ...box, children: [inline, ...box.children] };
  const first = box.children[0];
  if (first !== undefined && first.kind === 'block') return { ...box, children: [withLeadingInline(walk, first, inline), ...box.children.slice(1)] };
  return blockBox(walk, { element: box.element, style: box.style, pseudo: box.pseudo, children: [inline, ...box.children], outer: box.outer });
}

/**
 * Ids, counters and named strings of the element (references.ts), once its counters are applied.
 * Returns its style with `bookmark-label` evaluated (counters are known only here), for the PDF outline.
 */
function record(walk: Walk, element: DomElement, declared: ComputedStyle): ComputedStyle {
  const style = declared.filter.length === 0 && declared.clipPath === 'none' ? declared : withSvgReferences(declared, element, (message) => walk.ctx.diagnostics.warn('css_unsupported', message, elementLocation(walk.dom, element)));
  if (style.transform.length > 0) warnUndrawn3d(style, element, (e) => walk.styled.styleOf(e), (message, at) => walk.ctx.diagnostics.warn('css_unsupported', message, elementLocation(walk.dom, at)));
  const source = boxElement(walk, element);
  recordElement(walk.records, element, source, style, walk.counters);
  // nearly every element sets neither: no closure for them (this runs for every element)
  if (style.stringSet === 'none' && style.bookmarkLevel === 'none') return style;
  const text = (items: readonly ContentItem[]): string => contentText(items, { element, style }, { counters: walk.counters, quotes: { depth: 0 }, refs: walk.refs, counterStyles: walk.counterStyles });
  if (style.stringSet !== 'none') { recordStrings(walk.records, source, style.stringSet, text); walk.pseudoStrings.expect(element, style.stringSet, text); }
  if (style.bookmarkLevel === 'none') return style;
  return { ...style, bookmarkLabel: [{ kind: 'string', value: text(style.bookmarkLabel).replace(/\s+/g, ' ').trim() }] };
}

/**
 * How the element's writing mode relates to its parent's (writing-mode.ts), warned where it is not
 * honoured. The parent's is read from the style its children are built with: the parent's own
 * (blockifying and record() change neither `writing-mode` nor anything else it reads), which
 * spares looking its style up again for every element.
 */
function changeOf(walk: Walk, element: DomElement, style: ComputedStyle, parentStyle: ComputedStyle): WritingModeChange {
  const change = writingModeChange(style, parentStyle);
  if (change.kind === 'unsupported') walk.ctx.diagnostics.warn('css_unsupported', change.message, elementLocation(walk.dom, element));
  return change;
}

/** An element starting a vertical flow: its block box is laid out turned (layout/orthogonal.ts). */
function withWritingMode(walk: Walk, element: DomElement, change: WritingModeChange, boxes: Box[]): Box[] {
  if (change.kind !== 'vertical' || boxes.some((box) => box.kind === 'table-cell')) return boxes;
  const at = elementLocation(walk.dom, element);
  return orthogonalSubgrid(boxes, change.mode, (message) => walk.ctx.diagnostics.warn('css_unsupported', message, at)).map((box) => markVertical(box, change.mode, at, (parent) => walk.styled.anonymousStyle(parent, 'block')));
}

function inFlowBoxes(walk: Walk, element: DomElement, style: ComputedStyle, change: WritingModeChange, pseudos: ElementPseudoStyles): Box[] {
  const replaced = replacedBox(walk, element, style);
  if (replaced !== undefined) return [replaced];
  const source = boxElement(walk, element);
  const control = FORM_CONTROLS.has(element.name) ? formControlBox(walk.forms, element, style, source, pseudos) : undefined;
  if (control !== undefined) return [control];
  const fitted = element.name === 'button' ? fitContentButton(style) : style;
  if (fitted !== style) return inFlowBoxes(walk, element, fitted, change, pseudos).map((box) => (box.kind === 'block' ? naturalIf(style, box) : box));
  if (element.name === 'br') return [{ kind: 'br', style, element: source, pseudo: undefined }];
  if (element.name === 'wbr') return [{ kind: 'inline', style, element: source, pseudo: undefined, children: [], breakOpportunity: true }];
  if (element.name === 'math' || (walk.inMath && isMathElement(element.name))) return [mathElementBox(walk, element, style, source, pseudos)];

  const outer = outerDisplay(style.display);
  if (outer === 'inline-flow') return inlineBoxes(style, source, rubyPairs(element, style, elementChildren(walk, element, style, pseudos), walk.forms));
  if (isFlexOrGrid(style.display)) {
    const itemLegend = element.name === 'fieldset' ? legendAsItem(element, style.display) : undefined;
    if (itemLegend !== undefined) walk.ctx.diagnostics.warn('css_unsupported', itemLegend, elementLocation(walk.dom, element));
    return [flexBox(walk, { element: source }, style, outer, elementChildren(walk, element, style, pseudos))];
  }
  if (style.display === 'table' || style.display === 'inline-table') {
    return [tableWrapper(source, style, outer === 'inline' ? 'inline' : 'block', elementChildren(walk, element, style, pseudos), walk.tableParts)];
  }
  if (TABLE_PARENTS.has(style.display) || style.display === 'table-cell' || style.display === 'table-caption' || style.display === 'table-column') {
    // a vertical cell keeps its place in the table; its content is the vertical flow
    const own = elementChildren(walk, element, style, pseudos);
    const children = withFirstLetter(walk.styled, element, pseudos, walk.inMath && element.name === 'mtd' ? [mathCellRow(style, own, walk.math)] : own, () => boxElement(walk, element));
    const content = change.kind === 'vertical' && style.display === 'table-cell'
      ? [{ ...blockBox(walk, { element: undefined, style: walk.styled.anonymousStyle(style, 'block'), children, outer: 'block' }), verticalRoot: change.mode, verticalSource: elementLocation(walk.dom, element) }]
      : children;
    const part = tablePartBox(source, style, content, walk.tableParts);
    if (part !== undefined) {
      warnUnmovedTablePart(walk, element, style);
      if (part.kind !== 'table-cell') return [part];
      const cell = withTextBoxTrim(withFirstLine(walk.styled, element, pseudos, part.content), (m) => walk.ctx.diagnostics.warn('css_unsupported', m, elementLocation(walk.dom, element)));
      return [cell === part.content ? part : { ...part, content: cell }];
    }
  }
  const marker = style.display === 'list-item' ? markerBox(walk, element, style, pseudos.marker) : undefined;
  let children = withFirstLetter(walk.styled, element, pseudos, elementChildren(walk, element, style, pseudos), () => boxElement(walk, element));
  if (marker !== undefined && style.listStylePosition === 'inside') children = [marker, ...children];
  const rendered = element.name === 'fieldset' ? renderedLegend(children) : undefined;
  const box = withTextBoxTrim(withFirstLine(walk.styled, element, pseudos, blockBox(walk, { element: source, style, children: rendered?.rest ?? children, outer, marker: style.listStylePosition === 'outside' ? marker : undefined })), (m) => walk.ctx.diagnostics.warn('css_unsupported', m, elementLocation(walk.dom, element)));
  return [rendered === undefined ? box : { ...box, legend: rendered.legend }];
}

/** A MathML element's math box (math.ts), its children built as the inside of a formula. */
function mathElementBox(walk: Walk, element: DomElement, style: ComputedStyle, source: BoxElement, pseudos: ElementPseudoStyles): MathBox {
  const { inMath, math: { quiet } } = walk;
  if (!inMath) walk.math.quiet = drawsNothing(element, (e) => walk.styled.stylesOf(e)?.style);
  walk.inMath = true;
  try {
    return mathBox({ name: element.name, style, source, children: elementChildren(walk, element, style, pseudos), blockLevel: outerDisplay(style.display) === 'block' }, walk.math);
  } finally {
    walk.inMath = inMath;
    walk.math.quiet = quiet;
  }
}

/**
 * Cells, rows and row groups move by their relative offsets (layout/table/relative-parts.ts); a
 * column or column group is no box that moves (nor in Chromium): its offsets are said to do
 * nothing, not silently dropped.
 */
function warnUnmovedTablePart(walk: Walk, element: DomElement, style: ComputedStyle): void {
  if (style.display !== 'table-column' && style.display !== 'table-column-group') return;
  if (style.position !== 'relative' || (style.top === 'auto' && style.right === 'auto' && style.bottom === 'auto' && style.left === 'auto')) return;
  walk.ctx.diagnostics.warn('css_unsupported', `the offsets (top, right, bottom, left) of a relatively positioned \`${style.display}\` are not honoured: a column is not moved, nor its background (as in Chromium)`, elementLocation(walk.dom, element));
}

/**
 * A flex or grid container (CSS Flexbox 1 §4, CSS Grid 1 §6): each in-flow child is blockified
 * into an item, and each run of text between them is wrapped in an anonymous block item.
 */
function flexBox(walk: Walk, at: { readonly element: BoxElement; readonly pseudo?: 'before' | 'after' }, style: ComputedStyle, outer: 'block' | 'inline', own: readonly Box[]): FlexBox {
  const children = own.map((child) => (child.kind === 'table-wrapper' ? tableAsItem(child) : isBlockLevel(child) || child.kind === 'out-of-flow' ? child : blockifiedItem(child)));
  const kind = style.display === 'flex' || style.display === 'inline-flex' ? 'flex' : 'grid';
  return { kind, outer, style, element: at.element, pseudo: at.pseudo, children: blockLevelChildren(children, style, walk.styled.anonymousStyle) };
}

/** Children of an element, framed by its ::before and ::after boxes (`pseudos`: the element's styles, stylesOf). */
function elementChildren(walk: Walk, element: DomElement, style: ComputedStyle, pseudos: ElementPseudoStyles): readonly Box[] {
  // skipped contents generate no boxes (CSS Containment 2 §4.1)
  if (style.contentVisibility === 'hidden') return NO_CHILDREN;
  walk.counters.enterLevel();
  // one list for all the children (every caller builds the box's own list from it)
  const boxes: Box[] = [];
  appendAll(boxes, pseudoBoxes(walk, { element, style }, 'before', pseudos.before));
  // no closure for the elements that are not `details`: this runs for every element
  const children = element.name !== 'details' ? element.children : detailsChildren(element, (details) => walk.ctx.diagnostics.warn('html',
    'a `<details>` without a `<summary>` is printed without one (a browser shows a default "Details" summary)', elementLocation(walk.dom, details)));
  for (let i = 0; i < children.length; i++) appendNodeBoxes(walk, children[i]!, style, boxes);
  appendAll(boxes, pseudoBoxes(walk, { element, style }, 'after', pseudos.after));
  walk.counters.leaveLevel();
  // a `display: contents` element's children are its parent's: the parent's fix-up places them (a `<tbody style="display: contents">`'s rows are the table's)
  if (TABLE_PARENTS.has(style.display) || style.display === 'table' || style.display === 'inline-table' || style.display === 'contents') return boxes;
  return wrapMisparentedParts(boxes, style, outerDisplay(style.display) === 'inline-flow', walk.tableParts);
}

/** Appends the boxes of a child node to `out`. */
function appendNodeBoxes(walk: Walk, node: DomNode, parentStyle: ComputedStyle, out: Box[]): void {
  if (isText(node)) {
    if (node.data.length === 0) return;
    if (NOT_WHITE_SPACE.test(node.data)) countSure(walk);
    if (parentStyle.hyphens === 'auto' && walk.longWord === undefined && LONG_WORD.test(node.data)) warnLongWord(walk, node);
    const text: TextBox = { kind: 'text', text: node.data, style: parentStyle, element: undefined, pseudo: undefined };
    out.push(text);
  } else if (isElement(node)) {
    appendAll(out, buildElement(walk, node, parentStyle));
  }
}

/** A run of letters longer than `hyphens: auto` hyphenates (text/hyphenate.ts). */
const LONG_WORD = new RegExp(`[\\p{L}\\p{M}]{${MAX_HYPHENATED_WORD + 1}}`, 'u');

function warnLongWord(walk: Walk, node: DomText): void {
  walk.longWord = true;
  const at = node.parent !== null && isElement(node.parent) ? elementLocation(walk.dom, node.parent) : { file: walk.dom.sourceName };
  walk.ctx.diagnostics.warn('css_unsupported', `a word longer than ${MAX_HYPHENATED_WORD} letters is not hyphenated (hyphens: auto)`, at);
}

/** Text that white space processing never removes (CSS Text 3 §4.1: document white space). */
const NOT_WHITE_SPACE = /[^ \t\n\r\f]/;

/**
 * Counts a box the finished tree will surely hold: an element's own box (an element not
 * `display: contents` generates at least one) or a text box that is not white space only. The
 * count is a lower bound of the tree's boxes (anonymous and generated boxes are left out), so a
 * document is refused at the first box past limits.maxBoxes instead of once its whole tree is built.
 */
function countSure(walk: Walk): void {
  const max = walk.ctx.maxBoxes;
  if (max !== undefined && ++walk.sure > max) throw limitExceeded('maxBoxes', max, `the document generates more than ${max} boxes`);
}

/** ::before/::after: children of the element for counters too (CSS Lists 3 §4.4), turned by a writing mode not the element's as an element is. */
function pseudoBoxes(walk: Walk, origin: { readonly element: DomElement; readonly style: ComputedStyle }, pseudo: 'before' | 'after', style: ComputedStyle | undefined): readonly Box[] {
  if (style === undefined || style.display === 'none' || !Array.isArray(style.content)) return NO_CHILDREN;
  const boxes = generatedBoxes(walk, origin.element, pseudo, style, style.content);
  const change = changeOf(walk, origin.element, style, origin.style);
  return change.kind !== 'vertical' ? boxes : turnedBoxes(boxes, (box) => withWritingMode(walk, origin.element, change, [box])[0] ?? box);
}

/** The boxes of a ::before/::after whose `content` is a list. */
function generatedBoxes(walk: Walk, element: DomElement, pseudo: 'before' | 'after', style: ComputedStyle, content: readonly ContentItem[]): readonly Box[] {
  walk.counters.enterElement();
  let children: InlineLevelBox[];
  try {
    applyCounterChanges(element, style, walk.counters, true);
    children = contentBoxes(walk, element, style, pseudo, content);
    walk.pseudoStrings.capture(element, pseudo, children);
  } finally {
    walk.counters.leaveElement();
  }
  const source = boxElement(walk, element);
  // an absolutely positioned or floated ::after (a ticket's notch, a ribbon, a badge) leaves the flow as an element does (CSS2 §9.3)
  const scheme = outOfFlowScheme(style);
  if (scheme === 'absolute' || scheme === 'fixed' || scheme === 'float') {
    // blockified, a flex or grid container stays one (the donut chart's centred `::after { display: grid; place-items: center }`)
    const outOfFlow = blockified(style);
    const box = isFlexOrGrid(outOfFlow.display) ? flexBox(walk, { element: source, pseudo }, outOfFlow, 'block', children)
      : outOfFlow.display === 'table' ? { ...tableWrapper(source, outOfFlow, 'block', children, walk.tableParts), pseudo }
        : blockBox(walk, { element: source, style: outOfFlow, pseudo, children, outer: 'block' });
    return [{ kind: 'out-of-flow', scheme, box, style: outOfFlow, element: source, pseudo }];
  }
  const outer = outerDisplay(style.display);
  if (outer === 'inline-flow') return [{ kind: 'inline', style, element: source, pseudo, children }];
  // a table, flex or grid container as an element's: the clearfix `::after { content: " "; display: table }` is one that margins do not collapse through (CSS2 §8.3.1)
  const atomic = outer === 'inline' ? 'inline' : 'block';
  if (style.display === 'table' || style.display === 'inline-table') return [{ ...tableWrapper(source, style, atomic, children, walk.tableParts), pseudo }];
  // a table part (a hanging number's `li::before { display: table-cell }`) is one as an element's is: the parent's fix-up wraps it in the anonymous table it misses (CSS2 §17.2.1)
  const part = tablePartBox(source, style, children, walk.tableParts, pseudo);
  if (part !== undefined) return [part];
  return [isFlexOrGrid(style.display) ? flexBox(walk, { element: source, pseudo }, style, atomic, children) : blockBox(walk, { element: source, style, pseudo, children, outer })];
}

/** The boxes of a `content` list (CSS Generated Content 3 §2): text runs and `url()` images. */
function contentBoxes(walk: Walk, element: DomElement, style: ComputedStyle, pseudo: PseudoElement, items: readonly ContentItem[]): InlineLevelBox[] {
  const children: InlineLevelBox[] = [];
  let text = '';
  const flush = (): void => {
    if (text.length > 0) children.push({ kind: 'text', text, style, element: undefined, pseudo });
    text = '';
  };
  const ctx = { baseUrl: walk.ctx.baseUrl, anonymous: (s: ComputedStyle) => walk.styled.anonymousStyle(s, 'inline'), state: walk };
  for (const item of items) {
    if (item.kind === 'element') {
      walk.ctx.diagnostics.warn('css_unsupported', `\`element(${item.name})\` in \`content\` is shown only in page-margin boxes (CSS GCPM 3 §1.3): nothing is shown for it here`, elementLocation(walk.dom, element));
      continue;
    }
    const box = contentItemBox(item, style, pseudo, ctx);
    if (box === undefined) text += contentText([item], { element, style }, walk);
    else { flush(); children.push(box); }
  }
  flush();
  return children;
}

/**
 * A list item's ::marker (CSS Lists 3 §3.1): its `content`, else the `list-style-image`, else the
 * `list-style-type` text. Inside markers are inline boxes at the start of the item's content,
 * outside markers block containers that layout/marker.ts places beside the first line.
 */
function markerBox(walk: Walk, element: DomElement, itemStyle: ComputedStyle, style: ComputedStyle | undefined): Box | undefined {
  if (style === undefined) return undefined;
  // The marker's spaces are part of its representation (`1. `): keep them.
  const markerStyle: ComputedStyle = { ...style, ...WHITE_SPACE_PRE };
  const textBoxes = Array.isArray(style.content)
    ? contentBoxes(walk, element, markerStyle, 'marker', style.content)
    : textBox(markerStyle, markerContent(element, style, itemStyle, walk), listSymbol(style, itemStyle));
  walk.pseudoStrings.capture(element, 'marker', textBoxes);
  const image = markerImage(walk, style, markerStyle);
  const children = image !== undefined ? [image] : textBoxes;
  if (children.length === 0) return undefined;
  if (itemStyle.listStylePosition === 'inside') {
    // Chromium puts 7 px (Blink's kCMarkerPaddingPx) between an image marker and the text.
    const insideStyle = image === undefined ? markerStyle : markerStyle.direction === 'rtl' ? { ...markerStyle, marginLeft: MARKER_PADDING } : { ...markerStyle, marginRight: MARKER_PADDING };
    return { kind: 'inline', style: insideStyle, element: boxElement(walk, element), pseudo: 'marker', children };
  }
  const marker: BlockBox = { kind: 'block', outer: 'inline', style: markerStyle, element: boxElement(walk, element), pseudo: 'marker', children, inlineContent: true };
  return image !== undefined && textBoxes.length > 0 ? { ...marker, imageFallback: textBoxes } : marker;
}

/** `list-style-image` as the marker's content, when `content` is `normal` (CSS Lists 3 §3.1). */
function markerImage(walk: Walk, style: ComputedStyle, markerStyle: ComputedStyle): ReplacedBox | undefined {
  if (style.content !== 'normal' || style.listStyleImage === 'none') return undefined;
  const imageStyle = walk.styled.anonymousStyle(markerStyle, 'inline');
  return { kind: 'replaced', outer: 'inline', src: absoluteUrl(style.listStyleImage, walk.ctx.baseUrl), alt: '', style: imageStyle, element: undefined, pseudo: 'marker' };
}

/** Elements whose content form-controls.ts makes (`<button>` keeps its own). */
const FORM_CONTROLS: ReadonlySet<string> = new Set(['input', 'select', 'textarea', 'progress', 'meter']);

function replacedBox(walk: Walk, element: DomElement, style: ComputedStyle): ReplacedBox | undefined {
  const foreign = element.name === 'svg' ? foreignObjectsOf(element) : [];
  const source = replacedSource(element, element.name === 'svg' ? walk.inlineSvgs.imageUrl(element, foreign) : undefined, walk.styled.media);
  const outer = outerDisplay(style.display) === 'block' ? 'block' : 'inline';
  // an <img> without a usable src is an image that did not load: a box of no source (replaced-source.ts)
  if (source === undefined && element.name !== 'img') return undefined;
  const missing = source === undefined ? emptySourceWarning(element) : undefined;
  if (missing !== undefined) walk.ctx.diagnostics.warn('resource', missing, elementLocation(walk.dom, element));
  const src = source === undefined ? '' : absoluteUrl(typeof source === 'string' ? source : source.url, walk.ctx.baseUrl);
  const box: ReplacedBox = { kind: 'replaced', outer, src, alt: element.attribs['alt'] ?? '', style, element: boxElement(walk, element), pseudo: undefined };
  if (foreign.length > 0) return { ...box, foreignObjects: foreign.map((object) => foreignObjectBox(walk, object, element)) };
  return source === undefined || typeof source === 'string' || source.density === 1 ? box : { ...box, density: source.density };
}

/** The block of a `<foreignObject>` of an inline `<svg>` (boxes/foreign-object.ts); none when hidden or empty. */
function foreignObjectBox(walk: Walk, element: DomElement, svg: DomElement): ForeignObjectBox | undefined {
  const pseudos = walk.styled.stylesOf(element);
  const block = pseudos === undefined ? undefined : foreignObjectBlock(element, svg, pseudos.style, walk.styled.initialStyle);
  if (pseudos === undefined || block === undefined) return undefined;
  walk.counters.enterElement();
  openElement(walk, element);
  const children = elementChildren(walk, element, block.style, pseudos);
  const box = blockBox(walk, { element: boxElement(walk, element), style: block.style, children, outer: 'block' });
  closeElement(walk);
  walk.counters.leaveElement();
  return { box, width: block.width, height: block.height };
}


/** What a block container box is made of, before its children are wrapped into anonymous boxes. */
interface BlockParts {
  readonly element: BoxElement | undefined;
  readonly style: ComputedStyle;
  readonly pseudo?: BlockBox['pseudo'];
  readonly children: readonly Box[];
  readonly outer: 'block' | 'inline';
  readonly marker?: Box | undefined;
}

function blockBox(walk: Walk, { element, style, pseudo, children, outer, marker }: BlockParts): BlockBox {
  // a literal of the seven fields, in the order of every other block box's (anonymous.ts): spread
  // from the children's record, the two last went to an out-of-object store, and the box had a map
  // of its own. With a marker, one literal too: `{ ...box, marker }` made a new map per list item (Node 20).
  const { children: blockChildren, inlineContent } = blockContainerChildren(children, style, walk.styled.anonymousStyle);
  if (marker !== undefined && marker.kind === 'block') return { kind: 'block', outer, style, element, pseudo, children: blockChildren, inlineContent, marker } as BlockBox;
  return { kind: 'block', outer, style, element, pseudo, children: blockChildren, inlineContent } as BlockBox;
}

/** Table-internal displays whose children are table parts (their white space and stray content are fixed up in table.ts). */
const TABLE_PARENTS: ReadonlySet<Display> = new Set<Display>(['table-row-group', 'table-header-group', 'table-footer-group', 'table-row', 'table-column-group']);
