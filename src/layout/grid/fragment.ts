/**
 * Grid fragmentation (CSS Grid 1 §12, CSS Fragmentation 3): a grid breaks between rows. The
 * rows that fit the page are laid out; a row that does not fit moves to the next page with
 * everything after it, and a break never cuts through an item spanning several rows. At the top
 * of a page at least one row is placed, even if it overflows. The break token's `next` is the
 * first row of the next page.
 */
import type { FlexBox } from '../../boxes/types.js';
import type { BreakToken } from '../contract.js';
import type { SizedGrid } from './sizing.js';

export interface PageRows {
  readonly firstRow: number;
  /** The first row not on this page. */
  readonly endRow: number;
  /** Content-box y of the first row: rows on this page move up by it. */
  readonly shift: number;
  /** Extent of this page's rows. */
  readonly height: number;
  readonly breakToken: BreakToken | undefined;
  /**
   * The page holds one row taller than the room left (`room`): its items break inside, in
   * parallel; `resume` maps the items (by index) continuing from an earlier page to their tokens.
   */
  readonly split?: { readonly room: number; readonly resume: ReadonlyMap<number, BreakToken> } | undefined;
}

/** The end of the last row before `end`, from the content box top. */
export function rowsEnd(starts: readonly number[], sizes: readonly number[], end: number): number {
  return end === 0 ? 0 : starts[end - 1]! + sizes[end - 1]!;
}

/** The grid's sized rows and where each starts, from the content box top. */
export interface GridRows {
  readonly box: FlexBox;
  readonly sized: SizedGrid;
  readonly starts: readonly number[];
}

/**
 * Where this page's rows go: `room` is the space from the content box top to the page bottom
 * (undefined when nothing fragments), `resume` where the grid continues.
 */
export interface RowsRoom {
  readonly resume: BreakToken | undefined;
  readonly room: number | undefined;
  readonly atTop: boolean;
}

/** The rows of the grid on this page; undefined when no row fits and the grid must move. */
export function rowsForPage(rows: GridRows, space: RowsRoom): PageRows | undefined {
  const { box, sized, starts } = rows;
  const { resume, room, atTop } = space;
  const count = sized.rows.length;
  const firstRow = resume?.kind === 'block' ? Math.min(resume.next, count) : 0;
  if (resume?.kind === 'block' && resume.children.length > 0 && room !== undefined) {
    // The rest of a split row: only its unfinished items, from the page top.
    const split = { room, resume: new Map(resume.children.map((child) => [child.index, child.token])) };
    return { firstRow, endRow: firstRow + 1, shift: starts[firstRow]!, height: 0, breakToken: undefined, split };
  }
  const shift = firstRow === 0 || firstRow >= count ? (firstRow >= count ? rowsEnd(starts, sized.rows, count) : 0) : starts[firstRow]!;
  const whole = { firstRow, endRow: count, shift, height: rowsEnd(starts, sized.rows, count) - shift, breakToken: undefined };
  if (room === undefined || whole.height <= room + 0.01) return whole;
  const breakable = (line: number): boolean => !sized.grid.items.some((item) => item.area.rowStart < line && line < item.area.rowEnd);
  let endRow = firstRow;
  for (let line = firstRow + 1; line <= count; line++) {
    if (rowsEnd(starts, sized.rows, line) - shift > room + 0.01) break;
    if (breakable(line)) endRow = line;
  }
  if (endRow === firstRow) {
    if (!atTop) return undefined;
    endRow = firstRow + 1;
    while (endRow < count && !breakable(endRow)) endRow++;
    // A single row taller than the page breaks inside its items (CSS Fragmentation 3 §4.4, parallel flows).
    if (endRow === firstRow + 1 && breakable(firstRow)) {
      return { firstRow, endRow, shift, height: 0, breakToken: undefined, split: { room, resume: new Map() } };
    }
  }
  if (endRow >= count) return whole;
  const token: BreakToken = { kind: 'block', box, children: [], next: endRow };
  return { firstRow, endRow, shift, height: rowsEnd(starts, sized.rows, endRow) - shift, breakToken: token };
}
