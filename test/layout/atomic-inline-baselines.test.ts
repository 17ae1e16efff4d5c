/**
 * Where atomic inlines sit on their line (CSS Inline 3 §4.3, CSS 2.1 §17.5.3), and lines that
 * `white-space: nowrap` keeps whole: what KaTeX's formulas are built on. The positions are Chromium
 * 156's for the same markup (getBoundingClientRect and Range boxes).
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { Fragment, TextFragment } from '../../src/layout/types.js';

const CSS = '@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 20px "Liberation Serif" } p { margin: 0 0 10px }';

function texts(fragment: Fragment, out: TextFragment[] = []): TextFragment[] {
  if (fragment.kind === 'text') out.push(fragment);
  else if (fragment.kind === 'box' || fragment.kind === 'line') for (const child of fragment.children) texts(child, out);
  return out;
}

/** The baseline (page y: a text fragment's is in the frame of its y) of each text of the page, by its text. */
async function baselines(body: string): Promise<Map<string, number>> {
  const doc = await layoutHtml(`<style>${CSS}</style>${body}`);
  const out = new Map<string, number>();
  for (const fragment of doc.pages[0]!.children) for (const text of texts(fragment)) out.set(text.text.trim(), Math.round(text.baseline * 10) / 10);
  return out;
}

describe('atomic inlines on their line', () => {
  it('aligns an image by its legacy align attribute as Chromium 156 places it', async () => {
    // middle: the image's middle on the baseline (-webkit-baseline-middle); absmiddle: on the x-height's middle;
    // texttop and absbottom; bottom: the baseline. Before, all five sat on the baseline.
    const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
    const imgs = ['middle', 'absmiddle', 'texttop', 'bottom', 'absbottom'].map((a) => `<img id=${a} src="${pixel}" width=20 height=20 align=${a}>`).join(' ');
    const doc = await layoutHtml(`<style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/10px "DejaVu Sans" }</style><p style="margin:0">Text ${imgs}x</p>`);
    const tops = ['middle', 'absmiddle', 'texttop', 'bottom', 'absbottom'].map((id) => Math.round(findById(doc.pages[0]!, id)!.y));
    // Chromium: 10, 7, 11, 0, 11 (getBoundingClientRect, the line starting at 0)
    expect(tops).toEqual([10, 7, 11, 0, 11]);
  });

  it('an inline-flex, inline-grid or inline-table aligns by its first line, an inline-block by its last', async () => {
    const at = await baselines(`
      <p><span id=x1>x</span><span style="display:inline-flex;flex-direction:column"><span>A</span><span>B</span></span></p>
      <p><span id=x2>y</span><span style="display:inline-grid"><span>C</span><span>D</span></span></p>
      <p><span>z</span><span style="display:inline-table"><span style="display:table-row"><span style="display:table-cell">G</span></span><span style="display:table-row"><span style="display:table-cell">H</span></span></span></p>
      <p><span>w</span><span style="display:inline-block">E<br>F</span></p>`);
    expect(at.get('A')).toBe(at.get('x'));
    expect(at.get('C')).toBe(at.get('y'));
    expect(at.get('G')).toBe(at.get('z'));
    expect(at.get('F')).toBe(at.get('w'));
  });

  it('an inline-block sits by its last block child\'s bottom margin edge when that child is a scroll container, as Chromium does', async () => {
    // Chromium 156: the x beside each 60px inline-block, its top from the inline-block's top —
    // 6 (text in an overflow: hidden child), 16 (a plain empty block after one), 36 (a line before
    // one), 16 (one inside a padded wrapper), 16 (the inline-block's own padding and border below
    // it), 16 (overflow-y only), 31 (a line after one); 1 for an overflow: hidden flex container,
    // which keeps its own baseline
    const rows = [
      '<div class=h style="height:auto">text</div>', '<div class=h></div><div style="height:15px"></div>', 'line<div class=h></div>',
      '<div style="padding-bottom:7px"><div class=h></div></div>', '<div class=h></div>', '<div class=h style="overflow:visible;overflow-y:hidden">text</div>',
      '<div class=h></div>line', '<div class=h style="display:flex">flex</div>',
    ];
    const doc = await layoutHtml('<style>@page { size: 600px 600px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" } .w { display: inline-block; width: 60px } .h { height: 30px; overflow: hidden }</style>'
      + rows.map((inner, i) => `<div><div class=w id=w${i} ${i === 4 ? 'style="padding-bottom:9px;border-bottom:3px solid"' : ''}>${inner}</div><span id=x${i}>x</span></div>`).join(''));
    const page = doc.pages[0]!;
    expect(rows.map((_, i) => Math.round(findById(page, `x${i}`)!.y - findById(page, `w${i}`)!.y))).toEqual([6, 16, 36, 16, 16, 16, 31, 1]);
  });

  it('an inline table whose row has no baseline-aligned cell sits on the line by that row\'s bottom content edge', async () => {
    // Chromium: the 16px cell from y 2 to 18, the line's baseline; KaTeX's superscript 7px above it
    const doc = await layoutHtml(`<style>${CSS} .c { display: table-cell; vertical-align: bottom; height: 16px; padding-bottom: 3px }</style>
      <p>x<span id=t style="display:inline-table"><span style="display:table-row"><span class=c>Q</span></span></span></p>`);
    const table = findById(doc.pages[0]!, 't')!;
    // the cell's content box ends on the baseline (17.8 for 20px Liberation Serif, as the line's text)
    const [x] = texts(doc.pages[0]!.children[0]!);
    expect(table.y + table.height - 3).toBeCloseTo(x!.baseline, 0);
  });
});

describe('white-space: nowrap', () => {
  it('keeps an inline box and the atomic inline after it on one line, at min-content too', async () => {
    // KaTeX's base: `E`, an empty inline-block with a margin (a space), `=`
    const doc = await layoutHtml(`<style>${CSS} .base { display: inline-block; white-space: nowrap; width: min-content } .space { display: inline-block; margin-right: 5px }</style>
      <p>Test <span id=b class=base><span>E</span><span class=space></span><span>=</span><span class=space></span><span>h</span></span> end</p>`);
    expect(findById(doc.pages[0]!, 'b')!.height).toBe(23);
  });
});
