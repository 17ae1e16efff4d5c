/**
 * text-overflow (CSS Overflow 3 §5.1): exact line contents of clipping blocks whose lines overflow.
 * Liberation Mono 10px: every character, the ellipsis too, is 6.001px wide.
 */
import { describe, expect, it } from 'vitest';
import { dumpPage, layoutHtml } from '../helpers/layout.js';

const CSS = '@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 10px/20px "Liberation Mono" } .t { width: 60px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap }';

/** The page's lines, texts and inline boxes: `name x width`, in paint order. */
async function lines(body: string, css = ''): Promise<string[]> {
  const doc = await layoutHtml(`<style>${CSS} ${css}</style>${body}`);
  return dumpPage(doc.pages[0]!).split('\n').map((l) => l.trim()).filter((l) => /^(line|text|span|b|img)\b/.test(l))
    .map((l) => l.replace(/^(.*) (-?[\d.]+),-?[\d.]+ ([\d.]+)x[\d.]+$/, '$1 $2 $3'));
}

describe('text-overflow: ellipsis', () => {
  it('hides the characters that do not fit before the ellipsis, and draws it after the rest', async () => {
    expect(await lines('<div class=t>abcdefghijklmno</div>')).toEqual(['line 0 60', 'text "abcdefghi" 0 54.01', 'text "…" 54.01 6']);
  });

  it('leaves lines that fit alone, and lines of blocks that do not clip', async () => {
    expect(await lines('<div class=t>abcdefghi</div>')).toEqual(['line 0 60', 'text "abcdefghi" 0 54.01']);
    expect(await lines('<div class=t style="overflow:visible">abcdefghijkl</div>')).toEqual(['line 0 60', 'text "abcdefghijkl" 0 72.01']);
    expect(await lines('<div class=t style="text-overflow:clip">abcdefghijkl</div>')).toEqual(['line 0 60', 'text "abcdefghijkl" 0 72.01']);
  });

  it('draws a string given instead of the ellipsis', async () => {
    expect(await lines('<div class=t style="text-overflow:\'--\'">abcdefghijklmno</div>')).toEqual(['line 0 60', 'text "abcdefgh" 0 48.01', 'text "--" 48.01 12']);
  });

  it('cuts an inline box with its content, and hides an atomic inline that does not fit whole', async () => {
    expect(await lines('<div class=t>abc <span>defghi</span>jklmno</div>'))
      .toEqual(['line 0 60', 'text "abc " 0 24', 'span 24 30', 'text "defgh" 24 30', 'text "…" 54.01 6']);
    expect(await lines('<div class=t>abcdefg<span style="display:inline-block;width:14px;height:5px"></span>hij</div>'))
      .toEqual(['line 0 60', 'text "abcdefg" 0 42.01', 'text "…" 42.01 6']);
  });

  it('counts no hanging space as overflow: wrapped lines keep their text', async () => {
    expect(await lines('<div class=t style="white-space:pre-wrap;width:48px">aaa bbb     ccc</div>'))
      .toEqual(['line 0 48', 'text "aaa bbb     " 0 72.01', 'line 0 48', 'text "ccc" 0 18']);
  });

  it('puts the ellipsis on the left of a right-to-left line', async () => {
    expect(await lines('<div class=t dir=rtl>abcdefghijklmno</div>')).toEqual(['line 0 60', 'text "ghijklmno" 5.99 54.01', 'text "…" -0.01 6']);
  });

  it('applies to the lines of anonymous blocks in the clipping block, not to those of its block or flex children', async () => {
    // as Chromium 156: the lines are the block container element's, whatever box holds them
    expect(await lines('<div class=t>abcdefghijklmno<p style="margin:0">pqrstuvwxyzabcd</p></div>'))
      .toEqual(['line 0 60', 'text "abcdefghi" 0 54.01', 'text "…" 54.01 6', 'line 0 60', 'text "pqrstuvwxyzabcd" 0 90.01']);
    expect(await lines('<div class=t style="display:flex">abcdefghijklmno</div>')).toEqual(['line 0 90.01', 'text "abcdefghijklmno" 0 90.01']);
  });

  it('takes the end value of two by the line direction', async () => {
    expect(await lines('<div class=t style="text-overflow:clip ellipsis">abcdefghijklmno</div>')).toEqual(['line 0 60', 'text "abcdefghi" 0 54.01', 'text "…" 54.01 6']);
    expect(await lines('<div class=t style="text-overflow:ellipsis clip">abcdefghijklmno</div>')).toEqual(['line 0 60', 'text "abcdefghijklmno" 0 90.01']);
  });
});
