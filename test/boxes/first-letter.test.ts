/** ::first-letter (CSS Pseudo 4 §2.2) in the box tree: which text it takes, its box and its style's parent. */
import { describe, expect, it } from 'vitest';
import type { Box, TextBox } from '../../src/boxes/types.js';
import { boxTree } from './helpers.js';

const page = (css: string, body: string): string => `<!DOCTYPE html><html><head><style>${css}</style></head><body>${body}</body></html>`;

/** Every box, out-of-flow boxes included, in tree order. */
function everyBox(box: Box, out: Box[] = []): Box[] {
  out.push(box);
  if (box.kind === 'out-of-flow') everyBox(box.box, out);
  if (box.kind === 'block' || box.kind === 'inline' || box.kind === 'flex' || box.kind === 'grid') for (const child of box.children) everyBox(child, out);
  if (box.kind === 'table-wrapper') for (const group of box.table.rowGroups) for (const row of group.rows) for (const cell of row.cells) everyBox(cell.content, out);
  return out;
}

async function letters(css: string, body: string): Promise<TextBox[]> {
  const { tree, diagnostics } = await boxTree(page(css, body));
  expect(diagnostics.list()).toEqual([]);
  return everyBox(tree.root).filter((box): box is TextBox => box.kind === 'text' && box.pseudo === 'first-letter');
}

const texts = async (css: string, body: string): Promise<string[]> => (await letters(css, body)).map((box) => box.text);

describe('::first-letter: the text it takes', () => {
  it('the first letter of each block, after the white space that collapses', async () => {
    expect(await texts('p::first-letter { color: red }', '<p>\n   Lorem ipsum</p><p>Dolor</p>')).toEqual(['L', 'D']);
  });

  it('punctuation before the letter and right after it, not a space; a dash or a symbol is the letter', async () => {
    expect(await texts('p::first-letter { color: red }', '<p>“Quoted” text</p><p>(a) item</p><p>A. Smith</p><p>“ B spaced</p><p>7th</p><p>— dash</p><p>$5</p><p>“…”</p>'))
      .toEqual(['“Q', '(a)', 'A.', '7', '—', '$']);
  });

  it('punctuation alone in a ::before or an inline element is the letter when the line goes on after it (Chromium 156)', async () => {
    expect(await texts('p::first-letter { color: red } .q::before { content: open-quote }',
      '<p class=q>The quote</p><p><span>“</span>The span</p><p class=q> The space</p><p>“”</p><div><p>“</p><p>Next</p></div>'))
      // the third is a second-level quote (the first is never closed); a line of “ alone has no letter
      .toEqual(['“', '“', '‘', 'N']);
  });

  it('a letter with its combining marks', async () => {
    expect(await texts('p::first-letter { color: red }', '<p>e\u0301te\u0301</p>')).toEqual(['e\u0301']);
  });

  it('a whole grapheme cluster: a flag, an emoji with its skin tone, a vowel sign on its consonant (Chromium 156)', async () => {
    // the flag's first half alone had no glyph in any font: two .notdef boxes where Chromium draws 🇬🇧
    expect(await texts('p::first-letter { color: red }', '<p>\u{1F1EC}\u{1F1E7} flag</p><p>\u{1F44D}\u{1F3FD}. ok</p><p>\u0939\u093F\u0928</p>'))
      .toEqual(['\u{1F1EC}\u{1F1E7}', '\u{1F44D}\u{1F3FD}.', '\u0939\u093F']);
  });

  it('in an inline descendant, in a ::before, and in the first block of a block', async () => {
    const css = 'p::first-letter, div::first-letter { color: red } p.n::before { content: "Note: " }';
    expect(await texts(css, '<p><b><i>Bold</i></b> start</p><p class="n">body</p><div>\n <p>nested</p></div>')).toEqual(['B', 'N', 'n']);
  });

  it('list items and table cells are block containers; inline elements and flex containers are not', async () => {
    const css = 'li::first-letter, td::first-letter, span::first-letter, .f::first-letter { color: red }';
    expect(await texts(css, '<ul><li>one</li></ul><table><tr><td>cell</td></tr></table><p><span>inline</span></p><div class="f" style="display: flex">flex</div>'))
      .toEqual(['o', 'c']);
  });

  it('none when the first line begins with something else: an image, an inline-block, preserved white space', async () => {
    const css = 'p::first-letter { color: red }';
    expect(await texts(css, '<p><img alt="" src="data:,"> text</p><p><span style="display: inline-block">box</span> text</p><p style="white-space: pre"> pre</p>')).toEqual([]);
  });

  it('an outside marker and floats before the text are skipped', async () => {
    const css = 'li::first-letter { color: red } .fl { float: left }';
    expect(await texts(css, '<ol><li><span class="fl">x</span>item</li></ol>')).toEqual(['i']);
  });
});

describe('::first-letter: its box and style', () => {
  it('an inline box whose style inherits from the letter\'s element', async () => {
    const css = 'p::first-letter { font-size: 200%; display: block; color: rgb(200, 0, 0) }';
    const [letter] = await letters(css, '<p style="font-size: 10px"><b style="font-size: 12px">Bold</b></p>');
    expect(letter!.style.fontSize).toBe(24);
    expect(letter!.style.fontWeight).toBe(700);
    expect(letter!.style.display).toBe('inline');
    expect(letter!.style.color).toEqual({ r: 200, g: 0, b: 0, a: 1 });
  });

  it('floated, a block in a float placeholder (a drop cap)', async () => {
    const { tree } = await boxTree(page('p::first-letter { float: left; font-size: 3em }', '<p>Once upon a time</p>'));
    const floats = everyBox(tree.root).filter((box) => box.kind === 'out-of-flow' && box.pseudo === 'first-letter');
    expect(floats.map((box) => box.kind === 'out-of-flow' && [box.scheme, box.box.kind, box.box.style.display])).toEqual([['float', 'block', 'block']]);
    const rest = everyBox(tree.root).filter((box): box is TextBox => box.kind === 'text' && box.pseudo === undefined).map((box) => box.text);
    expect(rest).toEqual(['nce upon a time']);
  });

  it('rules of the inner and the outer block: the inner one styles the letter, once', async () => {
    const [letter, ...others] = await letters('div::first-letter { color: red } p::first-letter { font-size: 30px }', '<div><p>text</p></div>');
    expect(others).toEqual([]);
    expect(letter!.style.fontSize).toBe(30);
  });
});
