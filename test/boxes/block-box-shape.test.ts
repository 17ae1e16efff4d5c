/**
 * Block boxes made outside the box tree builder (page-margin content) list their properties in
 * the builder's order: V8 gives objects whose properties were added in another order another
 * hidden class, and code optimised on the margin boxes' anonymous blocks (every warm-up render
 * has "Page X of Y") threw its optimised code away on a document's own anonymous block
 * (bench/README.md, issue 32 stop 35).
 */
import { describe, expect, it } from 'vitest';
import { createInitialStyle } from '../../src/css/compute.js';
import { Diagnostics } from '../../src/diagnostics.js';
import { marginBoxTree } from '../../src/layout/page/margin-content.js';

/** The box tree builder's order (boxes/build.ts, boxes/anonymous.ts). */
const BUILDER_ORDER = ['kind', 'outer', 'style', 'element', 'pseudo', 'children', 'inlineContent'];

describe('block boxes have one shape', () => {
  it('makes page-margin content in the box tree builder\'s property order', () => {
    const style = createInitialStyle({ width: 600, height: 800 }, new Diagnostics());
    const text = marginBoxTree(style, [{ kind: 'string', value: 'Page 1' }], { counters: new Map(), running: undefined, counterStyles: undefined });
    expect(Object.keys(text)).toEqual(BUILDER_ORDER);
    const element = marginBoxTree(style, [{ kind: 'element', name: 'header', policy: 'first' }], { counters: new Map(), running: undefined, counterStyles: undefined });
    expect(Object.keys(element)).toEqual(BUILDER_ORDER);
  });
});
