/** `filter` values (Filter Effects 1 §5, §12): what parses, how amounts compute, what is rejected. */
import { describe, expect, it } from 'vitest';
import { styleWith } from './helpers.js';

async function filterOf(value: string): Promise<{ filter: unknown; messages: string[] }> {
  const doc = await styleWith(`p { color: rgb(0 128 0); font-size: 10px; filter: ${value} }`, '<p>x</p>');
  return { filter: doc.style('p').filter, messages: doc.diagnostics.map((d) => d.message) };
}

describe('filter', () => {
  it('computes amounts, angles, lengths and colours in order', async () => {
    const { filter, messages } = await filterOf('grayscale(50%) sepia() saturate(2) hue-rotate(.5turn) invert(1) opacity(40%) brightness(1.5) contrast(0) drop-shadow(1em 2px)');
    expect(messages).toEqual([]);
    expect(filter).toEqual([
      { kind: 'color', name: 'grayscale', amount: 0.5 },
      { kind: 'color', name: 'sepia', amount: 1 },
      { kind: 'color', name: 'saturate', amount: 2 },
      { kind: 'color', name: 'hue-rotate', amount: 180 },
      { kind: 'color', name: 'invert', amount: 1 },
      { kind: 'opacity', amount: 0.4 },
      { kind: 'color', name: 'brightness', amount: 1.5 },
      { kind: 'color', name: 'contrast', amount: 0 },
      // currentcolor when no colour is given
      { kind: 'drop-shadow', x: 10, y: 2, blur: 0, color: { r: 0, g: 128, b: 0, a: 1 } },
    ]);
  });

  it('clamps grayscale, sepia, invert and opacity at 100%, not the others', async () => {
    const { filter } = await filterOf('grayscale(2) opacity(150%) brightness(3)');
    expect(filter).toEqual([{ kind: 'color', name: 'grayscale', amount: 1 }, { kind: 'opacity', amount: 1 }, { kind: 'color', name: 'brightness', amount: 3 }]);
  });

  it('takes a drop-shadow colour before or after the lengths', async () => {
    const { filter } = await filterOf('drop-shadow(red 1px 2px 3px) drop-shadow(1px 2px blue)');
    expect(filter).toEqual([
      { kind: 'drop-shadow', x: 1, y: 2, blur: 3, color: { r: 255, g: 0, b: 0, a: 1 } },
      { kind: 'drop-shadow', x: 1, y: 2, blur: 0, color: { r: 0, g: 0, b: 255, a: 1 } },
    ]);
  });

  it('rejects negative amounts, a lone length, a blur below zero and unknown functions', async () => {
    for (const value of ['grayscale(-1)', 'drop-shadow(1px)', 'drop-shadow(1px 1px -2px)', 'hue-rotate(30)', 'sharpen(2)', 'grayscale(1), sepia(1)', 'drop-shadow(1px red 2px)']) {
      const { filter, messages } = await filterOf(value);
      expect(filter, value).toEqual([]);
      expect(messages, value).toEqual([`invalid value \`${value}\` for \`filter\``]);
    }
  });
});
