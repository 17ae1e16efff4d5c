/**
 * Ruby (CSS Ruby 1, HTML `<ruby>`/`<rt>`/`<rp>`): base–annotation pairs as Chromium 156 sets them.
 * The expected offsets are Chromium's getBoundingClientRect of the same page (Noto Sans CJK JP,
 * which `.ci/run` installs, and Liberation Serif): the annotation's box 9px above its base's
 * at 20px/30px, furigana spread over a longer base with half a share at each end.
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { checkDiagnostics } from '../helpers/diagnostics.js';
import { findById, inPageFrames, textFragments } from '../helpers/layout.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import type { TextFragment } from '../../src/layout/types.js';

const noCjk = !installedFamilies().has('noto sans cjk jp');
const skipped = noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';
if (noCjk) console.warn(`test/layout/ruby.test.ts: Japanese tests skipped${skipped}`);
const engine = createInternalEngine({ systemFonts: true });

const CSS = '@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" } p { margin: 0 0 10px; width: 400px }';

/** Each text fragment of the page: its text, x, width and top, rounded to 0.01px. */
async function texts(body: string): Promise<Map<string, { x: number; y: number; width: number }>> {
  const doc = inPageFrames(await engine.layout({ template: `<!DOCTYPE html><style>${CSS}</style>${body}`, data: {} }));
  checkDiagnostics(doc.diagnostics, []);
  const out = new Map<string, { x: number; y: number; width: number }>();
  for (const t of doc.pages[0]!.children.flatMap(textFragments) as TextFragment[]) {
    out.set(t.text.trim(), { x: Number(t.x.toFixed(2)), y: Number(t.y.toFixed(2)), width: Number(t.width.toFixed(2)) });
  }
  return out;
}

describe('ruby', () => {
  it('widens a pair to a longer annotation and centres a Latin base under it', async () => {
    const t = await texts('<p style="font-family: \'Liberation Serif\'">Text <ruby>base<rt>annotation text</rt></ruby> more</p>');
    // Chromium: "Text " is 40.27px; the annotation (59.72px) overhangs it and " more" by 5px, half
    // its font size: it starts at 35.27, " more" at 89.97; the base text is centred under it
    expect(t.get('annotation text')!.x).toBeCloseTo(35.27, 0);
    expect(t.get('base')!.x).toBeCloseTo(35.27 + (59.72 - 35.54) / 2, 0);
    expect(t.get('more')!.x).toBeCloseTo(89.97, 0);
    // 9px above the base's box in Chromium, which rounds the fonts' ascents to whole px
    expect(Math.abs(t.get('annotation text')!.y - t.get('base')!.y + 9)).toBeLessThan(1);
  });
});

describe.skipIf(noCjk)(`ruby in Japanese${skipped}`, () => {
  it('sets an annotation over its base, centred', async () => {
    const t = await texts('<p>前<ruby>漢<rt>かん</rt></ruby>後</p><p id=next>次</p>');
    expect(t.get('かん')).toMatchObject({ x: 20, width: 20 });
    expect(t.get('かん')!.y - t.get('漢')!.y).toBeCloseTo(-9, 0);
    // the line grows 6px above its text (Chromium's is 36px tall): the next paragraph's text 40px below
    expect(t.get('次')!.y - t.get('前')!.y).toBe(40);
  });

  it('spreads furigana over a longer base with half a share at each end (ruby-align: space-around)', async () => {
    const t = await texts('<p>前<ruby>東京都<rt>とう</rt></ruby>後</p>');
    // 60px of base, 20px of kana: 20px a character, 10px before the first
    expect(t.get('と')?.x ?? t.get('とう')?.x).toBeCloseTo(30, 1);
    const second = t.get('う');
    if (second !== undefined) expect(second.x).toBeCloseTo(60, 1);
  });

  // Chromium 156's Range boxes of each character, relative to the annotation over the base (or the pair)
  it('aligns the narrower of base and annotation by ruby-align: space-around, center, start, space-between', async () => {
    const line = async (align: string): Promise<number[]> => {
      const t = await texts(`<p style="ruby-align:${align}"><ruby>東京<rt>とうきょうとうきょう</rt></ruby>と<ruby>東京都庁舎<rt>とう</rt></ruby><ruby>東京都<rt>と</rt></ruby></p>`);
      const at = (text: string): number => t.get(text)!.x;
      // the base of the first pair from its annotation's start; the second annotation from its base's
      // and where the second character of each is: the first's width, justification included
      // and where the line starts (no overhang before the first pair) and the second pair begins
      return [at('東京') - at('とうきょうとうきょう'), t.get('東京')!.width, at('とう') - at('東京都庁舎'), t.get('とう')!.width, at('と') - at('東京都'),
        at('とうきょうとうきょう'), at('東京都庁舎')];
    };
    // the first pair's base is spread with half a share at each end (東 at 15, 京 at 65: 50 + 15)
    // the first annotation overhangs the と after its pair by 5px, half its font size: the next pair at 115
    expect(await line('space-around')).toEqual([15, 70, 20, 60, 25, 0, 115]);
    expect(await line('center')).toEqual([30, 40, 40, 20, 25, 0, 115]);
    expect(await line('start')).toEqual([0, 40, 0, 20, 0, 0, 115]);
    // spread to both ends (京 at 80, う at 90), leaving no room to overhang; one character is centred
    expect(await line('space-between')).toEqual([0, 100, 0, 100, 25, 0, 120]);
  });

  it('pairs each rt with the base before it; rp is not shown', async () => {
    const t = await texts('<p>前<ruby>山<rp>(</rp><rt>やま</rt><rp>)</rp>田<rp>(</rp><rt>だ</rt><rp>)</rp></ruby>後</p>');
    // だ is centred over 田 (Chromium's rt box is the pair's width, 20px at 40)
    expect([t.get('やま')?.x, t.get('だ')?.x, t.get('後')?.x]).toEqual([20, 45, 60]);
    expect([...t.keys()].some((text) => text.includes('('))).toBe(false);
  });

  it('sets the annotation under with ruby-position: under, and over an empty base after a second rt', async () => {
    const under = await texts('<p>前<ruby style="ruby-position: under">漢<rt>かん</rt></ruby>後</p>');
    expect(under.get('かん')!.y - under.get('漢')!.y).toBeCloseTo(23, 0);
    const twice = await texts('<p>前<ruby>漢<rt>かん</rt><rt>extra</rt></ruby>後</p>');
    expect(twice.get('extra')!.x).toBeCloseTo(40, 1);
    expect(twice.get('extra')!.y - twice.get('漢')!.y).toBeCloseTo(-9, 0);
  });

  it("grows a paragraph's first line for furigana, margins before it or not, as Chromium does", async () => {
    // a notice in 16px Noto Serif CJK JP at line-height 1.8: Chromium 156's paragraph is 32.8px
    // tall (4px grown) after a heading's margin and after another paragraph alike; 14px/1.5: 26px
    const doc = await engine.layout({
      template: `<!DOCTYPE html><style>${CSS} p { margin: 0; font: 16px/1.8 "Noto Serif CJK JP" } h1 { margin: 0 0 24px; font-size: 24px }</style>
        <h1>お知らせ</h1><p id=a>拝啓、ご<ruby>清祥<rt>せいしょう</rt></ruby>のこと</p><p id=b>お<ruby>慶<rt>よろこ</rt></ruby>び</p>
        <p id=c style="font: 14px/1.5 'Noto Sans CJK JP'"><ruby>東京<rt>とうきょう</rt></ruby></p>`, data: {},
    });
    checkDiagnostics(doc.diagnostics, []);
    expect(['a', 'b', 'c'].map((id) => Number(findById(doc.pages[0]!, id)!.height.toFixed(1)))).toEqual([32.8, 32.8, 26]);
  });

  it('grows a second or later line into whose leading the annotation does not fit, as Chromium does', async () => {
    const heights = async (lineHeight: number): Promise<number> => {
      const doc = await engine.layout({
        template: `<!DOCTYPE html><style>${CSS} p { margin: 0; width: 200px; line-height: ${lineHeight}px }</style>
          <p id=c>一二三四五六七八九十<ruby>漢<rt>かん</rt></ruby>二三</p><p id=first><ruby>漢<rt>かん</rt></ruby>二三</p>`, data: {},
      });
      const height = (id: string): number => findById(doc.pages[0]!, id)!.height;
      return height('c') * 1000 + height('first');
    };
    // Chromium 156: the 10px annotation reaches 11.68px above its base's em box; the line grows by
    // what the leading above it and below the line before (the strut's) do not hold: 8px at 24px,
    // 2px at 30px, nothing from 32px. A first line grows by what its own leading above does not
    // hold, whatever is before it (octavo kept its height): 9px at 24px, 6 at 30, 3 at 36.
    expect(await heights(24)).toBe(56 * 1000 + 33);
    expect(await heights(30)).toBe(62 * 1000 + 36);
    expect(await heights(36)).toBe(72 * 1000 + 39);
  });
});

