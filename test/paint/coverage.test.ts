/**
 * paint/coverage.ts against the plain way to compute it: every edge tested on every sample row,
 * the crossings sorted as objects. Random polygons, overlapping, of both windings.
 */
import { describe, expect, it } from 'vitest';
import type { Point } from '../../src/paint/coverage.js';
import { polygonCoverage } from '../../src/paint/coverage.js';

function plainCoverage(polygons: readonly (readonly Point[])[], area: { x: number; y: number }, scale: number, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const edges = polygons.flatMap((polygon) => polygon.map((a, i) => {
    const b = polygon[(i + 1) % polygon.length]!;
    return { x0: (a.x - area.x) * scale, y0: (a.y - area.y) * scale, x1: (b.x - area.x) * scale, y1: (b.y - area.y) * scale };
  })).filter((e) => e.y0 !== e.y1);
  for (let row = 0; row < height; row++) {
    for (let sub = 0; sub < 4; sub++) {
      const y = row + (sub + 0.5) / 4;
      const crossings = edges.filter((e) => Math.min(e.y0, e.y1) <= y && Math.max(e.y0, e.y1) > y)
        .map((e) => ({ x: e.x0 + ((y - e.y0) * (e.x1 - e.x0)) / (e.y1 - e.y0), winding: e.y1 > e.y0 ? 1 : -1 }))
        .sort((a, b) => a.x - b.x);
      let winding = 0;
      for (let i = 0; i < crossings.length - 1; i++) {
        winding += crossings[i]!.winding;
        if (winding === 0) continue;
        for (let col = 0; col < width; col++) {
          const covered = Math.min(col + 1, crossings[i + 1]!.x) - Math.max(col, crossings[i]!.x);
          if (covered > 0) out[row * width + col]! += covered / 4;
        }
      }
    }
  }
  return out;
}

describe('polygonCoverage', () => {
  it('equals the plain computation on random overlapping polygons of both windings', () => {
    let seed = 11;
    const random = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    for (let run = 0; run < 40; run++) {
      const polygons = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
        Array.from({ length: 3 + Math.floor(random() * 6) }, () => ({ x: random() * 30 - 5, y: random() * 20 - 5 })));
      const area = { x: -2, y: -3, width: 25, height: 18 };
      const scale = [0.5, 1, 1.5, 2][run % 4]!;
      const width = Math.ceil(area.width * scale);
      const height = Math.ceil(area.height * scale);
      const ours = [...polygonCoverage(polygons, area, scale, width, height)];
      const plain = [...plainCoverage(polygons, area, scale, width, height)];
      expect(ours.map((v) => Math.round(v * 1e4))).toEqual(plain.map((v) => Math.round(v * 1e4)));
    }
  });
});
