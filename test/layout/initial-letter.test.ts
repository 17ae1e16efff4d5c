/**
 * `initial-letter` (CSS Inline 3 §6) on ::first-letter, as headless Chromium 156 prints the same
 * paragraphs (pdftotext -bbox of its PDF): the letter's size, the lines it shortens and how far,
 * and the lines a raised letter moves down.
 */
import { describe, expect, it } from 'vitest';
import { layoutHtml, textFragments } from '../helpers/layout.js';
import type { TextFragment } from '../../src/layout/types.js';

const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.';

const page = (css: string, body: string): string => `<!doctype html><style>@page { size: 120mm 160mm; margin: 10mm }
  body { margin: 0; font: 12pt/1.4 "Liberation Serif" } p { margin: 0 0 12px } ${css}</style>${body}`;

/** The paragraph's texts in lines (by their top), each line's start x relative to the page area (px), and the letter. */
async function laidOut(css: string, text = LOREM): Promise<{ letter: TextFragment; lines: { x: number; y: number; baseline: number; text: string }[] }> {
  const laid = await layoutHtml(page(css, `<p>${text}</p>`));
  const texts = laid.pages[0]!.children.flatMap(textFragments);
  const letter = texts.find((t) => t.style.fontSize > 30)!;
  const lines = new Map<number, { x: number; y: number; baseline: number; text: string }>();
  for (const t of texts) {
    if (t === letter) continue;
    const y = Math.round(t.y);
    const line = lines.get(y);
    if (line === undefined) lines.set(y, { x: t.x - 37.8, y: t.y, baseline: t.baseline, text: t.text });
    else { line.x = Math.min(line.x, t.x - 37.8); line.text += t.text; }
  }
  return { letter, lines: [...lines.values()].sort((a, b) => a.y - b.y) };
}

describe('initial-letter', () => {
  it('`3`: the cap height spans three lines, which are shortened by the letter\'s ink', async () => {
    const { letter, lines } = await laidOut('p::first-letter { initial-letter: 3 }');
    // Chromium: 63.3pt (cap height 2 × 16.8pt + the text's cap height)
    expect(letter.style.fontSize * 0.75).toBeCloseTo(63.3, 0);
    // Chromium: the first three lines start 45px in (the L's ink enclosed in whole px), the fourth at the edge
    expect(lines.map((line) => Math.round(line.x) + 0)).toEqual([45, 45, 45, 0, 0]);
    // the letter's baseline on the third line's
    expect(letter.baseline).toBeCloseTo(lines[2]!.baseline, 1);
  });

  it('a Q\'s tail shortens a fourth line; `2` spans two lines', async () => {
    const q = await laidOut('p::first-letter { initial-letter: 3 }', `Quod erat ${LOREM}`);
    expect(q.lines.slice(0, 5).map((line) => Math.round(line.x) > 0)).toEqual([true, true, true, true, false]);
    const two = await laidOut('p::first-letter { initial-letter: 2 }');
    expect(two.lines.slice(0, 3).map((line) => Math.round(line.x) + 0)).toEqual([27, 27, 0]);
  });

  it('`3 2` raises the letter a line: the paragraph\'s lines move down a line, two are shortened', async () => {
    const drop = await laidOut('p::first-letter { initial-letter: 3 }');
    const raised = await laidOut('p::first-letter { initial-letter: 3 2 }');
    expect(raised.lines[0]!.y - drop.lines[0]!.y).toBeCloseTo(22.4, 1);
    expect(raised.lines.slice(0, 3).map((line) => Math.round(line.x) + 0)).toEqual([45, 45, 0]);
  });

  it('an italic A\'s ink left of its origin overhangs the paragraph\'s edge: the glyph is not moved in (Chromium 156)', async () => {
    // Liberation Serif Italic's A starts 112/2048 em left of its origin: Chromium prints the letter
    // at the edge and the first three lines 52px in; before, the A moved 5px in and the lines 57px
    const { letter, lines } = await laidOut('p::first-letter { initial-letter: 3; font-style: italic }', `Aocund ${LOREM}`);
    expect(Math.round(letter.x - 37.8) + 0).toBe(0);
    expect(lines.slice(0, 4).map((line) => Math.round(line.x) + 0)).toEqual([52, 52, 52, 0]);
  });

  it('a paragraph opening with an initial letter starts below an earlier paragraph\'s letter that reaches beside it (Chromium 156)', async () => {
    // the first paragraph has one line, its letter three: Chromium starts the second paragraph's
    // lines (and its letter) below the first letter, the block itself where it was; before, the
    // second letter went beside the first as a float beside a float, its text 97px in, 31px down
    const laid = await layoutHtml(`<!doctype html><style>@page { size: 800px 600px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Serif" }
      p { width: 300px; margin: 0 0 10px } p::first-letter { initial-letter: 3 }</style><p>Lxx yy zz</p><p>Axx yy zz</p>`);
    const texts = laid.pages[0]!.children.flatMap(textFragments).filter((t) => t.style.fontSize < 30);
    // (an L, flat on the baseline: its box ends there, at 55; Chromium's words' boxes are 0.7px
    // higher than octavo's text fragments)
    expect(texts.map((t) => [t.text, Math.round(t.x), Math.round(t.y)])).toEqual([['xx yy zz', 41, 1], ['xx yy zz', 56, 56]]);
  });
});
