import { describe, expect, it } from 'vitest';
import { boxTree } from './helpers.js';
import { childBoxes, someBox } from '../../src/boxes/types.js';
import type { Box } from '../../src/boxes/types.js';
import { imageUrls } from '../../src/resources/load.js';

const HTML = `<style>.f { float: left } li { list-style-image: url(dot.png) } .bg { background-image: url(bg.png) } td { padding: 1px }</style>
  <ol><li>one</li><li class="bg">two</li></ol><div class="f">float</div><span class="bg">s</span>
  <table><caption>c</caption><colgroup><col></colgroup><tr><td class="bg">a</td><td><img src="x.png"></td></tr><tr><td>b</td><td class="bg">c</td></tr></table>
  <p style="position: absolute">abs <img src="y.png"></p><img src="x.png">`;

describe('walks over every box', () => {
  it('someBox visits every box, each before its children, in the order childBoxes lists them', async () => {
    const { tree } = await boxTree(HTML);
    const expected: Box[] = [];
    const walk = (box: Box): void => {
      expected.push(box);
      childBoxes(box).forEach(walk);
    };
    walk(tree.root);
    const visited: Box[] = [];
    expect(someBox(tree.root, (box, into: Box[]) => into.push(box) < 0, visited)).toBe(false);
    expect(visited).toEqual(expected);
    expect(new Set(expected.map((box) => box.kind))).toEqual(new Set(['block', 'inline', 'text', 'table-wrapper', 'table', 'table-column-group', 'table-column', 'table-row-group', 'table-row', 'table-cell', 'out-of-flow', 'replaced']));
  });

  it('someBox stops at the first box the test answers true for', async () => {
    const { tree } = await boxTree(HTML);
    const visited: Box[] = [];
    expect(someBox(tree.root, (box, into: Box[]) => into.push(box) > 0 && box.kind === 'table-cell', visited)).toBe(true);
    expect(visited.at(-1)!.kind).toBe('table-cell');
    expect(visited.filter((box) => box.kind === 'table-cell')).toHaveLength(1);
  });

  it('childBoxes lists a block\'s marker after its children, a table\'s column groups before its row groups', async () => {
    const { tree } = await boxTree(HTML);
    const all: Box[] = [];
    someBox(tree.root, (box, into: Box[]) => into.push(box) < 0, all);
    for (const box of all) {
      if (box.kind === 'block') expect(childBoxes(box)).toEqual(box.marker === undefined ? box.children : [...box.children, box.marker]);
      if (box.kind === 'table') expect(childBoxes(box)).toEqual([...box.columnGroups, ...box.rowGroups]);
      if (box.kind === 'table-wrapper') expect(childBoxes(box)).toEqual([...box.captions, box.table]);
    }
    expect(all.some((box) => box.kind === 'block' && box.marker !== undefined)).toBe(true);
  });

  it('imageUrls lists each image once, in tree order, whatever the boxes sharing a style', async () => {
    const { tree } = await boxTree(HTML);
    expect(imageUrls(tree)).toEqual(['file:///work/doc/dot.png', 'file:///work/doc/bg.png', 'file:///work/doc/x.png', 'file:///work/doc/y.png']);
  });
});
