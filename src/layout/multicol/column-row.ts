/**
 * One row of columns (CSS Multi-column Layout 1 §2, §8): a column set's content poured into
 * column boxes of the used width, each a fragmentainer of the row's height, from where the
 * previous row (page) left off. An unforced break truncates the margins at the next column's
 * top; `break-*: column` starts the next column, a forced page break ends the row.
 */
import type { BlockBox } from '../../boxes/types.js';
import type { BoxFragment, Fragment } from '../types.js';
import type { Baselines, BreakToken, ForcedBreak, LayoutContext, LayoutOutput, LayoutResult, PageContent, PendingPositioned } from '../contract.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { layoutBox } from '../contract.js';
import type { ColumnGeometry } from './columns.js';
import { avoidsBreak, forcedKind } from '../break-token.js';
import { withBoxFields } from '../fragment-records.js';

export interface RowInput {
  readonly mode: 'layout' | 'measure';
  /** The content box's left edge and width, and the row's top. */
  readonly x: number;
  readonly width: number;
  readonly top: number;
  /** The columns' height (Infinity: unbounded). */
  readonly height: number;
  /** How many columns the row may hold (more than the used count only where columns overflow the container). */
  readonly maxColumns: number;
  /**
   * Nothing is above the row on this page: the first column's first piece must be placed even if
   * it does not fit (else the row moves to the next page). Later columns always start at their top.
   */
  readonly atTop: boolean;
  /** Nothing of the container is on this page yet: the page may break before the container rather than inside the row. */
  readonly containerFirst: boolean;
  /** The row starts after an unforced break: margins at the first column's top are truncated. */
  readonly discardTopMargins: boolean;
  readonly rtl: boolean;
}

export interface ColumnRow {
  /** The column boxes' fragments (the set's anonymous block, one per column), in the row's frame. */
  readonly columns: readonly BoxFragment[];
  readonly outputs: readonly LayoutOutput[];
  /** Where the set resumes (undefined: complete). */
  readonly token: BreakToken | undefined;
  /** A forced page break (not a column break) ended the row. */
  readonly forced: ForcedBreak | undefined;
  /** Nothing fitted in the first column and the row may not overflow: the row moves to the next page. */
  readonly pushed: boolean;
}

/** The x of column `c` (columns run right to left in a right-to-left container, §2). */
export function columnX(geometry: ColumnGeometry, input: Pick<RowInput, 'x' | 'width' | 'rtl'>, c: number): number {
  const offset = c * (geometry.width + geometry.gap);
  return input.rtl ? input.x + input.width - geometry.width - offset : input.x + offset;
}

export function layoutColumnRow(view: BlockBox, geometry: ColumnGeometry, input: RowInput, ctx: LayoutContext, resume: BreakToken | undefined): ColumnRow {
  const columns: BoxFragment[] = [];
  const outputs: LayoutOutput[] = [];
  let token = resume;
  let discard = input.discardTopMargins;
  for (let c = 0; c < input.maxColumns; c++) {
    const lay = (atTop: boolean): LayoutResult => layoutBox(view, {
      mode: input.mode, available: geometry.width, containingWidth: geometry.width, containingHeight: undefined,
      x: columnX(geometry, input, c), y: input.top, strut: EMPTY_STRUT, exclusions: NO_EXCLUSIONS,
      // Unbounded columns still honour forced column breaks (bottom at infinity).
      fragmentainer: { bottom: input.top + input.height, atTop, discardTopMargins: discard, column: true },
    }, ctx, token);
    const laid = firstColumn(lay, input, c);
    if (laid === undefined) return { columns, outputs, token, forced: undefined, pushed: c === 0 };
    columns.push(laid.fragment);
    outputs.push(laid);
    token = laid.breakToken;
    if (token === undefined) break;
    const forced = forcedKind(token);
    if (forced !== undefined && forced !== 'column') return { columns, outputs, token, forced, pushed: false };
    discard = forced === undefined;
  }
  // Below something else on the page, a row that breaks inside a box that avoids breaks moves to
  // the next page whole, as Chromium moves it: the container's first row there if it breaks inside
  // such a box anywhere (the page breaks before the container instead), a later one (below a
  // spanner) if it would end inside one, carrying it over the page — inside that row, each
  // column's top still breaks it, as Chromium leaves it.
  // So does the container's first row when a column breaks a paragraph against its orphans or widows.
  const breaks = input.containerFirst ? columns : token === undefined ? [] : columns.slice(-1);
  if (!input.atTop && (breaksInsideAvoiding(breaks) || (input.containerFirst && breaksAgainstOrphans(outputs)))) {
    return { columns: [], outputs: [], token: resume, forced: undefined, pushed: true };
  }
  return { columns, outputs, token, forced: undefined, pushed: false };
}

/** Whether a column broke a paragraph between lines against its `orphans` or `widows` (BreakToken `violating`). */
export function breaksAgainstOrphans(outputs: readonly LayoutOutput[]): boolean {
  return outputs.some((output) => violates(output.breakToken));
}

function violates(token: BreakToken | undefined): boolean {
  if (token === undefined) return false;
  if (token.kind === 'inline') return token.violating === true;
  return token.children.some((child) => violates(child.token));
}

/** Whether a box broken at a column's end (a fragment continued after) avoids breaks between columns. */
export function breaksInsideAvoiding(fragments: readonly Fragment[]): boolean {
  for (const fragment of fragments) {
    if (fragment.kind !== 'box' || !fragment.continuedAfter) continue;
    if (avoidsBreak(fragment.box.style.breakInside, true) || breaksInsideAvoiding(fragment.children)) return true;
  }
  return false;
}

/**
 * A column's layout; undefined when nothing of the content fits in the first column of a row
 * that may move to the next page. A forced break before the first box pushes it too, but at the
 * top of a column it does nothing (the column is a fresh fragmentainer): then the column is laid
 * out as a top one, and only a first piece that overflows the row's height pushes the row.
 */
function firstColumn(lay: (atTop: boolean) => LayoutResult, input: RowInput, c: number): LayoutOutput | undefined {
  const atTop = input.atTop || c > 0;
  const laid = lay(atTop);
  if (laid.kind === 'placed') return laid;
  if (atTop) return undefined;
  const again = lay(true);
  if (again.kind !== 'placed' || again.fragment.y + again.fragment.height > input.top + input.height + 0.01) return undefined;
  return again;
}

/**
 * The tallest column's content (the row's used height). Where the content ends (a spanner or the
 * container's end follows), the margin after its last box is truncated as at a column break, as
 * Chromium does: paragraphs with bottom margins balance to the content's height over the column
 * count, the last paragraph's margin overflowing the columns, not lengthening them.
 */
export function rowContentHeight(row: ColumnRow): number {
  let tallest = 0;
  const last = row.columns.length - 1;
  for (let c = 0; c <= last; c++) {
    const column = row.columns[c]!;
    tallest = Math.max(tallest, c === last && row.token === undefined ? contentEnd(column) : column.height);
  }
  return tallest;
}

/** How far a column's content reaches: its children's border boxes, without the margin after them. */
function contentEnd(column: BoxFragment): number {
  let end = 0;
  for (const child of column.children) end = Math.max(end, child.y + child.height);
  return Math.min(end, column.height);
}

/**
 * The row's columns with the boxes broken at a column's end reaching down to it, as Chromium
 * draws them and as a box broken at a page end extends to it (contract.ts `extendsToEnd`): their
 * backgrounds and side borders end at the column's bottom, not at their last line. Applied once
 * the row's height is settled (`height`, from the row's top): balancing measures the content, so
 * its probes leave the boxes as tall as their content. Block, flex and grid boxes stretch; a
 * table keeps its rows' height (a table with collapsed borders ends with its rows between pages too).
 */
export function withBrokenBoxesToColumnEnd(columns: readonly BoxFragment[], height: number): readonly BoxFragment[] {
  let stretchedColumns: BoxFragment[] | undefined;
  for (let c = 0; c < columns.length; c++) {
    const column = columns[c]!;
    if (!column.continuedAfter) continue;
    const stretched = reachingDown(column, column.y + height);
    if (stretched === column) continue;
    stretchedColumns ??= [...columns];
    stretchedColumns[c] = stretched;
  }
  return stretchedColumns ?? columns;
}

/** A broken box whose border box reaches `bottom` (in its parent's frame), its broken children reaching its content's bottom. */
function reachingDown(fragment: BoxFragment, bottom: number): BoxFragment {
  const height = Math.max(fragment.height, bottom - fragment.y);
  // a sliced fragment has no bottom edges; a cloned one keeps them below its content
  const contentBottom = height - fragment.padding.bottom - fragment.border.bottom;
  let children: Fragment[] | undefined;
  for (let i = 0; i < fragment.children.length; i++) {
    const child = fragment.children[i]!;
    if (child.kind !== 'box' || !child.continuedAfter || !stretchesToColumnEnd(child)) continue;
    const stretched = reachingDown(child, contentBottom);
    if (stretched === child) continue;
    children ??= [...fragment.children];
    children[i] = stretched;
  }
  if (children === undefined && height === fragment.height) return fragment;
  return withBoxFields(fragment, children === undefined ? { height } : { height, children });
}

function stretchesToColumnEnd(fragment: BoxFragment): boolean {
  const kind = fragment.box.kind;
  return kind === 'block' || kind === 'flex' || kind === 'grid';
}

/** What the row's columns hand up: baselines (first column's first, last column's last, from `top`), escaping boxes. */
export function rowExtras(row: ColumnRow, top: number): { baselines: Baselines; positioned: PendingPositioned[]; pageContent: PageContent[] } {
  const first = row.outputs[0];
  const last = row.outputs[row.outputs.length - 1];
  return {
    baselines: {
      first: first?.baselines.first === undefined ? undefined : first.fragment.y - top + first.baselines.first,
      last: last?.baselines.last === undefined ? undefined : last.fragment.y - top + last.baselines.last,
    },
    positioned: row.outputs.flatMap((o) => o.positioned),
    pageContent: row.outputs.flatMap((o) => o.pageContent.map(calledInColumns)),
  };
}

function calledInColumns(content: PageContent): PageContent {
  // Object.assign, not a spread followed by keys (a new hidden class per call on Node 20)
  return content.kind === 'footnote' && content.inColumns !== true ? Object.assign({}, content, { inColumns: true }) : content;
}
