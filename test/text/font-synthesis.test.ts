/**
 * font-synthesis (CSS Fonts 4 §3.8): `none` forbids the synthetic bold, oblique and small capitals
 * a family without such faces or glyphs gets. The `wp` test font has one upright regular face;
 * Liberation Sans has no small capitals.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layoutHtml } from '../helpers/layout.js';
import type { Fragment, TextFragment } from '../../src/layout/types.js';
import { styleHtml } from '../css/helpers.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));
const CSS = '@font-face { font-family: wp; src: url(weasyprint.otf) } body { margin: 0; font: 10px/20px wp }';

function texts(fragment: Fragment): TextFragment[] {
  if (fragment.kind === 'text') return [fragment];
  return fragment.kind === 'box' || fragment.kind === 'line' ? fragment.children.flatMap(texts) : [];
}

/** Each text fragment's text, whether its face is made bold / oblique, and its runs' sizes. */
async function drawn(body: string): Promise<string[]> {
  const doc = await layoutHtml(`<style>${CSS}</style>${body}`, { baseDir: FONTS });
  return doc.pages[0]!.children.flatMap(texts).map((t) => {
    const face = t.runs[0]!.run.face;
    return `${t.text}${face.syntheticBold ? ' bold' : ''}${face.syntheticOblique ? ' oblique' : ''} ${t.runs.map((r) => r.run.size).join('/')}`;
  });
}

describe('font-synthesis', () => {
  it('synthesizes bold and oblique by default, neither with `none`, one with the other listed', async () => {
    expect(await drawn('<p><b>a</b><i>b</i></p>')).toEqual(['a bold 10', 'b oblique 10']);
    expect(await drawn('<p style="font-synthesis: none"><b>a</b><i>b</i></p>')).toEqual(['a 10', 'b 10']);
    expect(await drawn('<p style="font-synthesis: style"><b>a</b><i>b</i></p>')).toEqual(['a 10', 'b oblique 10']);
    expect(await drawn('<p style="font-synthesis-style: none"><b><i>a</i></b></p>')).toEqual(['a bold 10']);
  });

  it('matches `oblique <angle>` as Chromium 156: slanted from 14deg, the upright face from 0deg down', async () => {
    // an upright-only family: oblique 10deg and 13deg stay upright, 14deg and more are slanted (min-obl, obl2)
    const angles = ['10deg', '13deg', '14deg', '30deg', '0.25turn'];
    expect(await drawn(angles.map((a) => `<p style="font-style: oblique ${a}">${a}</p>`).join(''))).toEqual(['10deg 10', '13deg 10', '14deg oblique 10', '30deg oblique 10', '0.25turn oblique 10']);
    // a family with an italic face: a positive angle prints it, 0deg and below the upright one
    const doc = await layoutHtml(`<style>${CSS}</style>${['5deg', '0deg', '-5deg', '-14deg'].map((a) => `<p style="font-family: 'Liberation Sans'; font-style: oblique ${a}">${a}</p>`).join('')}`, { baseDir: FONTS });
    expect(doc.pages[0]!.children.flatMap(texts).map((t) => `${t.text} ${t.runs[0]!.run.face.style}${t.runs[0]!.run.face.syntheticOblique ? ' oblique' : ''}`))
      .toEqual(['5deg italic', '0deg normal', '-5deg normal', '-14deg normal']);
  });

  it('slants an installed upright-only family at 14deg only, as Chromium 156 (obl4: Noto Sans Math)', async () => {
    const styles = ['oblique 13deg', 'oblique 14deg', 'oblique 15deg', 'oblique 20deg', 'oblique', 'italic'];
    expect(await drawn(styles.map((style) => `<p style="font-family: 'Noto Sans Math'; font-style: ${style}">${style}</p>`).join('')))
      .toEqual(['oblique 13deg 10', 'oblique 14deg oblique 10', 'oblique 15deg 10', 'oblique 20deg 10', 'oblique oblique 10', 'italic oblique 10']);
  });

  it('parses `oblique <angle>` from -90deg to 90deg, in `font` too', async () => {
    const doc = await styleHtml('<p id=a style="font-style: oblique 10deg"></p><p id=b style="font-style: oblique -90deg"></p><p id=c style="font-style: italic; font-style: oblique 91deg"></p><p id=d style="font: oblique 20deg 12px serif"></p><p id=e style="font-style: italic; font-style: oblique 0"></p>');
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => doc.style(`#${id}`).fontStyle)).toEqual([10, -90, 'italic', 20, 'italic']);
  });

  it('draws small capitals a font lacks at full size with `font-synthesis-small-caps: none`', async () => {
    const p = (css: string): string => `<p style="font-family: 'Liberation Sans'; font-variant-caps: small-caps; ${css}">aB</p>`;
    expect(await drawn(p(''))).toEqual(['aB 7/10']);
    expect(await drawn(p('font-synthesis: weight style'))).toEqual(['aB 10']);
  });

  it('parses the shorthand into the four longhands; inherits them', async () => {
    const doc = await styleHtml('<div id=a style="font-synthesis: weight small-caps"><span id=b>x</span></div><div id=c style="font-synthesis: style style"></div>');
    const style = (id: string): unknown => {
      const s = doc.style(`#${id}`);
      return [s.fontSynthesisWeight, s.fontSynthesisStyle, s.fontSynthesisSmallCaps, s.fontSynthesisPosition];
    };
    expect(style('a')).toEqual(['auto', 'none', 'auto', 'none']);
    expect(style('b')).toEqual(['auto', 'none', 'auto', 'none']);
    expect(style('c')).toEqual(['auto', 'auto', 'auto', 'auto']);
  });
});
