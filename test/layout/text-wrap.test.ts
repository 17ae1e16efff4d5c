/**
 * `text-wrap-style` (CSS Text 4 §5.2). `balance`: content of two to six lines is broken so that
 * the room left on its lines is even, lines aligned in the full width; `pretty`: the last four
 * lines of a paragraph that would end with one short word are broken again. Line breaks and x
 * positions as headless Chromium prints the same pages (as did 59 of 60 random paragraphs
 * balanced — the 60th differing already in greedy breaking — and 80 of 80 pretty).
 */
import { describe, expect, it } from 'vitest';
import { layoutHtml, textFragments } from '../helpers/layout.js';
import type { Fragment } from '../../src/layout/types.js';

const TEXT = 'The quick brown fox jumps over the lazy dog while the printer sets every page by';

/** Every line of the page: its x (of its first text) and its text. */
async function lines(css: string, body: string): Promise<string[]> {
  const laid = await layoutHtml(`<!doctype html><style>@page { size: 340px 800px; margin: 10px } body { margin: 0; font: 16px/20px "Liberation Serif" }
    div { width: 300px } ${css}</style>${body}`);
  const out: string[] = [];
  const walk = (fragment: Fragment): void => {
    if (fragment.kind === 'line') {
      const texts = textFragments(fragment);
      out.push(`${Math.round(texts[0]!.x * 100) / 100} ${texts.map((t) => t.text).join('')}`);
    } else if (fragment.kind === 'box') fragment.children.forEach(walk);
  };
  laid.pages[0]!.children.forEach(walk);
  return out;
}

describe('text-wrap: balance', () => {
  it('two lines of even length where greedy breaking leaves a short second line', async () => {
    expect(await lines('', `<div>${TEXT}</div>`)).toEqual(['10 The quick brown fox jumps over the lazy dog', '10 while the printer sets every page by']);
    expect(await lines('div { text-wrap: balance }', `<div>${TEXT}</div>`)).toEqual(['10 The quick brown fox jumps over the lazy', '10 dog while the printer sets every page by']);
  });

  it('aligned in the full width: centred lines are centred in the block, not in the balanced width', async () => {
    expect(await lines('div { text-wrap: balance; text-align: center }', `<div>${TEXT}</div>`))
      .toEqual(['27.81 The quick brown fox jumps over the lazy', '32.26 dog while the printer sets every page by']);
  });

  it('four lines evened out; content of more than six lines is broken greedily, as in Chromium', async () => {
    const four = 'The quick brown fox jumps over the lazy dog while the printer sets every page by hand and the editor reads the proofs twice before the evening edition goes to press';
    expect(await lines('div { text-wrap: balance }', `<div>${four}</div>`)).toEqual([
      '10 The quick brown fox jumps over the lazy', '10 dog while the printer sets every page by',
      '10 hand and the editor reads the proofs twice', '10 before the evening edition goes to press',
    ]);
    const long = `${four} ${four}`;
    expect(await lines('div { text-wrap: balance }', `<div>${long}</div>`)).toEqual(await lines('', `<div>${long}</div>`));
  });

  it('floats of the formatting context that do not reach the text leave it balanced, as in Chromium', async () => {
    const balanced = ['10 The quick brown fox jumps over the lazy', '10 dog while the printer sets every page by'];
    // a float beside the div, not over it, and a float that ends above it
    const css = 'div { text-wrap: balance } .side { float: right; width: 10px; height: 200px } .above { float: left; width: 300px; height: 10px }';
    expect(await lines(css, `<p class="side"></p><div>${TEXT}</div>`)).toEqual(balanced);
    expect(await lines(css, `<p class="above"></p><p style="clear: left; margin: 0"></p><div>${TEXT}</div>`)).toEqual(balanced);
    // a float that narrows the lines: the greedy lines beside it
    const narrowed = `<p style="float: left; width: 60px; height: 30px; margin: 0"></p><div>${TEXT}</div>`;
    expect(await lines('div { text-wrap: balance }', narrowed)).toEqual(await lines('', narrowed));
    expect(await lines('', narrowed)).toEqual(['70 The quick brown fox jumps over the', '70 lazy dog while the printer sets every', '10 page by']);
  });

  it('one line, or nowrap: nothing to balance', async () => {
    const css = 'div { text-wrap: balance }';
    expect(await lines(css, '<div>Short heading</div>')).toEqual(['10 Short heading']);
    expect(await lines(`${css} div { overflow: hidden } span { text-wrap-mode: nowrap }`, `<div><span>${TEXT}</span></div>`)).toEqual([`10 ${TEXT}`]);
  });
});

describe('text-wrap: pretty', () => {
  const PARAGRAPH = 'lazy quick brown proofs edition jumping proofs wrapping cat in layout of and and the owner fox brown browser fox layout bench over arrived press to but quick cat jumping to jumps evening evening an to jumps layout international brown of the press over headline arrived but';

  it('a last line of one short word gets company from the lines above it; the lines before the last four stay', async () => {
    const greedy = await lines('div { width: 180px }', `<div>${PARAGRAPH}</div>`);
    const pretty = await lines('div { width: 180px; text-wrap: pretty }', `<div>${PARAGRAPH}</div>`);
    expect(greedy.slice(-3)).toEqual(['10 international brown of the', '10 press over headline arrived', '10 but']);
    expect(pretty.slice(-3)).toEqual(['10 international brown of', '10 the press over headline', '10 arrived but']);
    expect(pretty.slice(0, -4)).toEqual(greedy.slice(0, -4));
    expect(pretty).toHaveLength(greedy.length);
  });

  it('a last line that is not short, or of several words, stays', async () => {
    expect(await lines('div { text-wrap: pretty }', `<div>${TEXT}</div>`)).toEqual(await lines('', `<div>${TEXT}</div>`));
    const twoWords = 'The quick brown fox jumps over the lazy dog while the printer sets every page by hand and a b';
    expect((await lines('div { text-wrap: pretty }', `<div>${twoWords}</div>`)).slice(-1)).toEqual(['10 a b']);
    // the same with one word: it takes company from the lines above
    expect(await lines('div { text-wrap: pretty }', `<div>${twoWords.replace('a b', 'bench')}</div>`))
      .toEqual(['10 The quick brown fox jumps over the lazy', '10 dog while the printer sets every page by hand', '10 and bench']);
  });
});
