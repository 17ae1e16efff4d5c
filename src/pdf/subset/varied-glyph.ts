/**
 * A variable font's glyph at an instance (its `gvar` deltas applied by fontkit), written as a
 * simple `glyf` glyph (OpenType spec, "glyf — Glyph Data"): composite glyphs come flattened, the
 * coordinates rounded to font units, without instructions (a font's hints are for its default
 * outlines). fontkit's own glyf encoder cannot run (fontkit 2.0.4 hands restructure a length where
 * a buffer is due), so the record is written here from the outline.
 */
import { setU16 } from '../../sfnt/binary.js';
import type { OutlineCommand } from '../../text/fontkit.js';
import type { GlyphRecord } from './glyf.js';
import { maxOf, minOf } from '../../append-all.js';

const ON_CURVE = 0x01;

interface Point {
  readonly x: number;
  readonly y: number;
  readonly on: boolean;
}

/** The outline's contours as TrueType points (quadratic: one off-curve control between on-curve points). */
function contoursOf(commands: readonly OutlineCommand[]): Point[][] {
  const contours: Point[][] = [];
  let current: Point[] = [];
  const close = (): void => {
    const first = current[0];
    const last = current[current.length - 1];
    // a contour that returns to its start names that point twice
    if (current.length > 1 && first !== undefined && last !== undefined && last.on && last.x === first.x && last.y === first.y) current.pop();
    if (current.length > 0) contours.push(current);
    current = [];
  };
  for (const { command, args } of commands) {
    const a = args.map(Math.round);
    switch (command) {
      case 'moveTo': close(); current.push({ x: a[0]!, y: a[1]!, on: true }); break;
      case 'lineTo': current.push({ x: a[0]!, y: a[1]!, on: true }); break;
      case 'quadraticCurveTo': current.push({ x: a[0]!, y: a[1]!, on: false }, { x: a[2]!, y: a[3]!, on: true }); break;
      // TrueType outlines are quadratic; a cubic segment (not expected from glyf) is drawn through its end point
      case 'bezierCurveTo': current.push({ x: a[4]!, y: a[5]!, on: true }); break;
      case 'closePath': close(); break;
    }
  }
  close();
  return contours;
}

/** The simple glyph record of an outline (empty bytes for an empty outline, as a space has). */
export function variedGlyphRecord(commands: readonly OutlineCommand[]): GlyphRecord {
  const contours = contoursOf(commands);
  const points = contours.flat();
  if (points.length === 0) return { bytes: new Uint8Array(0), componentOffsets: [], componentIds: [] };
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  // header, end points, instruction length 0, one flag byte per point, then 16-bit x and y deltas
  const size = 10 + contours.length * 2 + 2 + points.length + points.length * 4;
  const bytes = new Uint8Array(size);
  setU16(bytes, 0, contours.length);
  setU16(bytes, 2, minOf(xs) & 0xffff);
  setU16(bytes, 4, minOf(ys) & 0xffff);
  setU16(bytes, 6, maxOf(xs) & 0xffff);
  setU16(bytes, 8, maxOf(ys) & 0xffff);
  let at = 10;
  let end = -1;
  for (const contour of contours) {
    end += contour.length;
    setU16(bytes, at, end);
    at += 2;
  }
  at += 2; // instructionLength stays 0
  for (const point of points) bytes[at++] = point.on ? ON_CURVE : 0;
  let last = 0;
  for (const point of points) {
    setU16(bytes, at, (point.x - last) & 0xffff);
    at += 2;
    last = point.x;
  }
  last = 0;
  for (const point of points) {
    setU16(bytes, at, (point.y - last) & 0xffff);
    at += 2;
    last = point.y;
  }
  return { bytes, componentOffsets: [], componentIds: [] };
}
