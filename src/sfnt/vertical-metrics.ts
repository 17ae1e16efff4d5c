/**
 * A font's vertical metrics (OpenType spec: `vhea`, `vmtx`, `VORG`): each glyph's advance down a
 * vertical line and the height of its vertical origin. Read here rather than by fontkit, which
 * (2.0.4) reads a version 1.1 `vhea` two bytes off and finds no long metrics in `vmtx`.
 */
import { Cursor } from './cursor.js';

export interface VerticalMetricsTables {
  /** `vmtx` advance heights, one per long metric (the last repeats for the glyphs after them). */
  readonly advances: Uint16Array;
  /** `vmtx` top side bearings, one per glyph id listed. */
  readonly topBearings: Int16Array;
  /** `VORG`: the vertical origin's y of the listed glyphs, and of every other one (CFF fonts). */
  readonly origins?: { readonly byGlyph: ReadonlyMap<number, number>; readonly byDefault: number };
}

/**
 * The vertical metrics in the tables' bytes; undefined without `vhea` and `vmtx` (or with a `vhea`
 * that lists no metrics). `vhea` 1.0 and 1.1 share the field read (numOfLongVerMetrics, at 34).
 */
export function readVerticalMetrics(vhea: Uint8Array | undefined, vmtx: Uint8Array | undefined, vorg: Uint8Array | undefined): VerticalMetricsTables | undefined {
  if (vhea === undefined || vmtx === undefined) return undefined;
  const header = new Cursor(vhea, 34, vhea.length, 'vhea');
  const longMetrics = header.u16();
  if (longMetrics === 0) return undefined;
  const metrics = new Cursor(vmtx, 0, vmtx.length, 'vmtx');
  const advances = new Uint16Array(longMetrics);
  const bearings: number[] = [];
  for (let i = 0; i < longMetrics; i++) {
    advances[i] = metrics.u16();
    bearings.push(metrics.i16());
  }
  // the glyphs after the long metrics have a top side bearing only, as far as the table goes
  while (metrics.at + 2 <= vmtx.length) bearings.push(metrics.i16());
  const origins = vorg === undefined ? undefined : readOrigins(vorg);
  return { advances, topBearings: Int16Array.from(bearings), ...(origins === undefined ? {} : { origins }) };
}

function readOrigins(vorg: Uint8Array): VerticalMetricsTables['origins'] {
  const c = new Cursor(vorg, 0, vorg.length, 'VORG');
  c.u16(); // major version 1
  c.u16();
  const byDefault = c.i16();
  const count = c.u16();
  const byGlyph = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const glyph = c.u16();
    byGlyph.set(glyph, c.i16());
  }
  return { byGlyph, byDefault };
}

/** Glyph `id`'s advance height (font units). */
export function advanceHeight(tables: VerticalMetricsTables, id: number): number {
  return tables.advances[Math.min(id, tables.advances.length - 1)]!;
}

/** Glyph `id`'s top side bearing, undefined past the table. */
export function topSideBearing(tables: VerticalMetricsTables, id: number): number | undefined {
  return id < tables.topBearings.length ? tables.topBearings[id] : undefined;
}
