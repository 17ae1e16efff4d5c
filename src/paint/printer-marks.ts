/**
 * Printer's marks (CSS Paged Media 3 §7.1, `marks: crop cross`), drawn in the bleed area outside
 * the page box, shaped and placed as WeasyPrint draws them (the reference the conformance suite
 * holds): crop marks on the extensions of the page box's edges at its four corners, from the
 * sheet's edge to half the bleed, so that none shows when the sheet is trimmed a little off; and
 * at the middle of each side a registration cross, to line up the sheets of each ink: centred a
 * quarter of the bleed from the sheet's edge, its arm across the bleed running from the sheet's
 * edge to half the bleed, the arm along the edge as long, and a circle of an eighth of the bleed.
 */
import type { PageLayout } from '../layout/types.js';
import { BLACK } from '../css/model/types.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import { ellipsePath } from './svg-geometry.js';
import { appendAll } from '../append-all.js';

/** Line widths, px: the crop marks', the crosses' arms and their circles' (WeasyPrint's 1px drawn at ½ and ¼ scale). */
const CROP_WIDTH = 1;
const ARM_WIDTH = 0.5;
const CIRCLE_WIDTH = 0.25;

export function printerMarks(page: PageLayout): DisplayItem[] {
  const { marks, bleed = 0 } = page.pageStyle;
  if (marks === undefined || bleed <= 0) return [];
  const items: DisplayItem[] = [];
  const stroke = (path: PathSegment[], width: number): void => {
    if (path.length > 0) items.push({ kind: 'stroke-path', path, color: BLACK, width, lineCap: 'butt' });
  };
  const line = (path: PathSegment[], x0: number, y0: number, x1: number, y1: number): void => {
    path.push({ op: 'move', x: x0, y: y0 }, { op: 'line', x: x1, y: y1 });
  };
  const { width, height } = page;
  const half = bleed / 2;
  if (marks.crop) {
    const crop: PathSegment[] = [];
    for (const [x, toward] of [[0, -1], [width, 1]] as const) {
      for (const [y, away] of [[0, -1], [height, 1]] as const) {
        line(crop, x + toward * half, y, x + toward * bleed, y);
        line(crop, x, y + away * half, x, y + away * bleed);
      }
    }
    stroke(crop, CROP_WIDTH);
  }
  if (marks.cross) {
    const arms: PathSegment[] = [];
    const circles: PathSegment[] = [];
    const quarter = bleed / 4;
    const r = bleed / 8;
    // each cross: its centre and the unit vector from the sheet's edge toward the page box
    const crosses = [[width / 2, -bleed + quarter, 0, 1], [width / 2, height + bleed - quarter, 0, -1], [-bleed + quarter, height / 2, 1, 0], [width + bleed - quarter, height / 2, -1, 0]] as const;
    for (const [x, y, dx, dy] of crosses) {
      line(arms, x - dx * quarter, y - dy * quarter, x + dx * quarter, y + dy * quarter);
      line(arms, x - dy * quarter, y - dx * quarter, x + dy * quarter, y + dx * quarter);
      appendAll(circles, ellipsePath(x, y, r, r));
    }
    stroke(arms, ARM_WIDTH);
    stroke(circles, CIRCLE_WIDTH);
  }
  return items;
}
