/**
 * `@font-face` metric descriptors (CSS Fonts 5 §4.10–4.11), as next/font writes them on the
 * fallback face of every web font: `size-adjust` sets the face's glyphs and metrics at a
 * multiple of the font size; `ascent-override`, `descent-override` and `line-gap-override`
 * replace the font's own (fractions of the font size, scaled by `size-adjust` too). The heights
 * are Chromium 156's for the same paragraphs (getBoundingClientRect).
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { Fragment, TextFragment } from '../../src/layout/types.js';
import { fileURLToPath } from 'node:url';

/** The bundled Liberation fonts, as files a template names (next/font names a local() font: the same faces). */
const FONTS = { baseDir: fileURLToPath(new URL('../../fonts/liberation/', import.meta.url)) };

const FACES = `
  @font-face { font-family: 'Inter Fallback'; src: url(LiberationSans-Regular.ttf); ascent-override: 90.49%; descent-override: 22.56%; line-gap-override: 0%; size-adjust: 107.06%; }
  @font-face { font-family: 'Roboto Fallback'; src: url(LiberationSans-Regular.ttf); ascent-override: 92.77%; descent-override: 24.41%; line-gap-override: 0%; size-adjust: 100.3%; }
  @font-face { font-family: Tall; src: url(LiberationSerif-Regular.ttf); ascent-override: 150%; descent-override: 50%; line-gap-override: 20%; }
  @font-face { font-family: Small; src: url(LiberationSans-Regular.ttf); size-adjust: 50%; }
  body { margin: 0; font-size: 16px } p { margin: 0; white-space: nowrap }`;

function texts(fragment: Fragment): TextFragment[] {
  if (fragment.kind === 'text') return [fragment];
  return fragment.kind === 'box' || fragment.kind === 'line' ? fragment.children.flatMap(texts) : [];
}

/** Each paragraph's height, and its text's width and glyph-run sizes. */
async function measured(family: string, size = 16): Promise<{ height: number; width: number; sizes: number[] }> {
  const doc = await layoutHtml(`<style>${FACES}</style><p id=p style="font-family: ${family}; font-size: ${size}px">Fallback metrics</p>`, FONTS);
  const box = findById(doc.pages[0]!, 'p')!;
  const runs = texts(box);
  return {
    height: box.height,
    width: Number(runs.reduce((sum, t) => sum + t.width, 0).toFixed(2)),
    sizes: runs.flatMap((t) => t.runs.map((r) => Number(r.run.size.toFixed(3)))),
  };
}

describe('@font-face metric overrides', () => {
  it('size-adjust sets the glyphs at a multiple of the font size', async () => {
    const plain = await measured("'Liberation Sans'");
    const small = await measured('Small');
    expect(small.sizes).toEqual([8]);
    expect(small.width).toBeCloseTo(plain.width / 2, 1);
    expect((await measured("'Inter Fallback'")).sizes).toEqual([17.13]);
  });

  it('the overrides give the line its height (line-height: normal), scaled by size-adjust', async () => {
    // Blink rounds the ascent and descent apart: 0.9277 × 16 × 1.003 = 14.9 and 0.2441 × 16.05 = 3.9, a 19px line
    expect((await measured("'Roboto Fallback'")).height).toBe(19);
    // 0.9049 × 20 × 1.0706 = 19.4 and 0.2256 × 21.41 = 4.8: 24px; (1.5 + 0.5 + 0.2) × 16 = 35.2: 35px
    expect((await measured("'Inter Fallback'", 20)).height).toBe(24);
    expect((await measured('Tall')).height).toBe(35);
    expect((await measured("'Liberation Sans'")).height).toBe(18);
  });

  it('a face with overrides leaves the same font without them as it was', async () => {
    const span = async (css: string, family: string): Promise<Fragment> => {
      const doc = await layoutHtml(`<style>${css}</style><p style="font-family: ${family}">Tall <span id=s style="font-family: 'Liberation Serif'">plain</span></p>`, FONTS);
      return findById(doc.pages[0]!, 's')!;
    };
    const overridden = await span(FACES, 'Tall');
    expect(texts(overridden).flatMap((t) => t.runs.map((r) => r.run.size))).toEqual([16]);
    expect(overridden.height).toBe((await span('body { margin: 0; font-size: 16px } p { margin: 0 }', "'Liberation Sans'")).height);
  });
});
