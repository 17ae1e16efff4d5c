/**
 * `text-wrap-style: balance` (CSS Text 4 §5.2): content of two to six lines is broken so that
 * the room left on its lines is even, lines aligned in the full width. Line breaks and x positions
 * as headless Chromium prints the same pages (and 59 of 60 random paragraphs printed alike, the
 * 60th differing already in greedy breaking by a fraction of a pixel).
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

  it('one line, or nowrap: nothing to balance', async () => {
    const css = 'div { text-wrap: balance }';
    expect(await lines(css, '<div>Short heading</div>')).toEqual(['10 Short heading']);
    expect(await lines(`${css} div { overflow: hidden } span { text-wrap-mode: nowrap }`, `<div><span>${TEXT}</span></div>`)).toEqual([`10 ${TEXT}`]);
  });
});
