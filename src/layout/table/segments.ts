/**
 * Collapsed borders of the rows on one page, as segments between grid lines (CSS2 §17.6.2): a
 * vertical segment per row and line, a horizontal one per column and line between displayed rows
 * (a repeated header meets the first body row of the page), centred on the line. Where the table
 * breaks, the edge between the rows on either side of the break closes each page (as WeasyPrint
 * draws it). Horizontal segments reach over the vertical borders they meet, and the wider border
 * is painted last, so it wins at a junction.
 */
import type { BorderStyle, Color } from '../../css/types.js';
import type { Rect } from '../../geometry/types.js';
import type { CollapsedBorderSegment } from '../types.js';
import type { TableGeometry } from './geometry.js';
import type { TablePlan } from './plan.js';
import type { PlacedRow } from './paginate.js';
import type { CollapsedBorder } from './collapse.js';
import { edgesBetween } from './collapse.js';

/** Where the table breaks around this page; a row split inside its cells has no border at the break (it is sliced). */
export interface Breaks {
  readonly continued: boolean;
  readonly broken: boolean;
  readonly resumedRow: number | undefined;
  readonly splitRow: number | undefined;
}

export function collapsedSegments(plan: TablePlan, geometry: TableGeometry, rows: readonly PlacedRow[], breaks: Breaks): CollapsedBorderSegment[] {
  const edges = plan.edges;
  if (edges === undefined || rows.length === 0) return [];
  // the horizontal lines: above each displayed row, and below the last
  const lines: HorizontalLine[] = [];
  for (let p = 0; p < rows.length; p++) {
    const row = rows[p]!;
    const r = row.laid.index;
    const above = p > 0 ? rows[p - 1]!.laid.index : breaks.continued && r > plan.grid.headerRows ? r - 1 : undefined;
    lines.push({ y: row.y, edges: r === breaks.resumedRow ? undefined : edgesBetween(edges, above, r) });
  }
  const last = rows[rows.length - 1]!;
  const afterLast = breaks.broken && last.laid.index + 1 < plan.grid.rows.length - plan.grid.footerRows ? last.laid.index + 1 : undefined;
  lines.push({ y: last.y + last.height, edges: last.laid.index === breaks.splitRow ? undefined : edgesBetween(edges, last.laid.index, afterLast) });
  const walk = new SegmentWalk(rows, edges.vertical, geometry.columns, plan.table.style.direction === 'rtl', lines);
  const { n, rtl, vertical } = walk;
  for (let p = 0; p < rows.length; p++) {
    const row = rows[p]!;
    for (let line = 0; line <= n; line++) {
      const edge = vertical[row.laid.index]![line]!;
      const top = walk.halfAcross(p, line);
      const bottom = walk.halfAcross(p + 1, line);
      walk.push(edge, true, { x: walk.lineX(line) - edge.width / 2, y: row.y - top, width: edge.width, height: row.height + top + bottom });
    }
  }
  for (let i = 0; i < lines.length; i++) {
    const { y, edges: lineEdges } = lines[i]!;
    if (lineEdges === undefined) continue;
    for (let c = 0; c < n; c++) {
      const edge = lineEdges[c]!;
      const start = Math.max(walk.verticalWidth(i - 1, c), walk.verticalWidth(i, c)) / 2;
      const end = Math.max(walk.verticalWidth(i - 1, c + 1), walk.verticalWidth(i, c + 1)) / 2;
      const from = Math.min(walk.lineX(c), walk.lineX(c + 1));
      const to = Math.max(walk.lineX(c), walk.lineX(c + 1));
      const [before, after] = rtl ? [end, start] : [start, end];
      walk.push(edge, false, { x: from - before, y: y - edge.width / 2, width: to - from + before + after, height: edge.width });
    }
  }
  // the wider border is painted last, so it owns the junction (stable: tree order among equals)
  return walk.out.sort(byThickness);
}

/**
 * A segment record made by a constructor, not an object literal: ~470 a page of a long table, living
 * until the page is painted. V8 may decide at one scavenge that a literal site's objects live long
 * and allocate all its later ones in old space for good (paint/fill-rect.ts says more); in the
 * report this site was among those decided so. A class has no allocation site.
 */
class Segment implements CollapsedBorderSegment {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly vertical: boolean;
  readonly style: BorderStyle;
  readonly color: Color;

  constructor(edge: CollapsedBorder, vertical: boolean, at: Rect) {
    this.x = at.x;
    this.y = at.y;
    this.width = at.width;
    this.height = at.height;
    this.vertical = vertical;
    this.style = edge.style;
    this.color = edge.color;
  }
}

interface HorizontalLine {
  readonly y: number;
  readonly edges: readonly CollapsedBorder[] | undefined;
}

function byThickness(a: CollapsedBorderSegment, b: CollapsedBorderSegment): number {
  return (a.vertical ? a.width : a.height) - (b.vertical ? b.width : b.height);
}

/**
 * The page's rows, grid lines and segments so far. A class, not closures made per call: V8 keeps
 * a closure's optimised code only while a closure of it lives, so the helpers made per page were
 * compiled again after each full GC.
 */
class SegmentWalk {
  readonly out: CollapsedBorderSegment[] = [];
  readonly n: number;

  constructor(
    private readonly rows: readonly PlacedRow[],
    readonly vertical: readonly (readonly CollapsedBorder[])[],
    private readonly columns: TableGeometry['columns'],
    readonly rtl: boolean,
    private readonly lines: readonly HorizontalLine[],
  ) {
    this.n = columns.widths.length;
  }

  /** Grid line `line` is the start edge of column `line` (its right edge in a right-to-left table). */
  lineX(line: number): number {
    const { x, widths } = this.columns;
    const n = this.n;
    return this.rtl
      ? (line < n ? x[line]! + widths[line]! : x[n - 1]!)
      : (line < n ? x[line]! : x[n - 1]! + widths[n - 1]!);
  }

  push(edge: CollapsedBorder, vertical: boolean, at: Rect): void {
    if (edge.width > 0) this.out.push(new Segment(edge, vertical, at));
  }

  /** Half the widest horizontal border meeting grid line `line` on horizontal line `i`. */
  halfAcross(i: number, line: number): number {
    const edges = this.lines[i]!.edges;
    if (edges === undefined) return 0;
    return Math.max(line > 0 ? edges[line - 1]!.width : 0, line < this.n ? edges[line]!.width : 0) / 2;
  }

  verticalWidth(p: number, line: number): number {
    return p >= 0 && p < this.rows.length ? this.vertical[this.rows[p]!.laid.index]![line]!.width : 0;
  }
}
