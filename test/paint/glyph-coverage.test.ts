/**
 * paint/glyph-coverage.ts against the exact coverage of the same glyphs' outlines as polygons:
 * stamps placed at quarter-pixel phases differ from it only along the glyphs' edges, by what a
 * shift of at most an eighth of a device pixel moves there.
 */
import { describe, expect, it } from 'vitest';
import type { Point } from '../../src/paint/coverage.js';
import { polygonCoverage } from '../../src/paint/coverage.js';
import type { GlyphAt } from '../../src/paint/glyph-coverage.js';
import { addGlyphCoverage, glyphsBounds } from '../../src/paint/glyph-coverage.js';
import { glyphPolygons } from '../../src/text/outline.js';
import { loadFace, shape } from '../pdf/font-fixture.js';
import { SYNTHETIC_OBLIQUE_SKEW } from '../../src/text/types.js';

describe('glyph coverage stamps', () => {
  const face = loadFace('sans');
  const oblique = loadFace('sans', { syntheticOblique: true });

  function compare(glyphs: readonly GlyphAt[], scale: number): { sumStamped: number; sumExact: number; maxDifference: number } {
    const bounds = glyphsBounds(glyphs)!;
    const area = { x: bounds.x - 3, y: bounds.y - 3, width: bounds.width + 6, height: bounds.height + 6 };
    const width = Math.ceil(area.width * scale);
    const height = Math.ceil(area.height * scale);
    const stamped = new Float32Array(width * height);
    addGlyphCoverage({ values: stamped, width, height, area, scale }, glyphs);
    const polygons: Point[][] = glyphs.flatMap((g) => glyphPolygons(g.face, g.id, g.size).map((polygon) => polygon.map((p) => ({ x: g.x + p.x - (g.oblique ? p.y * SYNTHETIC_OBLIQUE_SKEW : 0), y: g.y + p.y }))));
    const exact = polygonCoverage(polygons, area, scale, width, height);
    let maxDifference = 0;
    let sumStamped = 0;
    let sumExact = 0;
    for (let i = 0; i < exact.length; i++) {
      maxDifference = Math.max(maxDifference, Math.abs(exact[i]! - stamped[i]!));
      sumStamped += stamped[i]!;
      sumExact += exact[i]!;
    }
    return { sumStamped, sumExact, maxDifference };
  }

  it('covers a line of text as its outlines do, at fractional places and mask scales, upright and oblique', () => {
    let seed = 5;
    const random = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    for (const [font, skew] of [[face, false], [oblique, true]] as const) {
      for (const scale of [0.75, 1.5, 2]) {
        const run = shape(font, 'Shadowed text, Wavy gjpq AV 0123', 16);
        let x = 10 + random();
        const y = 30 + random();
        const glyphs: GlyphAt[] = [];
        for (const glyph of run) {
          glyphs.push({ face: font, id: glyph.id, size: 16, oblique: skew, x, y });
          x += glyph.advance + random() * 0.3;
        }
        const { sumStamped, sumExact, maxDifference } = compare(glyphs, scale);
        // the ink is the same to within a percent (kerned pairs such as AV overlap, and count
        // twice where they share a pixel's edge); a pixel differs by what a shift of an eighth of a
        // pixel each way moves across it
        expect(Math.abs(sumStamped - sumExact) / sumExact).toBeLessThan(0.015);
        expect(maxDifference).toBeLessThanOrEqual(0.3);
      }
    }
  });

  it('clamps overlapping glyphs to full coverage: wholly covered pixels stay covered once, edge pixels count twice', () => {
    const [glyph] = shape(face, 'O', 20);
    const one = { face, id: glyph!.id, size: 20, oblique: false, x: 5, y: 20 };
    const once = compare([one], 1);
    const twice = compare([one, one], 1);
    expect(twice.sumExact).toBeCloseTo(once.sumExact, 3);
    expect(twice.sumStamped).toBeGreaterThan(once.sumStamped);
    expect(twice.sumStamped).toBeLessThan(1.5 * once.sumStamped);
    const bounds = glyphsBounds([one])!;
    const area = { x: bounds.x - 3, y: bounds.y - 3, width: bounds.width + 6, height: bounds.height + 6 };
    const width = Math.ceil(area.width);
    const height = Math.ceil(area.height);
    const out = new Float32Array(width * height);
    addGlyphCoverage({ values: out, width, height, area, scale: 1 }, [one, one, one]);
    expect(out.reduce((most, v) => Math.max(most, v), 0)).toBe(1);
  });
});
