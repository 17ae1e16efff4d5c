/**
 * ::first-letter laid out: a drop cap floats, and the lines beside it are shortened; an inline
 * letter raises its line. Line breaks and x positions as headless Chromium prints the same page
 * (within 0.05 px). Baselines on whole px as Blink puts them: 16px/20px Liberation Serif (A 14.26,
 * D 3.46, rounded 14 and 3) has its baseline 14 + ⌊(20 - 17) / 2⌋ = 15px below its line's top.
 */
import { describe, expect, it } from 'vitest';
import { dumpPage, layoutHtml } from '../helpers/layout.js';

const page = (css: string, body: string): string => `<!doctype html><style>@page { size: 300px 300px; margin: 10px }
body { margin: 0; font: 16px/20px "Liberation Serif" } p { margin: 0 } ${css}</style>${body}`;

const TEXT = '<p>Once upon a time in a kingdom far away there lived a printer who set every page by hand letter by letter.</p>';

describe('::first-letter layout', () => {
  it('a floated letter is a drop cap: two lines beside it, the third under it', async () => {
    const laid = await layoutHtml(page('p::first-letter { float: left; font-size: 48px; line-height: 40px; padding-right: 4px; color: red }', TEXT));
    expect(dumpPage(laid.pages[0]!)).toBe(`html 10,10 280x60
  body 10,10 280x60
    p 10,10 280x60
      line 48.66,10 241.34x20
        text "nce upon a time in a kingdom far" 48.66,10.74 211.94x17.72
      line 48.66,30 241.34x20
        text "away there lived a printer who set" 48.66,30.74 216.8x17.72
      line 10,50 280x20
        text "every page by hand letter by letter." 10,50.74 221.69x17.72
      ::first-letter 10,10 38.66x40
        line 10,10 34.66x40
          text "O" 10,3.23 34.66x53.16`);
  });

  // the float inherits the paragraph's indent: its own first line is indented, and its width counts it;
  // the paragraph's first line beside it is indented too
  it('a floated letter in an indented paragraph is as wide as its indented line', async () => {
    const laid = await layoutHtml(page('p { text-indent: 20px } p::first-letter { float: left; font-size: 48px; line-height: 40px; padding-right: 4px; color: red }', TEXT));
    expect(dumpPage(laid.pages[0]!)).toBe(`html 10,10 280x60
  body 10,10 280x60
    p 10,10 280x60
      line 68.66,10 221.34x20
        text "nce upon a time in a kingdom" 88.66,10.74 190.18x17.72
      line 68.66,30 221.34x20
        text "far away there lived a printer who" 68.66,30.74 216.79x17.72
      line 10,50 280x20
        text "set every page by hand letter by letter." 10,50.74 243.46x17.72
      ::first-letter 10,10 58.66x40
        line 10,10 54.66x40
          text "O" 30,3.23 34.66x53.16`);
  });

  it('an inline letter stays on its line, which grows to hold it', async () => {
    const laid = await layoutHtml(page('p::first-letter { font-size: 32px; line-height: 36px }', TEXT));
    const lines = dumpPage(laid.pages[0]!).split('\n');
    expect(lines.slice(3, 8)).toEqual([
      '      line 10,10 280x36',
      '        ::first-letter 10,10 23.11x36',
      '          text "O" 10,10.48 23.11x35.44',
      '        text "nce upon a time in a kingdom far away" 33.11,24.74 249.7x17.72',
      '      line 10,46 280x20',
    ]);
  });
});
