/**
 * Justification (CSS Text 3 §7): `text-align: justify` widens the word separators, a no-break
 * space among them (it forbids the break, not the stretching); `text-justify` chooses the
 * opportunities: `inter-word`, `inter-character`, `none`, and `auto` (as Chromium: the word
 * separators and the gaps beside CJK characters). Geometry: each glyph's advance.
 */
import { describe, expect, it } from 'vitest';
import type { LineFragment } from '../../src/layout/types.js';
import { findById, layoutHtml, textFragments as texts } from '../helpers/layout.js';

// Liberation Mono advances 1229/2048 em: at 10px a character is 6.0009px wide.
const CH = (10 * 1229) / 2048;
const base = '@page { size: 600px 400px; margin: 0 } body { margin: 0 } p { margin: 0; font: 10px/20px "Liberation Mono"; text-align: justify }';

// The bundled fonts have no CJK glyphs: CJK text is measured with .notdef, and says so.
const NO_GLYPH = /no available font has a glyph for U\+/;

async function lines(html: string): Promise<LineFragment[]> {
  const cjk = /[\u3040-\u9fff]/.test(html);
  const doc = await layoutHtml(`<style>${base}</style>${html}`, cjk ? { expectWarnings: [NO_GLYPH] } : {});
  const p = findById(doc.pages[0]!, 'p');
  if (p === undefined || p.kind !== 'box') throw new Error('no #p');
  return p.children.filter((c): c is LineFragment => c.kind === 'line');
}

const lineText = (line: LineFragment): string => texts(line).map((t) => t.text).join('');
/** The advance of each glyph of a line, rounded to 1/100 px. */
const advances = (line: LineFragment): number[] => texts(line).flatMap((t) => t.runs.flatMap((r) => r.advances.map((a) => Math.round(a * 100) / 100)));
const round = (value: number): number => Math.round(value * 100) / 100;

describe('text-align: justify with no-break spaces', () => {
  it('stretches a no-break space like a space, and never breaks there', async () => {
    const result = await lines('<p id=p style="width:60px">aa&nbsp;bb cc&nbsp;dd eeeeee</p>');
    expect(result.map(lineText)).toEqual(['aa\u00a0bb', 'cc\u00a0dd', 'eeeeee']);
    // "aa bb" is 5 characters: the no-break space takes the 60 - 5ch left.
    const a = round(CH);
    expect(advances(result[0]!)).toEqual([a, a, round(60 - 4 * CH), a, a]);
    expect(advances(result[1]!)).toEqual([a, a, round(60 - 4 * CH), a, a]);
    // The last line is not justified.
    expect(advances(result[2]!)).toEqual(Array(6).fill(a));
  });

  it('shares the space between spaces and no-break spaces alike', async () => {
    const [first] = await lines('<p id=p style="width:80px">a&nbsp;b c&nbsp;d eeeeeeee</p>');
    expect(lineText(first!)).toBe('a\u00a0b c\u00a0d');
    const a = round(CH);
    const gap = round(CH + (80 - 7 * CH) / 3);
    expect(advances(first!)).toEqual([a, gap, a, gap, a, gap, a]);
  });
});

describe('text-justify', () => {
  it('none leaves the line start-aligned', async () => {
    const [first] = await lines('<p id=p style="width:40px;text-justify:none">aa bb cc</p>');
    expect(texts(first!)[0]!.x).toBe(0);
    expect(advances(first!)).toEqual(Array(5).fill(round(CH)));
  });

  it('inter-character spreads the space between every two characters (distribute is its old name)', async () => {
    for (const value of ['inter-character', 'distribute']) {
      const [first] = await lines(`<p id=p style="width:40px;text-justify:${value}">aa bb cc</p>`);
      expect(lineText(first!)).toBe('aa bb');
      // 4 gaps in "aa bb": the last glyph gets nothing.
      const wide = round(CH + (40 - 5 * CH) / 4);
      expect(advances(first!)).toEqual([wide, wide, wide, wide, round(CH)]);
    }
  });

  it('inter-character leaves the letters of a cursive script joined: only its spaces widen', async () => {
    const [first] = await lines('<p id=p dir=rtl style="width:60px;font-family:\'DejaVu Sans\';text-justify:inter-character">سلام عليكم سلام عليكم</p>');
    const plain = await lines('<p id=p dir=rtl style="width:60px;font-family:\'DejaVu Sans\';text-align:start">سلام عليكم سلام عليكم</p>');
    const widened = advances(first!).map((a, i) => round(a - advances(plain[0]!)[i]!)).filter((d) => d !== 0);
    // one space on the first line takes all the free space
    expect(widened).toHaveLength(1);
  });

  it('inter-word widens the spaces only, also in CJK text', async () => {
    const [latin] = await lines('<p id=p style="width:40px;text-justify:inter-word">aa bb cc</p>');
    expect(advances(latin!)).toEqual([round(CH), round(CH), round(40 - 4 * CH), round(CH), round(CH)]);
    const [cjk] = await lines('<p id=p lang=ja style="width:65px;text-justify:inter-word">日本語の文章を両端揃えにする</p>');
    expect(advances(cjk!).reduce((sum, a) => sum + a, 0)).toBeLessThan(64);
  });

  it('auto justifies CJK text between its characters, as Chromium', async () => {
    const result = await lines('<p id=p lang=ja style="width:65px">日本語の文章を両端揃えにする</p>');
    expect(result.length).toBeGreaterThan(1);
    const first = advances(result[0]!);
    // Every character but the last gets its share; the line fills the width.
    expect(first.reduce((sum, a) => sum + a, 0)).toBeCloseTo(65, 1);
    const count = first.length;
    const share = round((65 - count * first[count - 1]!) / (count - 1));
    expect(first.slice(0, -1)).toEqual(Array(count - 1).fill(round(first[count - 1]! + share)));
  });

  it('auto widens only the spaces of Latin text', async () => {
    const [first] = await lines('<p id=p style="width:40px">aa bb cc</p>');
    expect(advances(first!)).toEqual([round(CH), round(CH), round(40 - 4 * CH), round(CH), round(CH)]);
  });
});
