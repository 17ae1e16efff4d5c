/**
 * font-size-adjust (CSS Fonts 5 §2.6): the used font size makes the first available font's metric
 * the fraction of the font size asked. Expected sizes are the fonts' metrics (Liberation Serif:
 * x-height 940/2048, "0" 1024/2048; Liberation Sans: cap height 1409/2048); Chromium 156 printed
 * the same pages within 0.1 % of the widths (its x-heights and advances are hinted).
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { Fragment, TextFragment } from '../../src/layout/types.js';
import { styleHtml } from '../css/helpers.js';

const CSS = 'body { margin: 0; font: 20px "Liberation Serif" } div { white-space: nowrap }';

function texts(fragment: Fragment): TextFragment[] {
  if (fragment.kind === 'text') return [fragment];
  return fragment.kind === 'box' || fragment.kind === 'line' ? fragment.children.flatMap(texts) : [];
}

/** The sizes of the glyph runs of each text of #id, rounded to 0.001px. */
async function runSizes(body: string, id = 'a'): Promise<string[]> {
  const doc = await layoutHtml(`<style>${CSS}</style>${body}`);
  const box = findById(doc.pages[0]!, id);
  if (box === undefined) throw new Error(`#${id} not laid out`);
  return texts(box).map((t) => `${t.text.trim()} ${t.runs.map((r) => Number(r.run.size.toFixed(3))).join('/')}`);
}

const sized = (metric: number, value: number, size = 20): number => Number(((size * value) / metric).toFixed(3));

describe('font-size-adjust', () => {
  it('scales the glyphs so that the x-height is the number times the font size', async () => {
    expect(await runSizes('<div id=a style="font-size-adjust: 0.5">xxxxxxxxxx</div>')).toEqual([`xxxxxxxxxx ${sized(940 / 2048, 0.5)}`]);
    // ten x of 1024 units: 108.94px (Chromium 108.83)
    const doc = await layoutHtml(`<style>${CSS}</style><div style="font-size-adjust: 0.5"><span id=s>xxxxxxxxxx</span></div>`);
    expect(findById(doc.pages[0]!, 's')!.width).toBeCloseTo(10 * 0.5 * sized(940 / 2048, 0.5), 2);
  });

  it('keeps other metrics: cap-height, ch-width; from-font and a metric the font lacks change nothing', async () => {
    expect(await runSizes('<div id=a style="font-family: \'Liberation Sans\'; font-size-adjust: cap-height 0.7">HH</div>')).toEqual([`HH ${sized(1409 / 2048, 0.7)}`]);
    expect(await runSizes('<div id=a style="font-size-adjust: ch-width 0.4">00</div>')).toEqual([`00 ${sized(1024 / 2048, 0.4)}`]);
    expect(await runSizes('<div id=a style="font-size-adjust: from-font">x</div>')).toEqual(['x 20']);
    // Liberation has no 水: its ic-width is the spec's 1em, as in Chromium
    expect(await runSizes('<div id=a style="font-size-adjust: ic-width 1">x</div>')).toEqual(['x 20']);
  });

  it('sizes a fallback face by the first font\'s adjustment, as Chromium does', async () => {
    // Liberation Serif has no snowman: DejaVu Sans draws it at the same adjusted size
    expect(await runSizes('<div id=a style="font-family: \'Liberation Serif\', \'DejaVu Sans\'; font-size-adjust: 0.5">x\u2603</div>'))
      .toEqual([`x\u2603 ${sized(940 / 2048, 0.5)}/${sized(940 / 2048, 0.5)}`]);
  });

  it('grows the line with the adjusted font (line-height: normal) but not a number line height, and leaves em alone', async () => {
    const doc = await layoutHtml(`<style>${CSS}</style><div id=n style="font-size-adjust: 0.5">x</div><div id=h style="font-size-adjust: 0.5; line-height: 1.5">x</div>
      <div id=e style="font-size-adjust: 0.5; width: 10em; height: 1ex"></div><div id=c style="font-size-adjust: ex-height 0.5; width: 2ch; height: 0"></div>`);
    const height = (id: string): number => findById(doc.pages[0]!, id)!.height;
    // Liberation Serif's line at 21.787px: 25px as in Chromium (23px without the adjustment); line-height 1.5 of the 20px font size
    expect(height('n')).toBeCloseTo(25, 1);
    expect(height('h')).toBe(30);
    // 1ex is the adjusted x-height, 0.5 × 20px (Chromium: 10px); 1em the font size
    expect([findById(doc.pages[0]!, 'e')!.width, height('e')]).toEqual([200, 10]);
    expect(findById(doc.pages[0]!, 'c')!.width).toBeCloseTo(2 * (1024 / 940) * 0.5 * 20, 6);
  });

  it('parses the values Chromium accepts; inherits; the font shorthand resets it', async () => {
    const doc = await styleHtml(`<div id=a style="font-size-adjust: 0.5"><span id=b>x</span></div><div id=c style="font-size-adjust: cap-height from-font"></div>
      <div id=d style="font-size-adjust: from-font"></div><div id=e style="font-size-adjust: 0.5; font: 12px serif"></div>
      <div id=f style="font-size-adjust: -1"></div><div id=g style="font-size-adjust: ex-height"></div><div id=h style="font-size-adjust: 0.5 cap-height"></div>`);
    const adjust = (id: string): unknown => doc.style(`#${id}`).fontSizeAdjust;
    expect(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(adjust)).toEqual([
      { metric: 'ex-height', value: 0.5 }, { metric: 'ex-height', value: 0.5 }, { metric: 'cap-height', value: 'from-font' },
      { metric: 'ex-height', value: 'from-font' }, 'none', 'none', 'none', 'none',
    ]);
  });
});
