/**
 * `vi`/`vb` (CSS Values 4 §6.1.2: the viewport in the element's inline and block axis, as Chromium
 * and WPT css-values/viewport-units-writing-mode.html) and the root font units `rex`, `rch`,
 * `rcap`, `ric` (§6.1.1.1).
 */
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../src/diagnostics.js';
import { computeMarginBoxStyle, computePageStyle } from '../../src/css/index.js';
import { length } from '../../src/css/values/svg-units.js';
import { styleWith } from './helpers.js';

// a page area of 300px by 200px: 1vw = 3px, 1vh = 2px
const PAGE = '@page { size: 400px 300px; margin: 50px }';

// Liberation Serif (the initial `serif`) and Liberation Sans (Arial), OS/2 sxHeight, sCapHeight
// and the advance of "0", per 2048 units of the em (values/font-metrics.ts)
const SERIF = { ex: 940 / 2048, ch: 1024 / 2048, cap: 1341 / 2048 };
const SANS = { ex: 1082 / 2048, ch: 1139 / 2048, cap: 1409 / 2048 };

describe('vi and vb', () => {
  it('are vw and vh in horizontal-tb, alone and inside calc(), min(), max(), clamp()', async () => {
    const doc = await styleWith(`${PAGE} div { width: 10vi; height: 10vb; margin-left: calc(10vi + 10vb); margin-right: min(10vi, 10vb); padding-left: max(10vi, 10vb); padding-right: clamp(1px, 5vi, 100px) }`, '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    const div = doc.style('div');
    expect([div.width, div.height, div.marginLeft, div.marginRight, div.paddingLeft, div.paddingRight]).toEqual([30, 20, 50, 20, 30, 15]);
  });

  it.each(['vertical-rl', 'vertical-lr', 'sideways-rl', 'sideways-lr'])('are vh and vw in %s', async (mode) => {
    const doc = await styleWith(`${PAGE} div { writing-mode: ${mode}; width: 10vi; height: 10vb; margin-left: calc(10vi - 5vb); margin-right: max(10vi, 10vb) }`, '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    const div = doc.style('div');
    expect([div.width, div.height, div.marginLeft, div.marginRight]).toEqual([20, 30, 5, 30]);
  });

  it('follow the element own writing mode, inherited or not, not the root one', async () => {
    const doc = await styleWith(`${PAGE} html { writing-mode: vertical-rl } p { width: 10vi } #h { writing-mode: horizontal-tb; width: 10vi }`, '<p>x</p><div id="h"></div>');
    expect(doc.style('p').width).toBe(20);
    expect(doc.style('#h').width).toBe(30);
  });

  it('in font-size use the writing mode of the element, whatever the declaration order', async () => {
    const doc = await styleWith(`${PAGE} #a { font-size: 10vi; writing-mode: vertical-lr } #b { writing-mode: vertical-lr; font-size: 10vb }`, '<div id="a"></div><div id="b"></div>');
    expect(doc.style('#a').fontSize).toBe(20);
    expect(doc.style('#b').fontSize).toBe(30);
  });

  it('have small, large and dynamic forms, the same on paper', async () => {
    const doc = await styleWith(`${PAGE} div { writing-mode: vertical-rl; width: 10svi; height: 10lvb; margin-left: calc(10dvi + 10dvb) }`, '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    const div = doc.style('div');
    expect([div.width, div.height, div.marginLeft]).toEqual([20, 30, 50]);
  });
});

describe('rex, rch, rcap and ric', () => {
  it('are the ex, ch, cap and ic of the root font, not of the element font', async () => {
    const doc = await styleWith('html { font: 10px serif } div { font: 20px Arial; margin-left: 2rex; margin-right: 2rch; padding-left: 2rcap; padding-right: 3ric }', '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    const div = doc.style('div');
    expect(div.marginLeft).toBeCloseTo(20 * SERIF.ex, 10);
    expect(div.marginRight).toBeCloseTo(20 * SERIF.ch, 10);
    expect(div.paddingLeft).toBeCloseTo(20 * SERIF.cap, 10);
    expect(div.paddingRight).toBe(30);
  });

  it('work inside calc(), min(), max() and clamp() with the element units', async () => {
    const doc = await styleWith('html { font: 10px serif } div { font: 20px Arial; width: calc(1rex + 1ex); margin-left: min(1rch, 1ch); margin-right: max(1rcap, 1cap); padding-left: clamp(1px, 2ric, 100px) }', '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    const div = doc.style('div');
    expect(div.width).toBeCloseTo(10 * SERIF.ex + 20 * SANS.ex, 10);
    expect(div.marginLeft).toBeCloseTo(10 * SERIF.ch, 10);
    expect(div.marginRight).toBeCloseTo(20 * SANS.cap, 10);
    expect(div.paddingLeft).toBe(20);
  });

  it('in a descendant font-size are of the root font', async () => {
    const doc = await styleWith('html { font: 10px serif } p { font-family: Arial; font-size: 4rch } span { font-size: 2ric }', '<p><span>x</span></p>');
    expect(doc.style('p').fontSize).toBeCloseTo(40 * SERIF.ch, 10);
    expect(doc.style('span').fontSize).toBe(20);
  });

  it('on the root are its own font units, and of the initial font in its font-size', async () => {
    const doc = await styleWith('html { font-family: Arial; font-size: 2rex; margin-left: 1rcap }', '');
    const html = doc.style('html');
    const size = 2 * 16 * SERIF.ex;
    expect(html.fontSize).toBeCloseTo(size, 10);
    expect(html.marginLeft).toBeCloseTo(size * SANS.cap, 10);
  });

  it('follow the font-size-adjust of the root', async () => {
    const doc = await styleWith('html { font: 10px Arial; font-size-adjust: ex-height 0.6 } div { font-family: serif; margin-left: 1rex; margin-right: 1rch }', '<div></div>');
    expect(doc.style('div').marginLeft).toBeCloseTo(6, 10);
    expect(doc.style('div').marginRight).toBeCloseTo(6 * SANS.ch / SANS.ex, 10);
  });

  it('in @page and page-margin boxes are of the root font', async () => {
    const doc = await styleWith('html { font: 10px serif } @page { font: 20px Arial; margin: 2rex 2rch; @top-center { content: "x"; font-family: Arial; padding-left: 2rcap } }', '<p>x</p>');
    const diagnostics = new Diagnostics();
    const page = computePageStyle(doc.styled, { index: 0, side: 'right', blank: false }, diagnostics);
    expect(page.marginTop).toBeCloseTo(20 * SERIF.ex, 10);
    expect(page.marginLeft).toBeCloseTo(20 * SERIF.ch, 10);
    const box = computeMarginBoxStyle(doc.styled, { index: 0, side: 'right', blank: false }, 'top-center', page, diagnostics)!;
    expect(box.paddingLeft).toBeCloseTo(20 * SERIF.cap, 10);
    expect(diagnostics.list()).toEqual([]);
  });
});

describe('in SVG attributes', () => {
  it('root font units are of the initial font, as rem is its size, and vi, vb no viewport units', () => {
    const font = { fontSize: 20, fontFamily: 'Arial' };
    expect(length('2rex', 0, -1, font)).toBeCloseTo(32 * SERIF.ex, 10);
    expect(length('1rcap', 0, -1, font)).toBeCloseTo(16 * SERIF.cap, 10);
    expect(length('1ric', 0, -1, font)).toBe(16);
    expect(length('1vi', 0, -1, font)).toBe(-1);
  });
});

describe('no longer invalid values', () => {
  it.each(['vi', 'vb', 'svi', 'lvb', 'dvi', 'rex', 'rch', 'rcap', 'ric', 'REX', 'Vi'])('1%s is a length, without a warning', async (unit) => {
    const doc = await styleWith(`${PAGE} div { margin-left: 1${unit}; width: calc(1${unit} + 1px) }`, '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    const div = doc.style('div');
    expect(div.marginLeft).toBeGreaterThan(1);
    expect(div.width).toBeCloseTo((div.marginLeft as number) + 1, 10);
  });
});

describe('lh', () => {
  it('is the element\'s computed line-height (a number, a multiple, a length), and the parent\'s in line-height itself', async () => {
    // octavo took 1.2em whatever the line-height: `height: 2lh` in 14px/1.5 text was 33.6px, not 42 (Chromium)
    const doc = await styleWith(`${PAGE} body { font: 14px/1.5 serif } #a { height: 2lh } #b { line-height: 30px; height: 1lh; width: calc(1lh + 1em) } #c { line-height: 2lh; height: 1lh } #d { line-height: normal; height: 1lh }`,
      '<div id=a></div><div id=b></div><div id=c></div><div id=d></div>');
    expect(doc.diagnostics).toEqual([]);
    const [a, b, c, d] = ['#a', '#b', '#c', '#d'].map((selector) => doc.style(selector));
    // #c: 2lh of the parent's 21px; #d: normal, the font's (14px Liberation Serif: 12 + 3 + 1px)
    expect([a!.height, b!.height, b!.width, c!.lineHeight, c!.height, d!.height]).toEqual([42, 30, 44, 42, 42, 16]);
  });

  it('is the first font\'s ascent, descent and line gap, each rounded, where line-height is normal; rlh the root\'s', async () => {
    // Chromium 156 computes these heights; octavo took 1.2em (16.8, 19.2, 156, 27.6, 18, 84, 24 x 48)
    const doc = await styleWith(`${PAGE} html { font: 15px Arial } #a { font: 14px serif; height: 1lh } #b { font: 16px Arial; height: 1lh }
      #c { font: 13px monospace; height: 10lh } #d { font: 23px 'DejaVu Sans'; height: 1lh } #e { font: 11px Arial; height: 1rlh }
      #f { font: 17.5px serif; height: 4lh } #h { font: 20px serif; line-height: normal; width: 1lh; height: 2rlh }`,
    '<div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div><div id=f></div><div id=h></div>');
    expect(doc.diagnostics).toEqual([]);
    expect(['#a', '#b', '#c', '#d', '#e', '#f'].map((selector) => doc.style(selector)!.height)).toEqual([16, 18, 150, 26, 17, 84]);
    expect([doc.style('#h')!.width, doc.style('#h')!.height]).toEqual([23, 34]);
  });
});
