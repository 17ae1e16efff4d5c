import { describe, expect, it } from 'vitest';
import { boxTree } from './helpers.js';
import { childBoxes, forEachChildBox } from '../../src/boxes/types.js';
import type { Box } from '../../src/boxes/types.js';
import { imageUrls } from '../../src/resources/load.js';

const HTML = `<style>.f { float: left } li { list-style-image: url(dot.png) } .bg { background-image: url(bg.png) } td { padding: 1px }</style>
  <ol><li>one</li><li class="bg">two</li></ol><div class="f">float</div><span class="bg">s</span>
  <table><caption>c</caption><colgroup><col></colgroup><tr><td class="bg">a</td><td><img src="x.png"></td></tr><tr><td>b</td><td class="bg">c</td></tr></table>
  <p style="position: absolute">abs <img src="y.png"></p><img src="x.png">`;

describe('walks over every box', () => {
  it('forEachChildBox visits what childBoxes lists, in its order, for every kind of box', async () => {
    const { tree } = await boxTree(HTML);
    const kinds = new Set<string>();
    const walk = (box: Box): void => {
      kinds.add(box.kind);
      const visited: Box[] = [];
      forEachChildBox(box, (child) => visited.push(child));
      expect(visited).toEqual([...childBoxes(box)]);
      visited.forEach(walk);
    };
    walk(tree.root);
    expect([...kinds]).toEqual(expect.arrayContaining(['block', 'table-wrapper', 'table', 'table-row-group', 'table-row', 'table-cell', 'out-of-flow', 'replaced', 'text']));
  });

  it('imageUrls lists each image once, in tree order, whatever the boxes sharing a style', async () => {
    const { tree } = await boxTree(HTML);
    expect(imageUrls(tree)).toEqual(['file:///work/doc/dot.png', 'file:///work/doc/bg.png', 'file:///work/doc/x.png', 'file:///work/doc/y.png']);
  });
});
