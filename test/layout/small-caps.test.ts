/**
 * font-variant-caps (CSS Fonts 4 §6.5): a face with `smcp` draws its own small capitals; one
 * without gets synthesized ones, capitals at 0.7 of the font size for the letters that would be
 * small capitals (as Chrome and Firefox do). Petite capitals fall back to small capitals, unicase
 * to `c2sc` or synthesized small capitals for the capitals only; titling capitals without `titl`
 * are the ordinary ones. Geometry: run sizes, glyphs and widths.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { TextFragment } from '../../src/layout/types.js';
import { findById, layoutHtml, textFragments as texts } from '../helpers/layout.js';
import { qpdfCheck } from '../helpers/qpdf.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));
const base = '@page { size: 600px 200px; margin: 0 } body { margin: 0 } p { margin: 0; font: 20px/30px "Liberation Serif" }';

async function paragraph(html: string, css = '', baseDir?: string): Promise<TextFragment[]> {
  const doc = await layoutHtml(`<style>${base} ${css}</style>${html}`, baseDir === undefined ? {} : { baseDir });
  return texts(findById(doc.pages[0]!, 'p')!);
}

/** [text of the glyphs (their code points), size] per run. */
function runs(fragments: readonly TextFragment[]): [string, number][] {
  return fragments.flatMap((t) => t.runs.map((r): [string, number] => [String.fromCodePoint(...r.run.glyphs.flatMap((g) => g.codePoints)), r.run.size]));
}

const width = (fragments: readonly TextFragment[]): number => fragments.reduce((sum, t) => sum + t.width, 0);

describe('synthesized small capitals (Liberation Serif has no smcp)', () => {
  it('draws lower-case letters as capitals at 0.7 of the size, the rest at full size', async () => {
    const caps = await paragraph('<p id=p style="font-variant-caps:small-caps">Hello World 42</p>');
    expect(runs(caps)).toEqual([['H', 20], ['ELLO', 14], [' W', 20], ['ORLD', 14], [' 42', 20]]);
    // The reader still sees the source text.
    expect(caps.map((t) => t.text).join('')).toBe('Hello World 42');
    // As wide as the same capitals set by hand in two sizes.
    const byHand = await paragraph('<p id=p>H<span style="font-size:14px">ELLO</span> W<span style="font-size:14px">ORLD</span> 42</p>');
    expect(width(caps)).toBeCloseTo(width(byHand), 6);
    expect(width(caps)).toBeLessThan(width(await paragraph('<p id=p>HELLO WORLD 42</p>')));
  });

  it('sets them at a whole number of pixels, as Chromium 156 does (13px text: 9px capitals, 14px: 10, 15px: 11)', async () => {
    for (const [size, small] of [[13, 9], [14, 10], [15, 11], [11.5, 8]] as const) {
      const caps = await paragraph(`<p id=p style="font: ${size}px 'Liberation Serif'; font-variant-caps: small-caps">Ab</p>`);
      expect(runs(caps), `${size}px`).toEqual([['A', size], ['B', small]]);
    }
  });

  it('all-small-caps makes capitals small too; petite-caps falls back to small-caps', async () => {
    // Digits, punctuation and spaces are set small among the small capitals, as Chromium does.
    expect(runs(await paragraph('<p id=p style="font-variant-caps:all-small-caps">Hi, NATO 7</p>'))).toEqual([['HI, NATO 7', 14]]);
    expect(runs(await paragraph('<p id=p style="font-variant-caps:petite-caps">Ab</p>'))).toEqual([['A', 20], ['B', 14]]);
    expect(runs(await paragraph('<p id=p style="font-variant:small-caps">ab</p>'))).toEqual([['AB', 14]]);
  });

  it('all-petite-caps falls back to all-small-caps', async () => {
    expect(runs(await paragraph('<p id=p style="font-variant-caps:all-petite-caps">Hi, NATO 7</p>'))).toEqual([['HI, NATO 7', 14]]);
  });

  it('unicase shrinks the capital letters only and keeps lower case as it is', async () => {
    expect(runs(await paragraph('<p id=p style="font-variant-caps:unicase">Pp Ab, NATO</p>'))).toEqual([['P', 14], ['p ', 20], ['A', 14], ['b, ', 20], ['NATO', 14]]);
    // The font-variant shorthand sets it too, beside a numeric variant.
    expect(runs(await paragraph('<p id=p style="font-variant:unicase tabular-nums">Pp</p>'))).toEqual([['P', 14], ['p', 20]]);
  });

  it('titling-caps without titl draws the ordinary letters, without a warning', async () => {
    const titling = await paragraph('<p id=p style="font-variant-caps:titling-caps">Title 1</p>');
    expect(runs(titling)).toEqual([['Title 1', 20]]);
    expect(width(titling)).toBeCloseTo(width(await paragraph('<p id=p>Title 1</p>')), 6);
  });

  it('gives the source text back to a reader that copies synthesized small capitals, as Chromium', async () => {
    const pdf = await renderPdf(`<style>${base}</style><p style="font-variant-caps:small-caps">Hello World</p><p style="font-variant-caps:all-small-caps">Total, 2026</p><p style="font-variant-caps:unicase">Mixed Case</p>`);
    await qpdfCheck(pdf);
    const text = await withPdfFile(pdf, async (path) => (await run('pdftotext', [path, '-'])).stdout);
    expect(text.trim().split(/\n+/)).toEqual(['Hello World', 'Total, 2026', 'Mixed Case']);
  });

  it('keeps a combining mark with its letter and upper-cases beyond ASCII', async () => {
    expect(runs(await paragraph('<p id=p style="font-variant-caps:small-caps">e\u0301té É</p>'))).toEqual([['E\u0301TÉ', 14], [' É', 20]]);
  });

  it('sits the small capitals on the same baseline', async () => {
    const [fragment] = await paragraph('<p id=p style="font-variant-caps:small-caps">Ab</p>');
    expect(fragment!.runs.map((r) => r.run.size)).toEqual([20, 14]);
    expect(fragment!.runs[1]!.x).toBeCloseTo(fragment!.runs[0]!.x + fragment!.runs[0]!.run.width, 6);
  });
});

describe('real small capitals (Source Serif 4 has smcp and c2sc)', () => {
  const css = '@font-face { font-family: SS; src: url(SourceSerif4-Regular.woff2) } p { font: 20px/30px SS }';
  const ids = (fragments: readonly TextFragment[]): number[] => fragments.flatMap((t) => t.runs.flatMap((r) => r.run.glyphs.map((g) => g.id)));

  it('uses the font\'s small-capital glyphs at full size', async () => {
    const caps = await paragraph('<p id=p style="font-variant-caps:small-caps">Hello</p>', css, FONTS);
    const plain = await paragraph('<p id=p>Hello</p>', css, FONTS);
    const upper = await paragraph('<p id=p>HELLO</p>', css, FONTS);
    expect(caps.flatMap((t) => t.runs.map((r) => r.run.size))).toEqual([20]);
    expect(ids(caps)[0]).toBe(ids(plain)[0]);
    expect(ids(caps).slice(1)).not.toEqual(ids(plain).slice(1));
    expect(ids(caps).slice(1)).not.toEqual(ids(upper).slice(1));
  });

  it('petite capitals fall back to its small capitals (no pcap/c2pc)', async () => {
    const small = ids(await paragraph('<p id=p style="font-variant-caps:small-caps">Hello</p>', css, FONTS));
    const allSmall = ids(await paragraph('<p id=p style="font-variant-caps:all-small-caps">Hello</p>', css, FONTS));
    expect(allSmall[0]).not.toBe(small[0]);
    expect(ids(await paragraph('<p id=p style="font-variant-caps:petite-caps">Hello</p>', css, FONTS))).toEqual(small);
    expect(ids(await paragraph('<p id=p style="font-variant-caps:all-petite-caps">Hello</p>', css, FONTS))).toEqual(allSmall);
  });

  it('unicase without unic draws the capitals with c2sc and keeps lower case', async () => {
    const unicase = await paragraph('<p id=p style="font-variant-caps:unicase">Hello</p>', css, FONTS);
    const allSmall = ids(await paragraph('<p id=p style="font-variant-caps:all-small-caps">Hello</p>', css, FONTS));
    const plain = ids(await paragraph('<p id=p>Hello</p>', css, FONTS));
    expect(unicase.flatMap((t) => t.runs.map((r) => r.run.size))).toEqual([20]);
    expect(ids(unicase)).toEqual([allSmall[0], ...plain.slice(1)]);
  });

  it('font-feature-settings comes last: "smcp" 0 turns the small capitals off', async () => {
    const off = await paragraph('<p id=p style="font-variant-caps:small-caps; font-feature-settings: \'smcp\' 0">Hello</p>', css, FONTS);
    expect(ids(off)).toEqual(ids(await paragraph('<p id=p>Hello</p>', css, FONTS)));
  });
});
