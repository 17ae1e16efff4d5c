/**
 * SVG `<filter>`s as the CSS filter functions they amount to (resources/svg-filter.ts): the
 * shadows drawing tools write, blurs, colour matrices in sRGB; anything more is undefined (drawn
 * unfiltered, warned).
 */
import { describe, expect, it } from 'vitest';
import { parseSvg } from '../../src/resources/svg-document.js';
import { svgFilterFunctions } from '../../src/css/values/svg-filter.js';
import type { FilterFunction } from '../../src/css/image-types.js';

function functionsOf(filter: string): FilterFunction[] | undefined {
  const doc = parseSvg(`<svg xmlns="http://www.w3.org/2000/svg"><defs>${filter}</defs></svg>`);
  const element = doc?.ids.get('f');
  if (element === undefined) throw new Error('no filter');
  return svgFilterFunctions(element);
}

const rounded = (functions: FilterFunction[] | undefined): unknown => JSON.parse(JSON.stringify(functions, (_key, value: unknown) => (typeof value === 'number' ? Number(value.toFixed(3)) : value)));

describe('SVG filters as CSS filter functions', () => {
  it('reads draw.io\'s shadow: blurred alpha, offset, flooded, blended under the source', () => {
    expect(rounded(functionsOf('<filter id="f"><feGaussianBlur in="SourceAlpha" stdDeviation="1.7" result="blur"/><feOffset in="blur" dx="3" dy="3" result="offsetBlur"/>'
      + '<feFlood flood-color="#3D4574" flood-opacity="0.4" result="offsetColor"/><feComposite in="offsetColor" in2="offsetBlur" operator="in" result="offsetBlur"/><feBlend in="SourceGraphic" in2="offsetBlur"/></filter>')))
      .toEqual([{ kind: 'drop-shadow', x: 3, y: 3, blur: 1.7, color: { r: 61, g: 69, b: 116, a: 0.4 } }]);
  });

  it('reads Inkscape\'s drop shadow (a flood kept where the source is) and the classic merge with feComponentTransfer', () => {
    expect(rounded(functionsOf('<filter id="f"><feFlood flood-opacity="0.5" flood-color="rgb(0,0,0)" result="flood"/><feComposite in="flood" in2="SourceGraphic" operator="in" result="c1"/>'
      + '<feGaussianBlur in="c1" stdDeviation="2" result="blur"/><feOffset dx="5" dy="5" result="offset"/><feComposite in="SourceGraphic" in2="offset" operator="over"/></filter>')))
      .toEqual([{ kind: 'drop-shadow', x: 5, y: 5, blur: 2, color: { r: 0, g: 0, b: 0, a: 0.5 } }]);
    expect(rounded(functionsOf('<filter id="f"><feGaussianBlur in="SourceAlpha" stdDeviation="3"/><feOffset dx="2" dy="4" result="o"/><feComponentTransfer><feFuncA type="linear" slope="0.3"/></feComponentTransfer>'
      + '<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>')))
      .toEqual([{ kind: 'drop-shadow', x: 2, y: 4, blur: 3, color: { r: 0, g: 0, b: 0, a: 0.3 } }]);
  });

  it('reads ApexCharts\' label shadow: the source graphic moved and blurred, a flood kept in its alpha', () => {
    expect(rounded(functionsOf('<filter id="f" filterUnits="userSpaceOnUse" width="200%" height="200%" x="-50%" y="-50%"><feOffset in="SourceGraphic" dx="1" dy="1" result="offset"/>'
      + '<feGaussianBlur in="offset" stdDeviation="1" result="blur"/><feFlood flood-color="#000" flood-opacity="0.8" result="flood"/><feComposite in="flood" in2="blur" operator="in" result="shadow"/>'
      + '<feMerge><feMergeNode in="shadow"/><feMergeNode in="SourceGraphic"/></feMerge></filter>')))
      .toEqual([{ kind: 'drop-shadow', x: 1, y: 1, blur: 1, color: { r: 0, g: 0, b: 0, a: 0.8 } }]);
    // the moved source drawn as it is: its own colours, which no CSS function gives
    expect(functionsOf('<filter id="f"><feOffset dx="2" result="o"/><feMerge><feMergeNode in="o"/><feMergeNode in="SourceGraphic"/></feMerge></filter>')).toBeUndefined();
  });

  it('reads feDropShadow with its defaults, a blur, and a shadow coloured by a matrix in linearRGB', () => {
    expect(rounded(functionsOf('<filter id="f"><feDropShadow flood-color="red"/></filter>'))).toEqual([{ kind: 'drop-shadow', x: 2, y: 2, blur: 2, color: { r: 255, g: 0, b: 0, a: 1 } }]);
    expect(functionsOf('<filter id="f"><feGaussianBlur stdDeviation="2.5"/></filter>')).toEqual([{ kind: 'blur', radius: 2.5 }]);
    // linear 0.214 is sRGB 0.49996 (127.5 of 255)
    expect(rounded(functionsOf('<filter id="f"><feOffset in="SourceAlpha" dx="1" dy="1"/><feColorMatrix values="0 0 0 0 0.214  0 0 0 0 0  0 0 0 0 0  0 0 0 0.5 0"/>'
      + '<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>'))).toEqual([{ kind: 'drop-shadow', x: 1, y: 1, blur: 0, color: { r: 127.489, g: 0, b: 0, a: 0.5 } }]);
  });

  it('reads colour matrices in sRGB, and in linearRGB (the default) between conversions of the colour space', () => {
    expect(functionsOf('<filter id="f" color-interpolation-filters="sRGB"><feColorMatrix type="saturate" values="0.2"/><feColorMatrix type="hueRotate" values="90"/></filter>'))
      .toEqual([{ kind: 'color', name: 'saturate', amount: 0.2 }, { kind: 'color', name: 'hue-rotate', amount: 90 }]);
    expect(functionsOf('<filter id="f"><feColorMatrix style="color-interpolation-filters: sRGB" values="0 0 0 0 0  0 1 0 0 0  1 0 0 0 0  0 0 0 1 0"/></filter>'))
      .toEqual([{ kind: 'color-matrix', matrix: [0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0] }]);
    expect(functionsOf('<filter id="f"><feColorMatrix type="saturate" values="0"/></filter>'))
      .toEqual([{ kind: 'color-space', to: 'linear' }, { kind: 'color', name: 'saturate', amount: 0 }, { kind: 'color-space', to: 'srgb' }]);
  });

  it('reads a component transfer of R, G and B (a duotone) as one colour step; one of alpha is not', () => {
    const duotone = '<filter id="f"><feColorMatrix type="matrix" values=".33 .33 .33 0 0 .33 .33 .33 0 0 .33 .33 .33 0 0 0 0 0 1 0"/>'
      + '<feComponentTransfer color-interpolation-filters="sRGB"><feFuncR type="table" tableValues="0.1 0.9"/><feFuncG type="discrete" tableValues="0.2 0.5"/>'
      + '<feFuncB type="gamma" amplitude="2" exponent="0.5" offset="0.1"/><feFuncA type="identity"/></feComponentTransfer></filter>';
    expect(functionsOf(duotone)).toEqual([
      { kind: 'color-space', to: 'linear' }, { kind: 'color-matrix', matrix: [0.33, 0.33, 0.33, 0, 0.33, 0.33, 0.33, 0, 0.33, 0.33, 0.33, 0] }, { kind: 'color-space', to: 'srgb' },
      { kind: 'color-transfer', channels: [{ type: 'table', values: [0.1, 0.9] }, { type: 'discrete', values: [0.2, 0.5] }, { type: 'gamma', amplitude: 2, exponent: 0.5, offset: 0.1 }] },
    ]);
    expect(functionsOf('<filter id="f"><feComponentTransfer><feFuncR type="linear" slope="2"/></feComponentTransfer></filter>')).toEqual([
      { kind: 'color-space', to: 'linear' }, { kind: 'color-transfer', channels: [{ type: 'linear', slope: 2, intercept: 0 }, { type: 'identity' }, { type: 'identity' }] }, { kind: 'color-space', to: 'srgb' },
    ]);
    expect(functionsOf('<filter id="f"><feComponentTransfer><feFuncA type="table" tableValues="0 0.5"/></feComponentTransfer></filter>')).toBeUndefined();
  });

  it('gives undefined for what the functions cannot say', () => {
    for (const filter of [
      '<filter id="f"><feTurbulence baseFrequency="0.05"/></filter>',
      '<filter id="f"><feGaussianBlur stdDeviation="1 3"/></filter>',
      '<filter id="f"><feOffset dx="3"/></filter>',
      '<filter id="f" primitiveUnits="objectBoundingBox"><feGaussianBlur stdDeviation="0.1"/></filter>',
      '<filter id="f"><feDropShadow/><feDropShadow in="BackgroundImage"/></filter>',
      '<filter id="f"><feOffset in="SourceAlpha" dx="1" result="a"/><feOffset in="SourceAlpha" dy="1" result="b"/><feMerge><feMergeNode in="a"/><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>',
      '<filter id="f"><feBlend mode="multiply" in="SourceGraphic" in2="SourceAlpha"/></filter>',
    ]) expect(functionsOf(filter), filter).toBeUndefined();
  });
});
