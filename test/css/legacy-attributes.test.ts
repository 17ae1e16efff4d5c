import { describe, expect, it } from 'vitest';
import { styleHtml } from './helpers.js';
import { legacyColor } from '../../src/css/values/legacy-color.js';
import { fontFamilyText } from '../../src/css/properties/fonts.js';

/** [attribute value, the colour Chromium 156 computes for it (getComputedStyle), undefined: no colour]. */
const LEGACY_COLORS: readonly (readonly [string, string | undefined])[] = [
  // stray CSS punctuation is read as digits
  ['#faf6ef;', '#fa6e00'], ['#ffffff;', '#ffff00'], ['#fff;', '#fff000'], ['#abc;', '#abc000'], ['#f0f0f0 !important', '#f00000'],
  ['red;', '#0ed000'], ['sandybrown;', '#a0b000'],
  // hex digits without `#`, or too few or too many of them
  ['ffffff', '#ffffff'], ['eee', '#0e0e0e'], ['fff', '#0f0f0f'], ['000', '#000000'], ['1', '#010000'], ['12', '#010200'],
  ['#f', '#0f0000'], ['#ff', '#0f0f00'], ['#ffff', '#ffff00'], ['#fffff', '#fffff0'], ['#33669', '#336690'],
  ['#3366990', '#336900'], ['#1234567', '#124570'], ['#00000', '#000000'], ['0x123456', '#002356'],
  ['#1234567890abcdef1234567890abcdef', '#45ef0a'], [`#${'1234567890'.repeat(11)}`, '#017845'],
  // 4- and 8-digit hex and colour functions are not CSS here
  ['#ff000080', '#ff0080'], ['#ff0000ff', '#ff00ff'], ['rgb(10,20,30)', '#000030'], ['rgba(1,2,3,0.5)', '#001000'],
  ['hsl(120,50%,50%)', '#000050'], ['currentcolor', '#c0e000'], ['inherit', '#00e000'],
  // named colours by keyword, not system colours; ASCII whitespace around is stripped, not NBSP
  ['red', '#ff0000'], [' RED ', '#ff0000'], ['rebeccapurple', '#663399'], ['darkgrey', '#a9a9a9'], ['canvas', '#ca00a0'],
  ['Window', '#000d00'], ['chucknorris', '#c00000'], ['#ccc ', '#cccccc'], ['\t#abc\n', '#aabbcc'], ['  #336699', '#336699'],
  ['#FfF', '#ffffff'], ['\u00a0#fff', '#00fff0'], ['#fff\u00a0', '#fff000'],
  // other characters are zeros; one above U+FFFF is two
  ['#xyz', '#000000'], ['#\u00e9bc', '#000b0c'], ['\u20ac\u20ac\u20ac', '#000000'], ['a\u{1F600}', '#0a0000'], ['\u{1F600}\u{1F600}', '#000000'],
  // only whitespace is black; empty and `transparent` give no colour
  [' ', '#000000'], ['#', '#000000'], ['', undefined], ['transparent', undefined], ['  TRANSPARENT ', undefined],
];

describe('legacy colour values (HTML §2.3.6.4)', () => {
  it('reads every value as Chromium does', () => {
    expect(LEGACY_COLORS.map(([value]) => [value, legacyColor(value)])).toEqual(LEGACY_COLORS);
  });

  it('colours bgcolor, <font color>, <body text link> and bordercolor with them', async () => {
    const doc = await styleHtml(`<body text="eee" link="red;"><table bordercolor="#fff;" border=1><tr><td bgcolor="#faf6ef;">
      <font color="chucknorris">a</font><font id=t color="transparent">b</font><a href="x">c</a></td></tr></table></body>`);
    expect(doc.style('body').color).toEqual({ r: 14, g: 14, b: 14, a: 1 });
    expect(doc.style('td').backgroundColor).toEqual({ r: 250, g: 110, b: 0, a: 1 });
    expect(doc.style('table').borderTopColor).toEqual({ r: 255, g: 240, b: 0, a: 1 });
    expect(doc.style('font').color).toEqual({ r: 192, g: 0, b: 0, a: 1 });
    expect(doc.style('#t').color).toEqual({ r: 14, g: 14, b: 14, a: 1 }); // no colour of its own: the body's
    expect(doc.style('a').color).toEqual({ r: 14, g: 208, b: 0, a: 1 });
  });
});

/** [face, the families Chromium 156 computes for it (getComputedStyle), undefined: the parent's]. */
const FACES: readonly (readonly [string, string | undefined])[] = [
  ['Georgia, serif', 'Georgia, serif'], ['Trebuchet MS, sans-serif', '"Trebuchet MS", sans-serif'],
  ["Georgia, 'Times New Roman', serif", 'Georgia, "Times New Roman", serif'], ["'Times New Roman'", '"Times New Roman"'],
  ['  Arial  ,  Helvetica ', 'Arial, Helvetica'], ['Arial  Black', '"Arial Black"'], ['SERIF', 'serif'], ["'serif'", '"serif"'],
  ['-apple-system, BlinkMacSystemFont, \'Segoe UI\', Roboto', '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto'],
  ['Arial /* c */, serif', 'Arial, serif'], ['Arial\\,X', '"Arial,X"'], ["'Arial", 'Arial'], ['inherit foo', '"inherit foo"'],
  // not a `font-family` value: no hint
  ['Arial;color:red', undefined], ['Arial !important', undefined], ['Arial, 12', undefined], ['12px Arial', undefined],
  ['inherit', undefined], ['initial', undefined], ['Arial, inherit', undefined], ['default', undefined], ['Arial,', undefined],
  [',Arial', undefined], ['', undefined], ['Arial,,Helvetica', undefined], ['font-family: Arial', undefined], ['var(--x)', undefined],
];

describe('<font face> (HTMLFontElement: a CSS font-family value)', () => {
  it('gives the families Chromium gives, generic ones generic, or none', async () => {
    const fonts = FACES.map(([face], i) => `<font id=f${i} face="${face.replace(/"/g, '&quot;')}">x</font>`).join('');
    const doc = await styleHtml(`<!DOCTYPE html><body style="font-family: Parent">${fonts}</body>`);
    const computed = FACES.map(([face], i) => [face, fontFamilyText(doc.style(`#f${i}`).fontFamily)]);
    expect(computed).toEqual(FACES.map(([face, families]) => [face, families ?? 'Parent']));
  });
});
