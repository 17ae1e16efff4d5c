/**
 * Upright glyphs in vertical text (CSS Writing Modes 3 §5.1). A vertical flow is laid out turned
 * a quarter turn clockwise and painted turned back (layout/orthogonal.ts), so an upright glyph is
 * drawn here turned a quarter turn anticlockwise about its place: its vertical origin (`VORG`) at
 * the pen, its horizontal centre on the line's centre between the font's ascent and descent.
 *
 * The glyphs are drawn from their outlines, and the run is written again as invisible text along
 * the line: a text extractor reads the run in logical order, as it reads sideways vertical text
 * (glyphs set upright one by one in a font's horizontal encoding read as one line per glyph).
 */
import type { Color } from '../css/types.js';
import type { PlacedRun } from '../layout/types.js';
import { glyphOutlineCommands } from '../text/fontkit.js';
import type { FontFace, UprightMetrics } from '../text/types.js';
import type { DisplayItem, Matrix, PathSegment } from './display-list.js';
import { glyphsItem } from './text.js';
import { BoundedCache } from '../cache/bounded.js';

/** The upright glyphs of `run`, its start at `x` on the page: drawn from their outlines, and the run written again as invisible text. */
export function uprightGlyphItems(run: PlacedRun, x: number, upright: UprightMetrics, baseline: number, color: Color): DisplayItem[] {
  const items: DisplayItem[] = [];
  if (color.a > 0) {
    for (const glyph of uprightGlyphs(run, x, upright, baseline)) {
      items.push({ kind: 'push-transform', matrix: glyph.matrix }, { kind: 'fill-path', path: glyph.path, color }, { kind: 'pop-transform' });
    }
  }
  items.push({ ...glyphsItem(run, x, baseline, color), invisible: true });
  return items;
}

/** An upright glyph: glyph `id` of `face` at `size` px, its outline, and the matrix that sets it in its place. */
export interface UprightGlyph {
  readonly face: FontFace;
  readonly id: number;
  readonly size: number;
  readonly matrix: Matrix;
  readonly path: readonly PathSegment[];
}

/**
 * Where each glyph of `run` is drawn (those with an outline): turned a quarter turn anticlockwise
 * about its place, its vertical origin at the pen, its horizontal centre on the line's centre
 * between the font's ascent and descent.
 */
export function uprightGlyphs(run: PlacedRun, x: number, upright: UprightMetrics, baseline: number): UprightGlyph[] {
  const { face, size } = run.run;
  const centre = baseline - (upright.ascent - upright.descent) / 2;
  const glyphs: UprightGlyph[] = [];
  let pen = x;
  run.run.glyphs.forEach((glyph, i) => {
    const path = outlinePath(face, glyph.id, size);
    const place = glyph.upright;
    if (path.length > 0 && place !== undefined) {
      // glyph x → up the turned line, glyph y (down) → along it: upright once the flow turns back;
      // xOffset moves it along the line (a start trimmed by text-spacing-trim), the font's placement in its own frame
      const placement = place.placement ?? { x: 0, y: 0 };
      glyphs.push({ face, id: glyph.id, size, matrix: [0, -1, 1, 0, pen + glyph.xOffset + place.originY + placement.y, centre + place.width / 2 - placement.x], path });
    }
    pen += run.advances[i] ?? glyph.advance;
  });
  return glyphs;
}

/**
 * Glyph `id`'s outline at `size` px, y down from its origin on the baseline, made once per face,
 * glyph and size: vertical CJK text repeats few glyphs many times, and the PDF writer draws a path
 * it meets again as one form XObject (pdf/path-forms.ts), which needs the same array.
 */
function outlinePath(face: FontFace, id: number, size: number): readonly PathSegment[] {
  let paths = OUTLINES.get(face);
  if (paths === undefined) OUTLINES.set(face, (paths = new BoundedCache('paint.upright-outlines', 4096)));
  const key = `${id}@${size}`;
  let path = paths.get(key);
  if (path === undefined) paths.set(key, (path = glyphPath(face, id, size)));
  return path;
}

/** Outlines per face, by glyph and size (they die with the face; the bound is for a document of many sizes). */
const OUTLINES = new WeakMap<FontFace, BoundedCache<string, readonly PathSegment[]>>();

function glyphPath(face: FontFace, id: number, size: number): PathSegment[] {
  const scale = size / face.unitsPerEm;
  const path: PathSegment[] = [];
  let last = { x: 0, y: 0 };
  const at = (x: number, y: number): { x: number; y: number } => ({ x: x * scale, y: -y * scale });
  for (const { command, args } of glyphOutlineCommands(face.program, id)) {
    if (command === 'closePath') {
      path.push({ op: 'close' });
      continue;
    }
    if (command === 'moveTo' || command === 'lineTo') {
      last = at(args[0]!, args[1]!);
      path.push({ op: command === 'moveTo' ? 'move' : 'line', ...last });
    } else if (command === 'quadraticCurveTo') {
      const c = at(args[0]!, args[1]!);
      const end = at(args[2]!, args[3]!);
      // a quadratic as the cubic it equals
      path.push({ op: 'curve', x1: last.x + (2 / 3) * (c.x - last.x), y1: last.y + (2 / 3) * (c.y - last.y), x2: end.x + (2 / 3) * (c.x - end.x), y2: end.y + (2 / 3) * (c.y - end.y), ...end });
      last = end;
    } else {
      const [c1, c2, end] = [at(args[0]!, args[1]!), at(args[2]!, args[3]!), at(args[4]!, args[5]!)];
      path.push({ op: 'curve', x1: c1.x, y1: c1.y, x2: c2.x, y2: c2.y, ...end });
      last = end;
    }
  }
  return path;
}
