/**
 * font-variant-position (CSS Fonts 4 §6.6): the font's `sups`/`subs` glyphs when it has one for
 * every character of the run, else smaller glyphs raised or lowered that leave the line's height
 * alone. The `wp` test font has superscript glyphs for `p`, `s` and `u` only.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dumpPage, layoutHtml } from '../helpers/layout.js';
import type { Fragment } from '../../src/layout/types.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));
const CSS = '@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: 40px 20px; margin: 0 } body { margin: 0; font: 10px/20px wp }';

async function lines(body: string): Promise<string> {
  const doc = await layoutHtml(`<style>${CSS}</style>${body}`, { baseDir: FONTS });
  return dumpPage(doc.pages[0]!, (f) => f.kind === 'line' || f.kind === 'text').replace(/^ {6}/gm, '');
}

function texts(fragment: Fragment): Fragment[] {
  if (fragment.kind === 'text') return [fragment];
  return fragment.kind === 'box' || fragment.kind === 'line' ? fragment.children.flatMap(texts) : [];
}

describe('font-variant-position', () => {
  it('uses the superscript glyphs of a font that has them for the whole run, at the full size on the baseline', async () => {
    const doc = await layoutHtml(`<style>${CSS}</style><p style="margin: 0">a<span style="font-variant-position: super">pu</span></p>`, { baseDir: FONTS });
    const [, sup] = doc.pages[0]!.children.flatMap(texts);
    // 384/1024 em each: the superscript glyphs, not the 1em squares of p and u
    expect(sup?.kind === 'text' && [sup.text, sup.style.fontSize, Math.round(sup.baseline), sup.width]).toEqual(['pu', 10, 13, 7.5]);
  });

  it('synthesizes a run the font cannot draw: 0.82 of the size, raised by 0.34em, the line keeping its height', async () => {
    expect(await lines('<p style="margin: 0">a<span style="font-variant-position: super">pa</span></p>')).toBe([
      // baseline at 13 (5px half-leading + 8px ascent); the 8.2px run's at 13 - 3.4
      'line 0,0 40x20',
      '  text "a" 0,5 10x10',
      '      text "pa" 10,3.04 16.4x8.2',
    ].join('\n'));
  });

  it('lowers a synthesized subscript by 0.2em', async () => {
    expect(await lines('<p style="margin: 0">a<span style="font-variant-position: sub">a</span></p>')).toBe([
      'line 0,0 40x20',
      '  text "a" 0,5 10x10',
      '      text "a" 10,8.44 8.2x8.2',
    ].join('\n'));
  });

  it('is set and reset by the font-variant and font shorthands', async () => {
    const doc = await layoutHtml(`<style>${CSS} b { font-variant: super small-caps } i { font: 10px wp }</style><p><b>x<i>y</i></b></p>`, { baseDir: FONTS });
    // x is synthesized: its run's style is the smaller one without the variant
    const styles = doc.pages[0]!.children.flatMap(texts).map((t) => t.kind === 'text' && [t.text, t.style.fontVariantPosition, t.style.fontVariantCaps]);
    const b = doc.pages[0]!.children.flatMap(texts)[0]!;
    expect(b.kind === 'text' && b.style.fontSize).toBeCloseTo(8.2);
    expect(styles).toEqual([['x', 'normal', 'small-caps'], ['y', 'normal', 'normal']]);
  });
});
