import { describe, expect, it } from 'vitest';
import { styleWith } from './helpers.js';

describe('smoke', () => {
  it('styles a document', async () => {
    const doc = await styleWith('p { color: red; margin: 1em 2px } .x { font-size: 20px }', '<h1>T</h1><p class="x">Hello</p>');
    console.log(doc.diagnostics);
    expect(doc.style('h1').fontSize).toBe(32);
    expect(doc.style('p').color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(doc.style('p').marginTop).toBe(20);
    expect(doc.style('body').marginTop).toBe(8);
  });
});
