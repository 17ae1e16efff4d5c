/** Leaders (CSS GCPM 3 §4): `leader()` fills the rest of its line, the text after it ends at the line's end. */
import { describe, expect, it } from 'vitest';
import { layoutHtml } from '../helpers/layout.js';
import type { Fragment, TextFragment } from '../../src/layout/types.js';

// 10px monospace: every glyph advances about 6px (1229/2048 em); positions are rounded to 0.1px.
const PAGE = '@page { size: 200px 100px; margin: 0 } html { font: 10px/10px monospace } body { margin: 0 } p { margin: 0 }';

function texts(fragment: Fragment, out: TextFragment[] = []): TextFragment[] {
  if (fragment.kind === 'text') out.push(fragment);
  if (fragment.kind === 'box' || fragment.kind === 'line') for (const child of fragment.children) texts(child, out);
  return out;
}

const r = (value: number): number => Math.round(value * 10) / 10;

/** The text fragments of each line of the first page. */
async function lineTexts(html: string): Promise<TextFragment[][]> {
  const doc = await layoutHtml(`<style>${PAGE}</style>${html}`);
  const lines: TextFragment[][] = [];
  const visit = (fragment: Fragment): void => {
    if (fragment.kind === 'line') lines.push(texts(fragment));
    else if (fragment.kind === 'box') fragment.children.forEach(visit);
  };
  doc.pages[0]!.children.forEach(visit);
  return lines;
}

describe('leader() (CSS GCPM 3 §4)', () => {
  it('fills the line between the entry and its number with whole copies of the pattern, on a grid from the line end', async () => {
    const [first, second] = await lineTexts(`<style>p::after { content: leader(dotted) "12" }</style><p>Fees</p><p>Term sheet</p>`);
    // "Fees" 0..24, the number "12" ends at the line end (200px), the leader spans 24..188
    expect(first!.map((t) => [t.text.slice(0, 6), r(t.x), r(t.width)])).toEqual([['Fees', 0, 24], ['. . . ', 24, 164], ['12', 188, 12]]);
    // ". " is 12px: copies at 188 - 12k that start at or after 24 → 176 down to 32, 13 copies
    expect(first![1]!.text).toBe('. '.repeat(13));
    expect(first![1]!.runs.map((run) => r(run.x))).toEqual(Array.from({ length: 13 }, (_, k) => r(188 - 12 * (13 - k))));
    // the second line's dots sit on the same grid (its text is 60px long: copies from 68)
    expect(r(second![1]!.runs[0]!.x)).toBe(68);
    expect(r(second![2]!.x)).toBe(188);
  });

  it('takes a string pattern, keeps the number right-aligned in a centred paragraph, and needs no space when the line is full', async () => {
    const [first] = await lineTexts(`<style>p { text-align: center } p::after { content: leader("-") "7" }</style><p>Annex</p>`);
    expect(first!.map((t) => [r(t.x), r(t.width)])).toEqual([[0, 30], [30, 164], [194, 6]]);
    expect(first![1]!.text).toBe('-'.repeat(27));
  });

  it('lets the entry wrap: the leader and number fill the last line', async () => {
    const lines = await lineTexts(`<style>p::after { content: leader(solid) "9" }</style><p>${'word '.repeat(8)}end</p>`);
    expect(lines).toHaveLength(2);
    const all = lines[1]!;
    const number = all[all.length - 1]!;
    expect([number.text, r(number.x)]).toEqual(['9', 194]);
    expect(all.map((t) => t.text[0])).toEqual(['w', '_', '9']);
  });

  it('never leaves the page number alone on the next line: the leader goes down with it', async () => {
    // a table of contents entry whose title fills the line: "Term sheet and fees" is 114px,
    // " " + one ". " + " 12" would need 150px of the 140px line
    const lines = await lineTexts(`<style>body { width: 140px } a::after { content: " " leader(dotted) " " target-counter(attr(href), page) }</style>
      <p><a href="#s">Term sheet and fees</a></p><h2 id="s">Section</h2>`);
    expect(lines[0]!.map((t) => t.text)).toEqual(['Term sheet and fees']);
    const second = lines[1]!;
    // the second line holds the leader from its start and the number, which ends at the line end
    expect(second[0]!.text.startsWith('. ')).toBe(true);
    expect(r(second[0]!.x)).toBe(0);
    const number = second[second.length - 1]!;
    expect([number.text.trim(), r(number.x + number.width)]).toEqual(['1', 140]);
  });

  it('starts a line where the entry is one long word, rather than overflowing the line', async () => {
    const lines = await lineTexts(`<style>body { width: 100px } p::after { content: leader(dotted) "3" }</style><p>Acknowledgements</p>`);
    expect(lines.map((line) => line[0]!.text.slice(0, 2))).toEqual(['Ac', '. ']);
    const last = lines[1]![lines[1]!.length - 1]!;
    expect([last.text, r(last.x + last.width)]).toEqual(['3', 100]);
  });

  it('lines up the dots of entries indented by different amounts (the grid starts from the common end edge)', async () => {
    const lines = await lineTexts(`<style>p::after { content: leader(dotted) "4" } .sub { padding-left: 30px } .subsub { padding-left: 66px }</style>
      <p>Scope</p><p class=sub>Fees</p><p class=subsub>Term</p>`);
    const dots = lines.map((line) => line[1]!.runs.map((run) => r(run.x)));
    // every copy at 200 - 12k (the line's end edge), whatever the line's start: the first copy
    // is the first grid position after the entry's text (30, 30 + 24, 66 + 24)
    for (const xs of dots) for (const x of xs) expect((200 - x) % 12).toBe(0);
    expect(dots.map((xs) => xs[xs.length - 1])).toEqual([176, 176, 176]);
    expect(dots.map((xs) => xs[0])).toEqual([32, 56, 92]);
  });

  it('asks for no width in a shrink-to-fit box: a floated ::after with a leader is as wide as its text', async () => {
    const doc = await layoutHtml(`<style>${PAGE} p::after { content: leader(' . ') 'a'; float: right }</style><p>x</p><p>yy</p>`);
    const floats: Fragment[] = [];
    const visit = (fragment: Fragment): void => {
      if (fragment.kind === 'box' && fragment.box.pseudo === 'after') floats.push(fragment);
      else if (fragment.kind === 'box' || fragment.kind === 'line') fragment.children.forEach(visit);
    };
    doc.pages[0]!.children.forEach(visit);
    expect(floats).toHaveLength(2);
    for (const float of floats) {
      expect([r(float.x), r(float.width)]).toEqual([194, 6]);
      // no copy of the pattern is drawn; the text stays inside the float
      expect(texts(float).map((t) => [t.text, r(t.x)]).filter(([text]) => text !== '')).toEqual([['a', 194]]);
    }
  });
});

