/** The mask layer properties (CSS Masking 1 §6) as declared: longhands, the `mask` shorthand and the `-webkit-` forms. */
import { describe, expect, it } from 'vitest';
import type { ComputedStyle } from '../../src/css/types.js';
import { styleWith } from './helpers.js';

async function divStyle(declarations: string): Promise<{ style: ComputedStyle; codes: string[] }> {
  const doc = await styleWith(`div { ${declarations} }`, '<div>x</div>');
  return { style: doc.style('div'), codes: doc.diagnostics.map((d) => d.code) };
}

describe('mask properties', () => {
  it('expands the mask shorthand per layer, one box setting origin and clip, two origin then clip', async () => {
    const { style, codes } = await divStyle('mask: linear-gradient(red, blue) padding-box subtract luminance, linear-gradient(red, blue) content-box no-clip');
    expect(codes).toEqual([]);
    expect(style.maskImage.map((image) => (image === 'none' ? 'none' : image.kind))).toEqual(['linear', 'linear']);
    expect(style.maskOrigin).toEqual(['padding-box', 'content-box']);
    expect(style.maskClip).toEqual(['padding-box', 'no-clip']);
    expect(style.maskComposite).toEqual(['subtract', 'add']);
    expect(style.maskMode).toEqual(['luminance', 'match-source']);
  });

  it('reads the geometry boxes of SVG as the CSS boxes they stand for', async () => {
    const { style } = await divStyle('mask-origin: fill-box; mask-clip: stroke-box');
    expect([style.maskOrigin, style.maskClip]).toEqual([['content-box'], ['border-box']]);
  });

  it('takes the -webkit- names, and -webkit-mask-composite in declaration order with mask-composite', async () => {
    const { style } = await divStyle('-webkit-mask: linear-gradient(red, blue) no-repeat center / contain; mask-composite: exclude; -webkit-mask-composite: source-in');
    expect(style.maskRepeat).toEqual([{ x: 'no-repeat', y: 'no-repeat' }]);
    expect(style.maskSize).toEqual(['contain']);
    expect(style.maskComposite).toEqual(['intersect']);
    const later = await divStyle('-webkit-mask-composite: xor; mask-composite: add');
    expect(later.style.maskComposite).toEqual(['add']);
  });

  it('rejects what the grammar does not allow, with a warning', async () => {
    const { style, codes } = await divStyle('mask-clip: margin-box; mask: red; -webkit-mask-composite: destination-over; mask-mode: alpha alpha');
    expect(codes).toEqual(['css_invalid_value', 'css_invalid_value', 'css_invalid_value', 'css_invalid_value']);
    expect(style.maskImage).toEqual(['none']);
  });
});
