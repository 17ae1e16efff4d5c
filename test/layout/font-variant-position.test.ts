/**
 * font-variant-position (CSS Fonts 4 §6.6): the font's `sups`/`subs` glyphs where it has them,
 * the normal glyphs at full size where it has none (as Chromium and WeasyPrint: no synthesis).
 * The `wp` test font has superscript glyphs for `p`, `s` and `u` only.
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

  it('draws the normal glyphs, full size on the baseline, where the font has no superscript glyph', async () => {
    expect(await lines('<p style="margin: 0">a<span style="font-variant-position: super">aa</span><span style="font-variant-position: sub">a</span></p>')).toBe([
      'line 0,0 40x20',
      '  text "a" 0,5 10x10',
      '    text "aa" 10,5 20x10',
      '    text "a" 30,5 10x10',
    ].join('\n'));
  });

  it('mixes both in one run: superscript glyphs where the font has them, normal ones elsewhere', async () => {
    const doc = await layoutHtml(`<style>${CSS}</style><p style="margin: 0"><span style="font-variant-position: super">pa</span></p>`, { baseDir: FONTS });
    const [run] = doc.pages[0]!.children.flatMap(texts);
    // 3.75px for the superscript p (384/1024 em), 10px for the a
    expect(run?.kind === 'text' && [run.text, run.width]).toEqual(['pa', 13.75]);
  });

  it('is set and reset by the font-variant and font shorthands', async () => {
    const doc = await layoutHtml(`<style>${CSS} b { font-variant: super small-caps } i { font: 10px wp }</style><p><b>x<i>y</i></b></p>`, { baseDir: FONTS });
    const styles = doc.pages[0]!.children.flatMap(texts).map((t) => t.kind === 'text' && [t.text, t.style.fontVariantPosition, t.style.fontVariantCaps]);
    expect(styles).toEqual([['x', 'super', 'small-caps'], ['y', 'normal', 'normal']]);
  });
});
