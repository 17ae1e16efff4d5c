import { describe, expect, it } from 'vitest';
import { boxTree } from './helpers.js';
import { childBoxes } from '../../src/boxes/types.js';
import type { Box, BoxElement } from '../../src/boxes/types.js';

const HTML = `<style>p::before { content: "b" } p::after { content: "a" } .c { display: contents } .fl { display: flex }
  li::marker { content: "*" } .n::after { content: "!"; position: absolute }</style>
  <p>one <span>two <b>three</b></span></p><div class="c"><p class="n">four</p><em>five</em></div>
  <ol><li>six</li><li style="list-style-position: inside">seven</li></ol><div class="fl"><span>eight</span>nine</div>
  <table><tr><td>ten</td><td><p>eleven</p></td></tr></table><img src="x.png"><br>`;

function walk(box: Box, out: Box[]): void {
  out.push(box);
  if (box.kind === 'block' && box.marker !== undefined) walk(box.marker, out);
  for (const child of childBoxes(box)) walk(child, out);
}

describe('element records', () => {
  it('every box of one element, and every child record, holds the same record of it', async () => {
    const { tree } = await boxTree(HTML);
    const boxes: Box[] = [];
    walk(tree.root, boxes);
    // parsed elements have distinct offsets; html, head and body are the parser's own (no offset, distinct names)
    const byOffset = new Map<string, BoxElement>();
    const check = (record: BoxElement): void => {
      const key = `${record.sourceOffset ?? ''} ${record.name}`;
      const known = byOffset.get(key);
      if (known === undefined) byOffset.set(key, record);
      else expect(known).toBe(record);
      if (record.parent !== undefined) check(record.parent);
    };
    let withElement = 0;
    for (const box of boxes) {
      if (box.element === undefined) continue;
      withElement++;
      check(box.element);
    }
    expect(withElement).toBeGreaterThan(20);
    const names = [...byOffset.values()].map((record) => record.name);
    for (const name of ['p', 'span', 'b', 'em', 'li', 'td', 'img', 'br', 'ol', 'table', 'tr']) expect(names).toContain(name);
  });
});
