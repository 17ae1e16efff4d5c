/**
 * Colour functions over `currentColor` (CSS Color 5 §3 color-mix(), §4 relative colours): they
 * compute to themselves and resolve against the `color` of the element that uses them, so an
 * element inheriting one mixes its own colour. Expected values are Chromium's getComputedStyle
 * (color(srgb 0.5 0.5 1) is 127.5,127.5,255).
 */
import { parse } from 'css-tree';
import { describe, expect, it } from 'vitest';
import { parseColor } from '../../src/css/values/color.js';
import { styleWith } from './helpers.js';

const rgb = (color: { r: number; g: number; b: number; a: number }): string =>
  `${Math.round(color.r * 10) / 10},${Math.round(color.g * 10) / 10},${Math.round(color.b * 10) / 10},${Math.round(color.a * 100) / 100}`;

function color(text: string): unknown {
  const value = parse(text, { context: 'value' });
  const nodes = value.type === 'Value' ? value.children.toArray() : [];
  return nodes.length === 1 ? parseColor(nodes[0]) : undefined;
}

describe('colour functions over currentColor', () => {
  it('parse as expressions when valid, and are rejected otherwise', () => {
    expect(color('color-mix(in oklab, currentColor 50%, transparent)')).toEqual({ kind: 'currentcolor-expression', text: 'color-mix(in oklab,currentColor 50%,transparent)' });
    expect(color('rgb(from currentColor r g b / 50%)')).toMatchObject({ kind: 'currentcolor-expression' });
    expect(color('oklch(from currentcolor calc(l - 0.2) c h)')).toMatchObject({ kind: 'currentcolor-expression' });
    expect(color('rgb(from currentColor r g)')).toBeUndefined();
    expect(color('color-mix(in nowhere, currentColor, red)')).toBeUndefined();
    // relative hsl channels are numbers: `l - 10%` mixes a number and a percentage (Chromium rejects it too)
    expect(color('hsl(from currentColor h s calc(l - 10%))')).toBeUndefined();
  });

  it('read relative rgb(), hsl() and hwb() over a concrete colour', () => {
    const concrete = (text: string): string => rgb(color(text) as Parameters<typeof rgb>[0]);
    expect(concrete('rgb(from red r g b / 50%)')).toBe('255,0,0,0.5');
    expect(concrete('hsl(from rgb(0 0 255) h s calc(l - 10))')).toBe('0,0,204,1');
    expect(concrete('hwb(from red h 0 50)')).toBe('127.5,0,0,1');
  });

  it('resolve against the element’s colour', async () => {
    const doc = await styleWith(`div { color: rgb(200 100 50); border-color: color-mix(in srgb, currentColor 50%, white);
      background-color: oklch(from currentColor calc(l - 0.2) c h); outline-color: rgb(from currentColor r g b / 25%) }`, '<div>x</div>');
    const style = doc.style('div');
    expect(rgb(style.borderTopColor)).toBe('227.5,177.5,152.5,1');
    expect(rgb(style.borderLeftColor)).toBe('227.5,177.5,152.5,1');
    // Chromium: oklch(0.413842 0.14229 45.079), rgb(133, 38, 0)
    expect(rgb(style.backgroundColor)).toBe('133.4,38.3,0,1');
    expect(rgb(style.outlineColor)).toBe('200,100,50,0.25');
    expect(doc.diagnostics).toEqual([]);
  });

  it('are inherited unresolved: the child mixes its own colour', async () => {
    const doc = await styleWith('div { color: rgb(200 100 50); border-color: color-mix(in srgb, currentColor 50%, white) } p { color: blue; border-color: inherit }', '<div><p>x</p></div>');
    expect(rgb(doc.style('p').borderTopColor)).toBe('127.5,127.5,255,1');
    const shadow = await styleWith('div { color: red; text-shadow: 1px 1px rgb(from currentColor r g b / 50%) } span { color: blue }', '<div><span>x</span></div>');
    expect(shadow.style('span').textShadow[0]?.color).toMatchObject({ kind: 'currentcolor-expression' });
  });

  it('in a custom property, resolve where the property is used', async () => {
    const doc = await styleWith('div { color: red; --m: color-mix(in srgb, currentColor 50%, white) } p { color: blue; background-color: var(--m) }', '<div><p>x</p></div>');
    expect(rgb(doc.style('p').backgroundColor)).toBe('127.5,127.5,255,1');
  });

  it('in `color` itself mix the parent’s colour once, and children inherit the result', async () => {
    const doc = await styleWith('div { color: red } p { color: color-mix(in srgb, currentColor 50%, blue) }', '<div><p><span>x</span></p></div>');
    expect(rgb(doc.style('p').color)).toBe('127.5,0,127.5,1');
    expect(rgb(doc.style('span').color)).toBe('127.5,0,127.5,1');
    expect(rgb(doc.style('span').borderTopColor)).toBe('127.5,0,127.5,1');
  });

  it('make @supports true, as in Tailwind 4’s placeholder colour', async () => {
    const doc = await styleWith('p { color: red } @supports (color: color-mix(in oklab, currentcolor 50%, transparent)) { p { color: blue } }', '<p>x</p>');
    expect(rgb(doc.style('p').color)).toBe('0,0,255,1');
  });
});
