import { describe, expect, it } from 'vitest';
import type { BoxFragment } from '../../src/layout/types.js';
import { createInternalEngine } from '../../src/render.js';
import { findById, inPageFrames } from '../helpers/layout.js';
import { checkDiagnostics, type ExpectedDiagnostic } from '../helpers/diagnostics.js';
import { installedFamilies } from '../helpers/installed-fonts.js';

/*
 * MathML laid out as Chromium 156 lays it out on the same machine, with its fonts (fonts-liberation
 * and fonts-dejavu-extra installed, as .ci/run installs them): `font-family: math` is Liberation
 * Serif, the italic letters come from DejaVu Math TeX Gyre.
 * The expected numbers are Chromium's getBoundingClientRect of the same markup; tokens are as tall
 * as their ink, which Chromium takes from hinted glyphs, so heights and tops may differ by 1px.
 */
const mathFont = installedFamilies().has('dejavu math tex gyre');
const skipped = mathFont ? '' : ' — SKIPPED: DejaVu Math TeX Gyre is not installed (apt-get install fonts-dejavu-extra; .ci/run does)';
if (!mathFont) console.warn(`test/layout/mathml.test.ts: MathML against Chromium${skipped}`);
const engine = createInternalEngine({ systemFonts: true });

const PAGE = '<style>@page { size: 600px 300px; margin: 0 } body { margin: 0; font: 16px "Liberation Serif" } p { margin: 0 0 10px }</style>';

async function rects(body: string, ids: readonly string[], expectWarnings: { code: string; message: RegExp }[] = []): Promise<Record<string, BoxFragment>> {
  const laid = await engine.layout({ template: PAGE + body, data: {} });
  checkDiagnostics(laid.diagnostics, expectWarnings as readonly ExpectedDiagnostic[]);
  const doc = inPageFrames(laid);
  const out: Record<string, BoxFragment> = {};
  for (const id of ids) {
    const f = findById(doc.pages[0]!, id);
    if (f === undefined || f.kind !== 'box') throw new Error(`#${id} not laid out`);
    out[id] = f;
  }
  return out;
}

describe.skipIf(!mathFont)(`MathML (MathML Core §3), as Chromium lays it out${skipped}`, () => {
  it('sets a row with the operator spaces of the dictionary and tokens as tall as their ink', async () => {
    const r = await rects('<p>ab <math id=m><mi id=x>x</mi><mo id=eq>=</mo><mn id=n>2</mn></math> cd</p>', ['m', 'x', 'eq', 'n']);
    const m = r['m']!;
    // Chromium: x at 0 (11.30 wide: the italic 𝑥), = at 15.73 (a thick space, 5/18 em, on each side), 2 at 29.20
    expect(r['x']!.x - m.x).toBeCloseTo(0, 1);
    expect(r['x']!.width).toBeCloseTo(11.30, 1);
    expect(r['eq']!.x - m.x).toBeCloseTo(15.73, 1);
    expect(r['n']!.x - m.x).toBeCloseTo(29.20, 1);
    expect(m.width).toBeCloseTo(37.20, 1);
    // the formula is as tall as the 2 (11px of ink), the x 8px (Chromium's hinted glyph; octavo rounds the 7.34px outline)
    expect(m.height).toBe(11);
    expect(Math.abs(r['x']!.height - 8)).toBeLessThanOrEqual(1);
    expect(r['eq']!.height).toBe(4);
  });

  it('sizes an italic letter by the ink of the letter written, in the token\'s font, not of the math italic drawn', async () => {
    // Chromium 156 at 100px (MathTokenLayoutAlgorithm measures the token's characters): b 70 tall at 122, x 46 at 145, σ 52 at 140, g 73 at 139;
    // the italic letters drawn (DejaVu Math TeX Gyre) would make them 77, 52, 53 and 75. The g's top is 1px lower in octavo (its hinted outline in Chromium)
    const r = await rects('<p style="font-size:100px"><math><mi id=b>b</mi><mi id=x>x</mi><mi id=s>σ</mi><mi id=g>g</mi></math></p>', ['b', 'x', 's', 'g']);
    const top = r['b']!.y - 122;
    expect(['b', 'x', 's', 'g'].map((id) => [id, r[id]!.height, Math.round(r[id]!.y - top)])).toEqual([['b', 70, 122], ['x', 46, 145], ['s', 52, 140], ['g', 73, 140]]);
  });

  it('stacks a fraction on the axis with one rule thickness of gap, 1px of padding each side, the parts at script size', async () => {
    const r = await rects('<p>ab <math><mfrac id=f><mn id=a>1</mn><mn id=b>2</mn></mfrac></math> cd</p>', ['f', 'a', 'b']);
    const { f, a, b } = { f: r['f']!, a: r['a']!, b: r['b']! };
    expect(a.style.fontSize).toBeCloseTo(11.36, 2);
    expect(a.x - f.x).toBeCloseTo(1, 2);
    expect(f.width).toBeCloseTo(7.69, 1);
    // Chromium: 2.34px between the numerator's ink and the denominator's (the bar and a rule's gap each side)
    expect(b.y - (a.y + a.height)).toBeCloseTo(2.34, 1);
    // the bar: the rule box, as wide as the fraction's content, on the axis
    const bar = f.children.find((c): c is BoxFragment => c.kind === 'box' && c.box.element === undefined && c.children.length === 0);
    expect(bar).toBeDefined();
    expect(bar!.width).toBeCloseTo(5.69, 1);
    expect(bar!.height).toBeCloseTo(0.78, 2);
  });

  it('raises a superscript one x-height and drops a subscript half of one', async () => {
    const r = await rects('<p><math><msup id=s><mi id=b>x</mi><mn id=p>2</mn></msup><msub id=t><mi id=c>a</mi><mi id=q>k</mi></msub></math></p>', ['s', 'b', 'p', 't', 'c', 'q']);
    const baseline = r['b']!.y + r['b']!.height; // the x has no descent
    // Chromium: the 2 ends 7.34px above the baseline (Liberation Serif's x-height), the k 3.67px below it
    expect(baseline - (r['p']!.y + r['p']!.height)).toBeCloseTo(7.34, 1);
    expect(r['q']!.y + r['q']!.height - baseline).toBeCloseTo(3.67, 1);
    expect(r['p']!.x - r['s']!.x).toBeCloseTo(11.30, 1);
    // the space after a script: Chromium's msup is 19.98px wide, msub 21.08
    expect(r['s']!.width).toBeCloseTo(19.98, 1);
    expect(r['t']!.width).toBeCloseTo(21.08, 1);
  });

  it('puts limits under and over a large operator in display style, and beside it in inline style', async () => {
    const display = await rects('<math display=block id=m><munderover id=u><mo id=o>∑</mo><mi id=i>i</mi><mi id=n>n</mi></munderover><mi>x</mi></math>', ['u', 'o', 'i', 'n']);
    expect(display['n']!.y + display['n']!.height).toBeCloseTo(display['o']!.y, 1);
    expect(display['i']!.y).toBeCloseTo(display['o']!.y + display['o']!.height, 1);
    expect(display['u']!.width).toBeCloseTo(11.41, 1);
    const inline = await rects('<p><math><munderover id=u><mo id=o>∑</mo><mi id=i>i</mi><mi id=n>n</mi></munderover></math></p>', ['o', 'i', 'n']);
    expect(inline['i']!.x).toBeCloseTo(inline['o']!.x + inline['o']!.width, 1);
    expect(inline['n']!.x).toBeCloseTo(inline['o']!.x + inline['o']!.width, 1);
  });

  it('draws a radical sign with an overbar, and kerns a root index before it', async () => {
    const r = await rects('<p><math><msqrt id=s><mi id=a>x</mi></msqrt><mroot id=r><mi id=b>y</mi><mn id=i>3</mn></mroot></math></p>', ['s', 'a', 'r', 'b', 'i']);
    // Chromium: the radicand starts 8.78px in (the sign's advance), the index 4.44px (5/18 em) in, its base 13.22px
    expect(r['a']!.x - r['s']!.x).toBeCloseTo(8.78, 1);
    expect(r['i']!.x - r['r']!.x).toBeCloseTo(4.44, 1);
    expect(r['b']!.x - r['r']!.x).toBeCloseTo(13.22, 1);
    expect(r['i']!.style.fontSize).toBeCloseTo(8.0656, 3);
    expect(Math.abs(r['s']!.height - 14.78)).toBeLessThanOrEqual(1.01);
  });

  it('grows fences, radical signs and display-style large operators to the variants of a math font, as Chromium does', async () => {
    const math = "style=\"font-family: 'DejaVu Math TeX Gyre'\"";
    const r = await rects(`<p><math ${math}><mrow id=row><mo id=l>(</mo><mfrac><mi>a</mi><mi>b</mi></mfrac><mo id=rp>)</mo></mrow><msqrt id=sq><mfrac><mi>a</mi><mi>b</mi></mfrac></msqrt></math></p>
      <math display=block ${math}><munderover><mo id=sum>∑</mo><mi>i</mi><mi>n</mi></munderover><mo id=int>∫</mo></math>`, ['row', 'l', 'rp', 'sq', 'sum', 'int']);
    // Chromium 156: the parentheses 25px tall (the row's height), the radical 26.53px, ∑ and ∫ 25px
    expect(Math.abs(r['l']!.height - 25)).toBeLessThanOrEqual(1.01);
    expect(r['rp']!.height).toBeCloseTo(r['l']!.height, 5);
    expect(Math.abs(r['row']!.height - 25)).toBeLessThanOrEqual(1.01);
    expect(Math.abs(r['sq']!.height - 26.53)).toBeLessThanOrEqual(2.01);
    expect(Math.abs(r['sum']!.height - 25)).toBeLessThanOrEqual(1.01);
    expect(Math.abs(r['int']!.height - 25)).toBeLessThanOrEqual(1.01);
  });

  it('leaves fences as they are in a font without a MATH table (Liberation Serif, the math font of Chromium on Linux)', async () => {
    const r = await rects('<p><math><mrow><mo id=l>(</mo><mfrac><mi>a</mi><mi>b</mi></mfrac><mo>)</mo></mrow><mo id=plain>(</mo></math></p>', ['l', 'plain']);
    expect(r['l']!.height).toBe(r['plain']!.height);
  });

  it('centres display math in its line and collapses its margins with the paragraphs around it', async () => {
    const r = await rects('<p id=a>before</p><math display=block id=m><mi id=x>x</mi></math><p id=b>after</p>', ['a', 'm', 'x', 'b']);
    expect(r['m']!.width).toBe(600);
    expect(r['x']!.x).toBeCloseTo((600 - r['x']!.width) / 2, 1);
    expect(r['m']!.y).toBeCloseTo(r['a']!.y + r['a']!.height + 10, 2);
  });

  it('keeps a block formula between its side margins, and an inline one with padding as wide as its content and padding', async () => {
    const r = await rects('<math display=block id=m style="margin: 0 100px"><mi id=x>x</mi></math><p><math id=i style="padding: 0 10px; border: 2px solid"><mi id=y>y</mi></math></p>', ['m', 'x', 'i', 'y']);
    expect(r['m']!.x).toBe(100);
    expect(r['m']!.width).toBe(400);
    expect(r['x']!.x).toBeCloseTo(300 - r['x']!.width / 2, 1);
    expect(r['i']!.width).toBeCloseTo(r['y']!.width + 24, 5);
  });

  it('centres an mtable on the math axis', async () => {
    const r = await rects('<p><math><mi id=x>x</mi><mtable id=t><mtr><mtd><mn>1</mn></mtd></mtr><mtr><mtd><mn>2</mn></mtd></mtr></mtable></math></p>', ['x', 't']);
    const baseline = r['x']!.y + r['x']!.height;
    const axis = 7.34 / 2;
    expect(r['t']!.y + r['t']!.height / 2).toBeCloseTo(baseline - axis, 1);
  });

  it('sets prescripts and postscripts of mmultiscripts in columns, a script space before each prescript pair and after each postscript pair', async () => {
    const r = await rects('<p><math><mmultiscripts id=ms><mi id=b>X</mi><mn id=s1>1</mn><mn id=s2>2</mn><mprescripts/><mn id=s3>3</mn><mn id=s4>4</mn></mmultiscripts><mmultiscripts id=mt><mi id=tb>Y</mi><mi id=t1>a</mi><none/><none/><mi id=t2>b</mi></mmultiscripts></math></p>',
      ['ms', 'b', 's1', 's2', 's3', 's4', 'mt', 'tb', 't1', 't2']);
    const x = (id: string, from: string): number => r[id]!.x - r[from]!.x;
    // Chromium 156: prescripts at 3.00, the base at 8.69, postscripts at 24.22, 32.91 wide in all
    expect(x('s3', 'ms')).toBeCloseTo(3, 1);
    expect(x('s4', 'ms')).toBeCloseTo(3, 1);
    expect(x('b', 'ms')).toBeCloseTo(8.69, 1);
    expect(x('s1', 'ms')).toBeCloseTo(24.22, 1);
    expect(r['ms']!.width).toBeCloseTo(32.91, 1);
    // subscripts on one shift, superscripts on another (the digits have no descent: their bottoms are their baselines)
    const bottom = (id: string): number => r[id]!.y + r[id]!.height;
    expect(bottom('s1')).toBeCloseTo(bottom('s3'), 5);
    expect(bottom('s2')).toBeCloseTo(bottom('s4'), 5);
    expect(Math.abs(bottom('s1') - bottom('s2') - 11.02)).toBeLessThanOrEqual(1.01);
    // <none/> holds a column: b is after the a column and its space
    expect(x('t2', 'mt')).toBeCloseTo(24.07, 1);
    expect(r['mt']!.width).toBeCloseTo(34.95, 1);
  });

  it('gives mpadded the width, height and depth of its attributes, moved by lspace and voffset; a percentage changes nothing', async () => {
    const r = await rects('<p><math><mpadded id=pd width="30px" height="20px" depth="10px" lspace="5px"><mi id=x>x</mi></mpadded><mpadded id=pe width="200%" voffset="4px"><mi id=y>y</mi></mpadded></math></p>', ['pd', 'x', 'pe', 'y'],
      [{ code: 'html', message: /a percentage in `<mpadded>`/ }]);
    expect(r['pd']!.width).toBeCloseTo(30, 5);
    expect(r['pd']!.height).toBeCloseTo(30, 5);
    expect(r['x']!.x - r['pd']!.x).toBeCloseTo(5, 5);
    expect(r['x']!.y + r['x']!.height - r['pd']!.y).toBeCloseTo(20, 1);
    expect(r['pe']!.width).toBeCloseTo(r['y']!.width, 5);
    expect(r['pe']!.y - r['y']!.y).toBeCloseTo(4, 5);
  });

  it('maps mathcolor, mathbackground, mathsize and a relative scriptlevel to CSS; a unitless mathsize is ignored', async () => {
    const r = await rects('<p><math><mi id=a mathcolor="red" mathbackground="#00ff00">x</mi><mi id=b mathsize="32px">y</mi><mstyle scriptlevel="+1"><mi id=c>z</mi></mstyle><mi id=d mathsize="2">w</mi></math></p>', ['a', 'b', 'c', 'd']);
    expect(r['a']!.style.color).toMatchObject({ r: 255, g: 0, b: 0 });
    expect(r['a']!.style.backgroundColor).toMatchObject({ r: 0, g: 255, b: 0 });
    expect(r['b']!.style.fontSize).toBe(32);
    expect(r['c']!.style.fontSize).toBeCloseTo(11.36, 2);
    expect(r['d']!.style.fontSize).toBe(16);
  });

  it('makes each mtd as tall as its formula and its 0.5ex padding, as Chromium', async () => {
    const r = await rects('<p><math><mtable id=t><mtr><mtd id=a><mn>0</mn></mtd><mtd id=b><mn>1</mn></mtd></mtr><mtr><mtd id=c><mi>x</mi></mtd><mtd id=d><mo>−</mo><mn>2</mn></mtd></mtr></mtable></math></p>', ['t', 'a', 'b', 'c', 'd']);
    // Chromium 156: cells 18.34px tall (11px of ink and 2 × 0.5ex of Liberation Serif), 24.08 and 29.81 wide
    for (const id of ['a', 'b', 'c', 'd']) expect(r[id]!.height).toBeCloseTo(18.34, 1);
    expect(r['a']!.width).toBeCloseTo(24.08, 1);
    expect(r['b']!.width).toBeCloseTo(29.81, 1);
    expect(r['t']!.height).toBeCloseTo(36.69, 1);
  });

  it('warns once per kind, at the element, about markup drawn without what it asks for', async () => {
    await rects(`<p><math><mi id=a mathvariant="bold">x</mi><mi mathvariant="bold">y</mi><menclose id=e notation="box"><mi>z</mi></menclose>
      <mfenced><mi>w</mi></mfenced><mstyle scriptlevel="1"><mi>v</mi></mstyle><mi mathvariant="normal">u</mi></math></p>`, ['a', 'e'], [
      { code: 'html', message: /`mathvariant="bold"` is not honoured/ },
      { code: 'html', message: /the notation of `<menclose>` is not drawn/ },
      { code: 'html', message: /`<mfenced>` is not in MathML Core/ },
      { code: 'html', message: /an absolute `scriptlevel` is not honoured/ },
    ]);
  });

  it('does not warn about the markup of a formula clipped away whole (KaTeX\'s MathML copy)', async () => {
    // katex.renderToString writes each formula twice: as HTML it draws, and as MathML in a span
    // clipped to nothing (nothing of it shows, in Chromium or here); its \mathbb asks for a
    // mathvariant, its \dfrac an absolute scriptlevel. The visible formula after it still warns
    const hidden = '<span style="position:absolute;clip:rect(1px,1px,1px,1px)"><span><math><mi mathvariant="double-struck">R</mi><mstyle scriptlevel="0"><mi>x</mi></mstyle><menclose notation="updiagonalstrike"><mi>y</mi></menclose></math></span></span>';
    await rects(`<p>${hidden} <span id=k>R</span></p>`, ['k']);
    await rects(`<p>${hidden} <math><mi id=b mathvariant="double-struck">R</mi></math></p>`, ['b'], [{ code: 'html', message: /`mathvariant="double-struck"` is not honoured/ }]);
    // KaTeX 0.16 hides it with `clip-path: inset(50%)` instead
    await rects(`<p>${hidden.replace('position:absolute;clip:rect(1px,1px,1px,1px)', 'position:absolute;clip-path:inset(50%)')} <span id=k>R</span></p>`, ['k']);
  });

  it('lays an element with the wrong number of children out as a row, with a warning', async () => {
    const r = await rects('<p><math><mfrac id=f><mn id=a>1</mn></mfrac></math></p>', ['f', 'a'], [{ code: 'html', message: /`<mfrac>` has 1 children where MathML asks for 2/ }]);
    expect(r['f']!.width).toBeCloseTo(r['a']!.width + 2, 2);
  });
});
