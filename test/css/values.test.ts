import { parse } from 'css-tree';
import { describe, expect, it } from 'vitest';
import { parseColor } from '../../src/css/values/color.js';
import { px, styleWith } from './helpers.js';

function color(text: string): unknown {
  const value = parse(text, { context: 'value' });
  const nodes = value.type === 'Value' ? value.children.toArray() : [];
  return nodes.length === 1 ? parseColor(nodes[0]) : undefined;
}

const rgb = (r: number, g: number, b: number, a = 1) => ({ r, g, b, a });

describe('colours (CSS Color 4)', () => {
  it.each([
    ['#f00', rgb(255, 0, 0)],
    ['#F00A', rgb(255, 0, 0, 170 / 255)],
    ['#00ff0080', rgb(0, 255, 0, 128 / 255)],
    ['#123456', rgb(0x12, 0x34, 0x56)],
    ['rebeccapurple', rgb(102, 51, 153)],
    ['ReD', rgb(255, 0, 0)],
    ['transparent', rgb(0, 0, 0, 0)],
    ['currentColor', 'currentcolor'],
    ['rgb(255, 0, 0)', rgb(255, 0, 0)],
    ['rgba(0, 0, 255, 0.5)', rgb(0, 0, 255, 0.5)],
    ['rgb(100%, 50%, 0%)', rgb(255, 127.5, 0)],
    ['rgb(0 128 255 / 25%)', rgb(0, 128, 255, 0.25)],
    ['rgb(0 128 255 / .5)', rgb(0, 128, 255, 0.5)],
    ['rgb(300 -5 0)', rgb(255, 0, 0)],
    ['rgb(none 10 20)', rgb(0, 10, 20)],
    ['rgba(0 0 0)', rgb(0, 0, 0)],
    ['hsl(120, 100%, 50%)', rgb(0, 255, 0)],
    ['hsl(120deg 100% 25%)', rgb(0, 127.5, 0)],
    ['hsl(0.5turn 100% 50% / 0.2)', rgb(0, 255, 255, 0.2)],
    ['hsla(240, 100%, 50%, 0.5)', rgb(0, 0, 255, 0.5)],
    ['hsl(120 100 50)', rgb(0, 255, 0)],
    ['hwb(0 0% 0%)', rgb(255, 0, 0)],
    ['hwb(120 20% 20%)', rgb(51, 204, 51)],
    ['hwb(0 60% 60%)', rgb(127.5, 127.5, 127.5)],
    ['Mark', rgb(255, 255, 0)],
    ['Canvas', { kind: 'light-dark', light: rgb(255, 255, 255), dark: rgb(18, 18, 18) }],
    ['light-dark(red, #00f)', { kind: 'light-dark', light: rgb(255, 0, 0), dark: rgb(0, 0, 255) }],
  ])('%s', (text, expected) => {
    expect(color(text)).toEqual(expected);
  });

  it.each([
    '#ff', '#fffff', '#ggg', 'rgb(1, 2)', 'rgb(1 2 3 4)', 'rgb(1, 2%, 3)', 'rgb(1 2, 3)', 'hsl(1, 2, 3)',
    'hsl(none, 50%, 50%)', 'hwb(0, 0%, 0%)', 'notacolor', 'rgb(1 2 3 / 4 / 5)', 'light-dark(red)', 'light-dark(red blue)',
  ])('rejects %s', (text) => {
    expect(color(text)).toBeUndefined();
  });
});

describe('lengths (CSS Values 4 §6)', () => {
  const cases: [string, number][] = [
    ['10px', 10], ['1in', 96], ['2.54cm', 96], ['25.4mm', 96], ['101.6Q', 96], ['72pt', 96], ['6pc', 96],
    ['2em', 40], ['1.5rem', 18], ['2ex', 18.36], ['2ch', 20], ['10vw', 64.3], ['10vh', 97.2], ['10vmin', 64.3],
    ['10vmax', 97.2], ['0', 0], ['-3px', -3],
  ];
  it.each(cases)('margin-left: %s', async (value, expected) => {
    const doc = await styleWith(`html { font-size: 12px } div { font-size: 20px; margin-left: ${value} }`, '<div>x</div>');
    expect(doc.diagnostics).toEqual([]);
    expect(Math.round(px(doc.style('div').marginLeft) * 100) / 100).toBeCloseTo(expected, 1);
  });

  // ex = x-height, ch = advance of "0" of the first available font (CSS Values 4 §6.1.1), from the
  // bundled fonts' OS/2 and hmtx tables: Liberation Sans 1082 and 1139, Liberation Serif (the
  // default) 940 and 1024, Liberation Mono 1082 and 1229, DejaVu Sans 1120 and 1303 units per 2048.
  it.each([
    ['serif', 940 / 2048 * 20, 1024 / 2048 * 20],
    ['Arial, sans-serif', 1082 / 2048 * 20, 1139 / 2048 * 20],
    ['"Courier New"', 1082 / 2048 * 20, 1229 / 2048 * 20],
    ['Unknown Web Font, monospace', 1082 / 2048 * 20, 1229 / 2048 * 20],
    // DejaVu has no OS/2 sxHeight: Chromium's ex is its hinted x, whole pixels (hintedEx)
    ['"DejaVu Sans"', 11, 1303 / 2048 * 20],
    ['"DejaVu Serif"', 11, 1303 / 2048 * 20],
    ['"DejaVu Sans Mono"', 11, 1233 / 2048 * 20],
    ['Unknown Web Font', 10, 10],
  ] as const)('ex and ch follow the metrics of font-family: %s', async (family, ex, ch) => {
    const doc = await styleWith(`div { font: 20px ${family}; margin-left: 1ex; margin-right: 1ch; width: calc(1ex + 1ch) }`, '<div>x</div>');
    expect(doc.diagnostics).toEqual([]);
    const style = doc.style('div');
    expect(style.marginLeft).toBeCloseTo(ex, 5);
    expect(style.marginRight).toBeCloseTo(ch, 5);
    expect(style.width).toBeCloseTo(ex + ch, 5);
  });

  // Chromium 156 on Linux: 10ex as wide as these, at each size (FreeType's light auto-hinting)
  it.each([
    ['"DejaVu Sans"', [[9, 5], [10, 6], [11, 6], [12, 7], [13, 7], [14, 8], [15, 9], [16, 9], [18, 10], [20, 11], [24, 14], [32, 18], [48, 26], [72, 39]]],
    ['"DejaVu Serif"', [[9, 5], [10, 5], [11, 6], [12, 7], [13, 7], [14, 8], [15, 8], [16, 9], [18, 10], [20, 11], [24, 13], [32, 17], [48, 25], [72, 38]]],
  ] as const)('ex of %s is its hinted x-height, whole pixels', async (family, sizes) => {
    for (const [size, ex] of sizes) {
      const doc = await styleWith(`div { font: ${size}px ${family}; width: 10ex }`, '<div>x</div>');
      expect([size, doc.style('div').width]).toEqual([size, ex * 10]);
    }
  });

  // cap = cap height of the first available font (OS/2 sCapHeight: Liberation Sans 1409, Serif
  // 1341, Mono 1349 per 2048; DejaVu Sans has no OS/2 version 2: the top of its H, 1493), as
  // Chromium 156 measures it for Arial, Times New Roman and Courier New; ic = 1em (no bundled
  // font has 水, Chromium gives 1em too)
  it.each([
    ['serif', 1341 / 2048 * 20],
    ['Arial, sans-serif', 1409 / 2048 * 20],
    ['"Courier New"', 1349 / 2048 * 20],
    ['"DejaVu Sans"', 1493 / 2048 * 20],
    ['Unknown Web Font', 0.7 * 20],
  ] as const)('cap follows the metrics of font-family: %s, ic is an em', async (family, cap) => {
    const doc = await styleWith(`div { font: 20px ${family}; margin-left: 1cap; margin-right: 2ic; width: calc(1cap + 1ic) }`, '<div>x</div>');
    expect(doc.diagnostics).toEqual([]);
    const style = doc.style('div');
    expect(style.marginLeft).toBeCloseTo(cap, 5);
    expect(style.marginRight).toBe(40);
    expect(style.width).toBeCloseTo(cap + 20, 5);
  });

  it('font-size-adjust: cap-height makes cap that fraction, ex and ch scale with it', async () => {
    const doc = await styleWith('div { font: 20px Arial; font-size-adjust: cap-height 0.5; margin-left: 1cap; margin-right: 1ex }', '<div>x</div>');
    expect(doc.style('div').marginLeft).toBeCloseTo(10, 5);
    expect(doc.style('div').marginRight).toBeCloseTo((1082 / 1409) * 10, 5);
  });

  it('ex in font-size uses the parent font, ex elsewhere the element font', async () => {
    const doc = await styleWith('p { font: 20px monospace } span { font-family: serif; font-size: 2ex; padding-left: 1ex }', '<p><span>x</span></p>');
    const span = doc.style('span');
    const size = 2 * 20 * (1082 / 2048);
    expect(span.fontSize).toBeCloseTo(size, 5);
    expect(span.paddingLeft).toBeCloseTo(size * (940 / 2048), 5);
  });

  it('em in font-size refers to the parent, rem to the root', async () => {
    const doc = await styleWith('html { font-size: 10px } body { font-size: 2em } p { font-size: 1.5em; line-height: 2rem } span { font-size: 50% }', '<p><span>x</span></p>');
    expect(doc.style('body').fontSize).toBe(20);
    expect(doc.style('p').fontSize).toBe(30);
    expect(doc.style('p').lineHeight).toBe(20);
    expect(doc.style('span').fontSize).toBe(15);
  });

  it('rem on the root element uses the initial font size', async () => {
    const doc = await styleWith('html { font-size: 2rem; margin-left: 1rem }', '');
    expect(doc.style('html').fontSize).toBe(32);
    expect(doc.style('html').marginLeft).toBe(32);
  });

  it('the small, large and dynamic viewport units are the page area, as vw/vh', async () => {
    const doc = await styleWith('@page { size: 400px 300px; margin: 50px } div { width: 50dvw; height: calc(50svh + 10lvh); min-height: 100dvh; margin-left: 10svmin; margin-right: 10lvmax }', '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    const style = doc.style('div');
    expect([style.width, style.height, style.minHeight, style.marginLeft, style.marginRight]).toEqual([150, 120, 200, 20, 30]);
  });

  it('vw/vh follow the page area of @page', async () => {
    const doc = await styleWith('@page { size: 400px 300px; margin: 50px } div { width: 50vw; height: 50vh }', '<div></div>');
    expect(doc.style('div').width).toBe(150);
    expect(doc.style('div').height).toBe(100);
  });

  it('rejects negative padding and unknown units', async () => {
    const doc = await styleWith('div { padding-left: -1px; width: 10zz; margin-top: 5 }', '<div></div>');
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value', 'css_invalid_value', 'css_invalid_value']);
    expect(doc.style('div').paddingLeft).toBe(0);
    expect(doc.style('div').width).toBe('auto');
  });
});

describe('line widths snapped to device pixels (CSS Values 4 "snap as a line width")', () => {
  // What Chromium 156 computes (getComputedStyle, print media): under 1px but above 0 is 1px,
  // above 1px is floored; a CSS px is the device pixel, after zoom.
  it.each([
    ['0.5pt', 1], ['0.1px', 1], ['0.9px', 1], ['1px', 1], ['0.75pt', 1], ['1.5px', 1], ['1.99px', 1], ['2.5px', 2],
    ['1.5pt', 2], ['2.25pt', 3], ['calc(3px - 0.001px)', 2], ['3.7px', 3], ['0.1em', 1], ['thin', 1], ['medium', 3], ['thick', 5], ['0', 0],
  ])('%s is %dpx for borders, outlines and column rules', async (value, expected) => {
    const doc = await styleWith(`div { font-size: 16px; border: ${value} solid; outline: ${value} solid; column-rule: ${value} solid }`, '<div>x</div>');
    const style = doc.style('div');
    expect([style.borderTopWidth, style.borderLeftWidth, style.outlineWidth, style.columnRuleWidth]).toEqual([expected, expected, expected, expected]);
  });

  it('snaps outline-offset with its sign kept, as Chromium does', async () => {
    const doc = await styleWith('#a { outline-offset: 0.5px } #b { outline-offset: 2.7px } #c { outline-offset: -0.5px } #d { outline-offset: -1.5px }', '<p id=a></p><p id=b></p><p id=c></p><p id=d></p>');
    expect(['#a', '#b', '#c', '#d'].map((id) => doc.style(id).outlineOffset)).toEqual([1, 2, -1, -1]);
  });

  it('snaps the zoomed width: 0.5px at zoom 1.5 is one device pixel, 1.5px at zoom 1.5 two', async () => {
    const doc = await styleWith('div { zoom: 1.5 } #a { border: 0.5px solid } #b { border: 1.5px solid }', '<div id=a></div><div id=b></div>');
    expect([doc.style('#a').borderTopWidth, doc.style('#b').borderTopWidth]).toEqual([1, 2]);
  });
});

describe('calc(), min(), max(), clamp()', () => {
  it.each([
    ['calc(10px + 2em)', 50],
    ['calc(2 * (1in - 48px))', 96],
    ['calc(100px / 4 - 5px)', 20],
    ['min(10px, 2em, 1in)', 10],
    ['max(10px, 2em)', 40],
    ['clamp(10px, 5em, 60px)', 60],
    ['calc(1px + calc(2px * 3))', 7],
    ['calc(-1 * 5px)', -5],
  ])('%s', async (value, expected) => {
    const doc = await styleWith(`div { font-size: 20px; margin-left: ${value} }`, '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    expect(doc.style('div').marginLeft).toBeCloseTo(expected, 5);
  });

  it('keeps percentages for layout', async () => {
    const doc = await styleWith('div { font-size: 10px; width: calc(100% - 2em); max-width: min(50%, 300px); margin-left: calc(50%) }', '<div></div>');
    expect(doc.style('div').width).toEqual({ kind: 'calc', node: { op: 'sum', terms: [{ op: 'percent', value: 100 }, { op: 'px', value: -20 }] } });
    expect(doc.style('div').maxWidth).toEqual({ kind: 'calc', node: { op: 'min', args: [{ op: 'percent', value: 50 }, { op: 'px', value: 300 }] } });
    expect(doc.style('div').marginLeft).toEqual({ kind: 'percent', value: 50 });
  });

  it('folds numbers for number properties and percentages of font size', async () => {
    const doc = await styleWith('div { opacity: calc(1 / 4); line-height: calc(1 + 0.5); z-index: calc(2 * 3); font-size: calc(50% + 2px) }', '<div></div>');
    const div = doc.style('div');
    expect(div.opacity).toBe(0.25);
    expect(div.lineHeight).toEqual({ kind: 'number', value: 1.5 });
    expect(div.zIndex).toBe(6);
    expect(div.fontSize).toBe(10);
  });

  it.each(['calc(1px + 2)', 'calc(1px * 2px)', 'calc(1px / 0)', 'calc(1px -2px)', 'calc()', 'clamp(1px, 2px)'])('rejects %s', async (value) => {
    const doc = await styleWith(`div { margin-left: ${value} }`, '<div></div>');
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });
});

describe('framework values', () => {
  it('reads math functions of percentages in hsl() channels (Bulma 1: `hsl(171deg, 100%, calc(41% + 0%))`)', () => {
    const color = (text: string) => parseColor((parse(text, { context: 'value' }) as unknown as { children: { first: never } }).children.first);
    expect(color('hsl(0deg,100%,50%)')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(color('hsl(0deg,100%,calc(40% + 10%))')).toEqual(color('hsl(0deg,100%,50%)'));
    expect(color('hsl(120 calc(50% * 2) min(50%, 60%))')).toEqual(color('hsl(120 100% 50%)'));
    expect(color('hsl(0deg,100%,calc(40% + 1px))')).toBeUndefined();
  });

  it('drops another engine\'s value silently, as its properties are (`display: -ms-flexbox` before `display: flex`)', async () => {
    const doc = await styleWith('div { display: -ms-flexbox; display: flex } p { display: -webkit-nonsense } span { display: nonsense }', '<div><p>x</p><span>y</span></div>');
    expect(doc.style('div').display).toBe('flex');
    expect(doc.diagnostics.map((d) => d.message)).toEqual(['invalid value `nonsense` for `display`']);
  });
});
