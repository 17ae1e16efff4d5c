/**
 * `text-box-trim` / `text-box-edge` / `text-box` (CSS Inline 3 §4): first and last lines trimmed
 * to the cap height, x-height or ascent above and the baseline or descent below, through nested
 * blocks unless padding or a border intervenes. Expected boxes are Chromium 156's
 * (getBoundingClientRect) for the same page; Chromium rounds a font's ascent and descent to whole
 * pixels, which moves a baseline by a fraction of a pixel, so boxes are compared within 0.6px.
 */
import { describe, expect, it } from 'vitest';
import { styleWith } from '../css/helpers.js';
import { findById, layoutHtml } from '../helpers/layout.js';

const PAGE = '<!DOCTYPE html><style>@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" }</style>';

async function boxes(body: string, expected: readonly string[]): Promise<string[]> {
  const doc = await layoutHtml(PAGE + body);
  return expected.map((line) => {
    const [id, y, height] = line.split(' ') as [string, string, string];
    const f = findById(doc.pages[0]!, id);
    if (f === undefined) throw new Error(`#${id} not laid out`);
    const got = [f.y, f.height].map((v, i) => (Math.abs(v - Number([y, height][i])) <= 0.6 ? Number([y, height][i]) : Math.round(v * 100) / 100));
    return `${id} ${got[0]} ${got[1]}`;
  });
}

describe('text-box-trim', () => {
  it('parses the longhands and the shorthand as Chromium does', async () => {
    const doc = await styleWith(`#a { text-box: trim-start cap alphabetic } #b { text-box: ex alphabetic } #c { text-box: trim-end } #d { text-box-edge: text }
      #e { text-box-edge: cap } #f { text-box: ideographic } #g { text-box: none }`, '<p id=a></p><p id=b></p><p id=c></p><p id=d></p><p id=e></p><p id=f></p><p id=g></p>');
    const of = (id: string): unknown => { const s = doc.style(`#${id}`); return [s.textBoxTrim, s.textBoxEdge]; };
    expect(of('a')).toEqual(['trim-start', { over: 'cap', under: 'alphabetic' }]);
    expect(of('b')).toEqual(['trim-both', { over: 'ex', under: 'alphabetic' }]);
    expect(of('c')).toEqual(['trim-end', { over: 'text', under: 'text' }]);
    expect(of('d')).toEqual(['none', { over: 'text', under: 'text' }]);
    expect(of('g')).toEqual(['none', { over: 'text', under: 'text' }]);
    // `cap` alone names no under edge; `ideographic` Chromium does not take
    expect(doc.diagnostics.map((d) => d.message)).toEqual(['invalid value `cap` for `text-box-edge`', 'invalid value `ideographic` for `text-box`']);
  });

  it('trims headings, buttons and paragraphs to their letters', async () => {
    const body = `<h1 id=t1 style="text-box: trim-both cap alphabetic; margin: 0; font-size: 40px; line-height: 1.5">Heading Hx</h1>
      <span id=t2 style="display: inline-block; padding: 8px 16px; text-box: trim-both cap alphabetic">Button</span>
      <div id=t3 style="text-box: trim-both; line-height: 2">Auto edges</div>
      <div id=t4 style="text-box-trim: trim-start"><p id=t4p style="margin: 0">Nested paragraph</p></div>
      <div id=t5 style="text-box-trim: trim-both"><p id=t5p style="margin: 0; padding-top: 1px">Padded paragraph</p></div>
      <div id=t6 style="text-box: trim-both ex alphabetic; width: 120px">Several lines of text in a narrow box</div>
      <div id=t7 style="text-box: trim-end text; font-size: 30px">Jg</div>
      <div id=t9 style="text-box: trim-start cap text"><span style="font-size: 40px">Big</span> small</div>
      <div id=end>end</div>`;
    const expected = ['t1 0 27.52', 't2 27.52 27.02', 't3 54.53 17', 't4 71.53 19', 't4p 71.53 19', 't5 90.53 19', 't5p 90.53 19', 't6 109.53 48.45', 't7 157.98 26', 't9 183.98 16.02', 'end 200 20'];
    expect(await boxes(body, expected)).toEqual(expected);
  });

  it('stops at padding and borders between the trimming block and the line, not at its own or at margins', async () => {
    const body = `<div id=b style="text-box: trim-both cap alphabetic"><p id=bp style="margin: 0; padding: 10px 0">Padded</p></div>
      <div id=c style="text-box: trim-both cap alphabetic"><p id=cp style="margin: 0; border: 5px solid">Bordered</p></div>
      <div id=d style="text-box: trim-both cap alphabetic"><p id=dp style="margin: 10px 0">Margins</p></div>
      <div id=e style="text-box: trim-both cap alphabetic; padding: 10px 0">Own padding</div>
      <div id=f style="text-box: trim-both cap alphabetic"><div style="display:flex"><span>Flex</span></div></div>
      <div id=g style="text-box: trim-both cap alphabetic; display: flex"><span>FlexItem</span></div>`;
    const expected = ['b 0 40', 'bp 0 40', 'c 40 30', 'cp 40 30', 'd 80 11.02', 'dp 80 11.02', 'e 101.02 31.02', 'f 132.03 20', 'g 152.03 20'];
    expect(await boxes(body, expected)).toEqual(expected);
  });

  // a badge: the inline box's background and padding sit on its capitals; its line keeps its height
  it('trims the content area of an inline box, not its line', async () => {
    const body = `<style>span { background: #ddd; padding: 4px 8px }</style>
      <p id=p1 style="margin:0">Status <span id=s1>New</span> text</p>
      <p id=p2 style="margin:0">Status <span id=s2 style="text-box: trim-both cap alphabetic">New</span> text</p>
      <p id=p3 style="margin:0">Status <span id=s3 style="text-box: trim-both cap alphabetic; display: inline-block">New</span> text</p>
      <p id=p4 style="margin:0">Status <span id=s4 style="text-box: trim-start text">New</span> text</p>`;
    // Chromium's s1 is 25 tall: its content area is a whole-pixel ascent and descent (17px, not the font's own 17.88)
    const expected = ['p1 0 20', 's1 -3 25', 'p2 20 20', 's2 19.98 19.02', 'p3 40 20.02', 's3 40 19.02', 'p4 60.02 20', 's4 57.02 25'];
    expect(await boxes(body, expected)).toEqual(expected);
  });

  it('warns that a vertical block is not trimmed', async () => {
    await layoutHtml(`${PAGE}<div style="writing-mode: vertical-rl; text-box: trim-both cap alphabetic">x</div>`, { expectWarnings: [/text-box-trim. has no effect in a vertical writing mode/] });
  });
});
