/**
 * Borders, outlines and column rules drawn inset, outset, groove or ridge in `currentcolor` take
 * rgb(238, 238, 238) (WebKit's legacy, kept by Blink's ComputedStyle::ColorIncludingFallback):
 * Chromium 156 prints a plain `<hr>` as #9a9a9a over #eeeeee whatever its `color`, and the same
 * for `border: 1px inset` on a div in red text.
 */
import { describe, expect, it } from 'vitest';
import { styleWith } from './helpers.js';

const EEE = { r: 238, g: 238, b: 238, a: 1 };
const red = { r: 255, g: 0, b: 0, a: 1 };
const gray = { r: 128, g: 128, b: 128, a: 1 };

describe('three-dimensional border styles in currentcolor', () => {
  it('gives a plain hr and an inset border in currentcolor the legacy gray', async () => {
    const doc = await styleWith('#red { color: red } div { color: red; border: 1px inset } #o { outline: 2px outset; column-rule: 1px groove }',
      '<hr id=plain><hr id=red><div>x</div><p id=o style="color: blue">y</p>');
    const plain = doc.style('#plain');
    expect(plain.color).toEqual(gray);
    expect([plain.borderTopColor, plain.borderRightColor, plain.borderBottomColor, plain.borderLeftColor]).toEqual([EEE, EEE, EEE, EEE]);
    expect(doc.style('#red').borderTopColor).toEqual(EEE);
    expect(doc.style('div').borderBottomColor).toEqual(EEE);
    expect(doc.style('#o').outlineColor).toEqual(EEE);
    expect(doc.style('#o').columnRuleColor).toEqual(EEE);
    expect(doc.diagnostics).toEqual([]);
  });

  it('keeps a colour that is given, other styles in currentcolor, and colours computed from currentcolor', async () => {
    const doc = await styleWith(`#given { border-color: red } #solid { border-style: solid; color: red } #explicit { border: 1px inset currentcolor }
      #mix { color: red; border: 1px inset color-mix(in srgb, currentcolor, red) } #side { border-top: 1px inset red }`,
    '<hr id=given><hr id=solid><hr id=explicit><hr id=mix><hr id=side>');
    expect(doc.style('#given').borderTopColor).toEqual(red);
    expect(doc.style('#solid').borderTopColor).toEqual(red);
    expect(doc.style('#explicit').borderTopColor).toEqual(EEE);
    expect(Object.values(doc.style('#mix').borderTopColor).map((c) => Math.round(c * 1000) / 1000)).toEqual([255, 0, 0, 1]);
    expect(doc.style('#side').borderTopColor).toEqual(red);
    expect(doc.style('#side').borderBottomColor).toEqual(EEE);
  });

  it('leaves the inset cells of a table with a border attribute in the text colour, as Chromium paints them', async () => {
    const doc = await styleWith('', '<table border=1 style="color: red"><tr><td>x</td></tr></table><table border=1 bordercolor=blue><tr><td id=b>y</td></tr></table>');
    expect(doc.style('td').borderTopStyle).toBe('inset');
    expect(doc.style('td').borderTopColor).toEqual(red);
    expect(doc.style('#b').borderTopColor).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    // the table's own outset border is in currentcolor: the legacy gray
    expect(doc.style('table').borderTopColor).toEqual(EEE);
  });
});
