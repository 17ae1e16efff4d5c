/**
 * Gradients mixed in a colour space (CSS Images 4 §3.4.4, CSS Color 4 §12): the method parsed
 * before or after the direction, the mixing checked against `color-mix()` of the same colours
 * (csstools' implementation of the spec), and the pixels of gradients whose middles differ by space.
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/css/values/css-tree-parse.js';
import { colorMixer } from '../../src/css/values/color-interpolation.js';
import { parseModernColor } from '../../src/css/values/modern-color.js';
import type { ColorInterpolation } from '../../src/css/image-types.js';
import type { Color } from '../../src/css/types.js';
import { colorAt, fixStops } from '../../src/paint/gradient.js';
import { styleWith } from '../css/helpers.js';
import { renderPage } from '../helpers/render.js';

const red: Color = { r: 255, g: 0, b: 0, a: 1 };
const blue: Color = { r: 0, g: 0, b: 255, a: 1 };
const white: Color = { r: 255, g: 255, b: 255, a: 1 };
const clearLime: Color = { r: 0, g: 255, b: 0, a: 0.25 };
const css = (c: Color): string => `rgb(${c.r} ${c.g} ${c.b} / ${c.a})`;

function colorMix(method: string, a: Color, b: Color, t: number): Color {
  const node = parse(`color-mix(in ${method}, ${css(a)} ${(1 - t) * 100}%, ${css(b)})`, { context: 'value' });
  if (node.type !== 'Value' || node.children.first === null) throw new Error('unparsed');
  return parseModernColor(node.children.first)!;
}

function method(text: string): ColorInterpolation {
  const [space, hue] = text.split(' ');
  return { space: space as ColorInterpolation['space'], hue: (hue ?? 'shorter') as ColorInterpolation['hue'] };
}

describe('gradient colour spaces', () => {
  it('read the method before or after the direction, and only where the grammar puts it', async () => {
    const doc = await styleWith(`#a { background-image: linear-gradient(to right in oklab, red, blue) }
      #b { background-image: linear-gradient(in hsl longer hue 45deg, red, blue) }
      #c { background-image: radial-gradient(circle at 10% 20% in oklch, red, blue), conic-gradient(in srgb-linear from 90deg, red, blue) }
      #d { background-image: linear-gradient(oklch(60% 0.2 30), blue) }
      #e { background-image: linear-gradient(to right, red, blue) }
      #f1 { background-image: linear-gradient(in oklab longer hue, red, blue) }
      #f2 { background-image: linear-gradient(to in oklab right, red, blue) }
      #f3 { background-image: linear-gradient(in cmyk, red, blue) }
      #f4 { background-image: linear-gradient(in, red, blue) }`,
    '<p id=a></p><p id=b></p><p id=c></p><p id=d></p><p id=e></p><p id=f1></p><p id=f2></p><p id=f3></p><p id=f4></p>');
    expect(doc.style('#a').backgroundImage[0]).toMatchObject({ kind: 'linear', direction: { x: 1, y: 0 }, interpolation: { space: 'oklab', hue: 'shorter' } });
    expect(doc.style('#b').backgroundImage[0]).toMatchObject({ direction: { angle: 45 }, interpolation: { space: 'hsl', hue: 'longer' } });
    expect(doc.style('#c').backgroundImage).toMatchObject([{ kind: 'radial', shape: 'circle', interpolation: { space: 'oklch' } }, { kind: 'conic', from: 90, interpolation: { space: 'srgb-linear' } }]);
    // a stop beyond the legacy syntaxes: Oklab by default (§3.4.4); legacy stops only: sRGB
    expect(doc.style('#d').backgroundImage[0]).toMatchObject({ interpolation: { space: 'oklab' } });
    expect(doc.style('#e').backgroundImage[0]).not.toHaveProperty('interpolation');
    expect(doc.diagnostics.map((d) => d.message.replace(/ for .*/, ''))).toEqual([
      'invalid value `linear-gradient(in oklab longer hue, red, blue)`',
      'invalid value `linear-gradient(to in oklab right, red, blue)`',
      'invalid value `linear-gradient(in cmyk, red, blue)`',
      'invalid value `linear-gradient(in, red, blue)`',
    ]);
  });

  it('mix as color-mix() does in every space, premultiplied, with each way round the hue', () => {
    const cases = ['oklab', 'lab', 'srgb-linear', 'display-p3', 'a98-rgb', 'prophoto-rgb', 'rec2020', 'xyz', 'xyz-d50',
      'oklch', 'oklch longer', 'lch increasing', 'lch decreasing', 'hsl', 'hsl longer', 'hwb'];
    for (const space of cases) {
      const mixer = colorMixer(method(space))!;
      for (const [a, b] of [[red, blue], [blue, clearLime], [white, blue]] as const) {
        for (const t of [0.25, 0.5, 0.8]) {
          const ours = mixer(a, b, t);
          const theirs = colorMix(space.includes(' ') ? `${space} hue` : space, a, b, t);
          for (const channel of ['r', 'g', 'b'] as const) expect(Math.abs(ours[channel] - theirs[channel]), `${space} ${css(a)} ${css(b)} ${t} ${channel}`).toBeLessThan(1);
          expect(ours.a).toBeCloseTo(theirs.a, 5);
        }
      }
    }
  });

  it('keep a powerless hue out of the mix: white to blue in OKLCh stays blue-ish, never through red', () => {
    const mixed = colorMixer(method('oklch'))!(white, blue, 0.5);
    expect(mixed.b).toBeGreaterThan(mixed.r);
    expect(mixed.b).toBeGreaterThan(240);
  });

  it('sample the stops in the space; the PDF mixes sRGB between the samples', () => {
    const stops = fixStops([{ color: red, position: undefined }, { color: blue, position: undefined }], 100, colorMixer(method('oklab')));
    expect(stops.length).toBe(17);
    const middle = colorAt(stops, 0.5);
    const expected = colorMix('oklab', red, blue, 0.5);
    expect(Math.abs(middle.r - expected.r) + Math.abs(middle.g - expected.g) + Math.abs(middle.b - expected.b)).toBeLessThan(1.5);
    // hard stops and equal colours need no samples
    expect(fixStops([{ color: red, position: { kind: 'percent', value: 50 } }, { color: blue, position: { kind: 'percent', value: 50 } }], 100, colorMixer(method('oklab')))).toHaveLength(2);
  });

  it('paint the middle of red to blue green the longer way round the hue, purple in sRGB', async () => {
    const palette = { R: '#ff0000', B: '#0000ff', G: '#00c000', P: '#800080', _: '#ffffff' };
    const page = (background: string): Promise<string[]> => renderPage(`<style>@page { size: 9px 1px; margin: 0 } body { margin: 0 } div { height: 1px; background: ${background} }</style><div></div>`, {}, { palette, tolerance: 96 });
    expect((await page('linear-gradient(to right in oklch longer hue, red, blue)'))[0]![4]).toBe('G');
    expect((await page('linear-gradient(to right, red, blue)'))[0]![4]).toBe('P');
    expect((await page('linear-gradient(to right in hsl, red 0 4px, blue 5px)'))[0]).toBe('RRRR?BBBB');
  });
});
