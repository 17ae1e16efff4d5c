/**
 * ::first-line (CSS Pseudo 4 §2.1): the first line of a block is set in the ::first-line style,
 * and the lines after it in the block's own; inline elements on the first line inherit from it.
 * Line breaks as headless Chromium prints the same pages.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml, textFragments } from '../helpers/layout.js';
import type { Fragment, TextFragment } from '../../src/layout/types.js';

const page = (css: string, body: string): string => `<!doctype html><style>@page { size: 120mm 160mm; margin: 10mm }
  body { margin: 0; font: 12pt/1.4 "Liberation Serif" } ${css}</style>${body}`;

/** Each line's texts, with the weight and colour of each. */
async function lines(html: string): Promise<{ text: string; bold: boolean; red: boolean }[][]> {
  const laid = await layoutHtml(html);
  const out: { text: string; bold: boolean; red: boolean }[][] = [];
  const walk = (f: Fragment): void => {
    if (f.kind === 'line') out.push(textFragments(f).map((t: TextFragment) => ({ text: t.text, bold: t.style.fontWeight >= 700, red: t.style.color.r === 170 })));
    else if (f.kind === 'box') f.children.forEach(walk);
  };
  laid.pages[0]!.children.forEach(walk);
  return out;
}

const joined = (line: { text: string }[]): string => line.map((t) => t.text).join('');

describe('::first-line', () => {
  it('the first line bold and uppercase, its link included; the next lines as the paragraph is', async () => {
    const result = await lines(page('p::first-line { font-weight: bold; text-transform: uppercase }',
      '<p>The <i>first line</i> of this paragraph is <a href="#">bold and uppercase</a>, and the rest of the paragraph goes on as usual, in the ordinary weight.</p>'));
    expect(result.map(joined)).toEqual([
      'THE FIRST LINE OF THIS PARAGRAPH IS BOLD',
      'and uppercase, and the rest of the paragraph goes on as',
      'usual, in the ordinary weight.',
    ]);
    expect(result[0]!.every((t) => t.bold)).toBe(true);
    expect(result.slice(1).flat().some((t) => t.bold)).toBe(false);
  });

  it('a nested paragraph\'s first line takes the div\'s ::first-line; a table cell\'s first line its own', async () => {
    const result = await lines(page('div::first-line, td::first-line { color: #a00 } table { width: 60mm }',
      '<div><p>A nested paragraph takes the div\'s first-line colour on its first line, and only there.</p></div><table><tr><td>Cell text that wraps over more than one line of the cell.</td></tr></table>'));
    expect(result.map((line) => line.every((t) => t.red))).toEqual([true, false, true, false]);
    // collapsed borders restyle the cell's content box: its first-line content goes with it
    const collapsed = await lines(page('td::first-line { color: #a00 } table { width: 60mm; border-collapse: collapse }',
      '<table border="1"><tr><td>Cell text that wraps over more than one line of the cell.</td></tr></table>'));
    expect(collapsed.map((line) => line.every((t) => t.red))).toEqual([true, false]);
  });

  it('a ::first-letter on the first line inherits from it: sized from its font size, in its case', async () => {
    const laid = await layoutHtml(page('p::first-line { font-size: 20px; text-transform: uppercase } p::first-letter { float: left; font-size: 3em }', '<p>drop caps and a larger first line</p>'));
    const letter = laid.pages[0]!.children.flatMap(textFragments).find((t) => t.text === 'D');
    expect(letter?.style.fontSize).toBe(60);
  });

  it('with a floated ::first-letter and a larger first line, as Chromium sets them', async () => {
    const result = await lines(page('p::first-line { font-size: 130% } p::first-letter { float: left; font-size: 3em; line-height: 0.8; padding-right: 3px }',
      '<p>Drop caps and a larger first line together: the letter floats, the first line grows, and the lines after it keep their ordinary size.</p>'));
    // (the float's own line comes after the paragraph's lines in the fragments)
    expect(result.map(joined)).toEqual([
      'rop caps and a larger first line together:',
      'the letter floats, the first line grows, and the lines',
      'after it keep their ordinary size.',
      'D',
    ]);
  });

  // CSS Pseudo 4 §2.3.2: the pseudo-element is an inline box around the line's content, the line's
  // root inline box: its font and line-height make the strut (a number line-height of its font
  // size); its text-align and text-indent are not the line's. Line heights as Chromium 156's.
  it('the first line\'s strut is in the first-line style: its font size and line-height', async () => {
    const laid = await layoutHtml(page(`div { width: 260px; font: 15px/1.4 "DejaVu Sans" } #b { line-height: 20px } #c { line-height: normal } #f { text-align: center }
      #a::first-line { font-size: 1.4em; font-weight: bold } #b::first-line, #c::first-line { font-size: 30px } #d::first-line { line-height: 2 }
      #e::first-line { font-size: 8px } #f::first-line { font-size: 20px; text-align: left; text-indent: 50px }`, `
      <div id=a>First line larger and bold via first-line pseudo, then normal.</div>
      <div id=b>First line 30px with line-height 20px set on the block here.</div>
      <div id=c>First line 30px with line-height normal on the block here.</div>
      <div id=d>First line of text that wraps and more text here for the test.</div>
      <div id=e>First line of text that wraps and more text here for the test.</div>
      <div id=f><span id=fs>First</span></div>`));
    const page1 = laid.pages[0]!;
    const lineHeights = (id: string): number[] => {
      const box = findById(page1, id);
      return box?.kind === 'box' ? box.children.filter((f) => f.kind === 'line').map((f) => Math.round(f.height * 100) / 100) : [];
    };
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map(lineHeights)).toEqual([[29.39, 21, 21], [20, 20, 20], [35, 18, 18], [30, 21], [11.19], [28]]);
    // centred as the block says: 108.95 in
    expect(findById(page1, 'fs')!.x - findById(page1, 'f')!.x).toBeCloseTo(108.95, 1);
  });
});
