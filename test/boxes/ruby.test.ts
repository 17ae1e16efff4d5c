/** Ruby pairs in the box tree (boxes/ruby.ts): what a pair and its annotation are made of. */
import { describe, expect, it } from 'vitest';
import type { BlockBox } from '../../src/boxes/types.js';
import { allBoxes, boxTree } from './helpers.js';

describe('ruby pairs', () => {
  it('centre their content, and the pairs of a text share their two styles', async () => {
    const { tree, diagnostics } = await boxTree('<p>' + '<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>'.repeat(50) + '</p>');
    expect(diagnostics.list()).toEqual([]);
    const pairs = allBoxes(tree.root).filter((box): box is BlockBox => box.kind === 'block' && box.ruby !== undefined);
    expect(pairs).toHaveLength(100);
    expect(pairs.every((pair) => pair.style.textAlign === 'center' && pair.ruby!.text.style.textAlign === 'center')).toBe(true);
    // one record each, not a copy per pair: 20,000 ruby elements held 160 MB of copies
    expect(new Set(pairs.map((pair) => pair.style)).size).toBe(1);
    expect(new Set(pairs.map((pair) => pair.ruby!.text.style)).size).toBe(1);
  });
});
