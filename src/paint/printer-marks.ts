/**
 * Printer's marks (CSS Paged Media 3 §7.1, `marks: crop cross`), drawn in the bleed area outside
 * the page box: crop marks on the extensions of the page box's edges at its four corners, where
 * the sheet is to be trimmed, and a registration cross (a cross in a circle) at the middle of each
 * side, to line up the sheets of each ink. They stop short of the page box by half the bleed, so
 * that none shows when the sheet is trimmed a little off.
 */
import type { PageLayout } from '../layout/types.js';
import { PT_PER_PX } from '../geometry/types.js';
import { BLACK } from '../css/model/types.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import { roundedRectPath } from './path.js';

/** Hairline width of the marks, px (0.5pt: visible, yet thin enough to place the cut). */
const MARK_WIDTH = 0.5 / PT_PER_PX;

export function printerMarks(page: PageLayout): DisplayItem[] {
  const { marks, bleed = 0 } = page.pageStyle;
  if (marks === undefined || bleed <= 0) return [];
  const path: PathSegment[] = [];
  const line = (x0: number, y0: number, x1: number, y1: number): void => {
    path.push({ op: 'move', x: x0, y: y0 }, { op: 'line', x: x1, y: y1 });
  };
  const { width, height } = page;
  const half = bleed / 2;
  if (marks.crop) {
    for (const [x, toward] of [[0, -1], [width, 1]] as const) {
      for (const [y, away] of [[0, -1], [height, 1]] as const) {
        line(x + toward * half, y, x + toward * bleed, y);
        line(x, y + away * half, x, y + away * bleed);
      }
    }
  }
  if (marks.cross) {
    const arm = bleed / 3;
    for (const [x, y] of [[width / 2, -half], [width / 2, height + half], [-half, height / 2], [width + half, height / 2]] as const) {
      line(x - arm, y, x + arm, y);
      line(x, y - arm, x, y + arm);
      const r = arm * 0.6;
      path.push(...roundedRectPath({ x: x - r, y: y - r, width: 2 * r, height: 2 * r }, [r, r, r, r, r, r, r, r]));
    }
  }
  return [{ kind: 'stroke-path', path, color: BLACK, width: MARK_WIDTH, lineCap: 'butt' }];
}
