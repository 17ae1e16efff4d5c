/**
 * Glyph outlines as polygons in px (for what must be drawn from the outline rather than with the
 * font: a blurred text shadow's mask). Curves are flattened to within a tenth of a pixel.
 */
import type { FontFace } from './types.js';
import { glyphOutlineCommands } from './fontkit.js';

/** Closed polygons, px, y down, relative to the glyph origin on the baseline. */
export type Polygon = { x: number; y: number }[];

/** The outline of glyph `id` of `face` at `size` px as closed polygons. */
export function glyphPolygons(face: FontFace, id: number, size: number): Polygon[] {
  const scale = size / face.unitsPerEm;
  const polygons: Polygon[] = [];
  let current: Polygon = [];
  const point = (x: number, y: number): { x: number; y: number } => ({ x: x * scale, y: -y * scale });
  const steps = (length: number): number => Math.min(32, Math.max(2, Math.ceil(Math.sqrt(length * scale) * 1.5)));
  for (const { command, args } of glyphOutlineCommands(face.program, id)) {
    const last = current[current.length - 1] ?? { x: 0, y: 0 };
    if (command === 'moveTo') {
      if (current.length > 2) polygons.push(current);
      current = [point(args[0]!, args[1]!)];
    } else if (command === 'lineTo') {
      current.push(point(args[0]!, args[1]!));
    } else if (command === 'quadraticCurveTo') {
      const c = point(args[0]!, args[1]!);
      const end = point(args[2]!, args[3]!);
      const n = steps(Math.hypot(end.x - last.x, end.y - last.y) / scale);
      for (let i = 1; i <= n; i++) {
        const t = i / n;
        const u = 1 - t;
        current.push({ x: u * u * last.x + 2 * u * t * c.x + t * t * end.x, y: u * u * last.y + 2 * u * t * c.y + t * t * end.y });
      }
    } else if (command === 'bezierCurveTo') {
      const c1 = point(args[0]!, args[1]!);
      const c2 = point(args[2]!, args[3]!);
      const end = point(args[4]!, args[5]!);
      const n = steps(Math.hypot(end.x - last.x, end.y - last.y) / scale);
      for (let i = 1; i <= n; i++) {
        const t = i / n;
        const u = 1 - t;
        current.push({
          x: u * u * u * last.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * end.x,
          y: u * u * u * last.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * end.y,
        });
      }
    } else if (current.length > 2) {
      polygons.push(current);
      current = [];
    }
  }
  if (current.length > 2) polygons.push(current);
  return polygons;
}
