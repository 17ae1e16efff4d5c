/**
 * hanging-punctuation (CSS Text 3 §9.2): exact geometry. Liberation Mono 10px/20px: every
 * character is 6.001px wide; a 61px-wide block holds ten characters a line.
 */
import { describe, expect, it } from 'vitest';
import type { LayoutOptions } from '../helpers/layout.js';
import { findById, layoutHtml } from '../helpers/layout.js';

const CSS = '@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 10px/20px "Liberation Mono" } div { width: 61px; margin-bottom: 20px }';

/** Each span as `id x,line`: its x (rounded to 0.01px) and its line (20px each) on the first page. */
async function spans(body: string, ids: readonly string[], options: LayoutOptions = {}): Promise<string[]> {
  const doc = await layoutHtml(`<style>${CSS}</style>${body}`, options);
  return ids.map((id) => {
    const f = findById(doc.pages[0]!, id)!;
    return `${id} ${Math.round(f.x * 100) / 100},${Math.floor(f.y / 20)}`;
  });
}

describe('hanging-punctuation', () => {
  it('hangs an opening quote before the start edge of the first line only (`first`)', async () => {
    expect(await spans(
      '<div style="hanging-punctuation: first"><span id=q>“</span><span id=a>a</span>bcdefghi “<span id=b>j</span>”</div>'
      + '<div style="hanging-punctuation: first; text-align: right">“<span id=c>a</span>”</div>',
      ['q', 'a', 'b', 'c'],
    )).toEqual([
      'q -6,0', 'a 0,0', // the quote hangs, so ten more characters fit
      'b 6,1', // the second line's quote does not hang
      'c 49,3', // the quote is not counted for alignment either: a” ends at the right edge
    ]);
  });

  it('hangs a stop or comma past the end edge of every line with `force-end`, not counted for alignment', async () => {
    expect(await spans(
      '<div style="hanging-punctuation: force-end; text-align: right">abcd<span id=a>,</span> efghi<span id=b>.</span></div>'
      + '<div style="hanging-punctuation: force-end; text-align: center">ab<span id=c>.</span></div>',
      ['a', 'b', 'c'],
    )).toEqual(['a 61,0', 'b 61,1', 'c 36.5,3']);
  });

  it('hangs a stop or comma only where the line would not fit otherwise with `allow-end`', async () => {
    expect(await spans(
      '<div style="hanging-punctuation: allow-end">abcd efghi<span id=a>,</span> <span id=b>j</span>k</div>'
      + '<div style="hanging-punctuation: allow-end; text-align: right">abcd<span id=c>,</span> ef</div>'
      + '<div>abcd efghi<span id=d>,</span> jk</div>',
      ['a', 'b', 'c', 'd'],
    )).toEqual([
      'a 60.01,0', 'b 0,1', // “abcd efghi,” is 66px: its comma hangs
      'c 37,3', // room enough: the comma stays inside
      'd 30,6', // without hanging-punctuation, efghi, goes to the next line
    ]);
  });

  it('hangs a closing quote or bracket at the end of the last line with `last`', async () => {
    expect(await spans(
      '<div style="hanging-punctuation: last; text-align: right">“abc<span id=a>”</span> “def<span id=b>”</span></div>'
      + '<div style="hanging-punctuation: first last; text-align: justify; text-align-last: justify">(<span id=c>a</span> <span id=d>b</span>)</div>',
      ['a', 'b', 'c', 'd'],
    )).toEqual([
      'a 24.99,0', 'b 61,0', // the last quote hangs, so the 66px of “abc” “def” fit one line; the first ” does not hang
      'c 0,2', 'd 55,2', // both brackets hang: “a b” is justified across the full width
    ]);
  });

  it('drops an invalid value with a warning', async () => {
    for (const value of ['force-end allow-end', 'first first', 'none first', 'start']) {
      expect(await spans(`<div style="hanging-punctuation: ${value}">ab<span id=a>.</span></div>`, ['a'], {
        expectWarnings: [/css_invalid_value.*for `hanging-punctuation`/],
      }), value).toEqual(['a 12,0']);
    }
  });
});
