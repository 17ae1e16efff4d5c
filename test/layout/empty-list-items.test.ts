/**
 * A list item with no line of its own (an empty `<li>`, one holding an empty block) is as tall as
 * the line its outside marker makes, and its margins no longer meet through it: each marker stands
 * on a line of its own instead of over the next item's. Tops and heights are Chromium 156's
 * getBoundingClientRect.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

const STYLE = '<!DOCTYPE html><style>@page { size: 300px 900px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" } ul, ol { margin: 0 }</style>';

describe('empty list items', () => {
  it('gives each empty item the line of its marker, as Chromium does', async () => {
    const doc = await layoutHtml(`${STYLE}<ul id=u><li id=u1>a</li><li id=u2></li><li id=u3>c</li></ul>
      <ol id=o><li id=o1></li><li id=o2><div></div></li><li id=o3>z</li></ol><ul id=n style="list-style: none"><li id=n1></li></ul>
      <ul id=m><li id=m1 style="margin: 10px 0"></li><li id=m2>b</li></ul><ul id=i style="list-style-position: inside"><li id=i1></li></ul>`);
    const page = doc.pages[0]!;
    const ids = ['u', 'u1', 'u2', 'u3', 'o', 'o1', 'o2', 'o3', 'n', 'n1', 'm', 'm1', 'm2', 'i', 'i1'];
    const boxes = ids.map((id) => { const f = findById(page, id) as { y: number; height: number }; return `${id} ${f.y} ${f.height}`; });
    expect(boxes).toEqual([
      'u 0 60', 'u1 0 20', 'u2 20 20', 'u3 40 20', 'o 60 60', 'o1 60 20', 'o2 80 20', 'o3 100 20',
      'n 120 0', 'n1 120 0', 'm 130 50', 'm1 130 20', 'm2 160 20', 'i 180 20', 'i1 180 20',
    ]);
  });

  it('puts the marker of an empty item on its own line, not on the next item', async () => {
    const doc = await layoutHtml(`${STYLE}<ol><li id=a></li><li id=b>z</li></ol>`);
    const page = doc.pages[0]!;
    // the marker's line is the item's last child (block/marker.ts), in page coordinates here
    const markerLine = (id: string): { y: number } => {
      const item = findById(page, id) as { children: readonly { kind: string; y: number }[] };
      const lines = item.children.filter((c) => c.kind === 'line');
      return { y: lines[lines.length - 1]!.y };
    };
    expect(markerLine('a').y).toBe(0);
    expect(markerLine('b').y).toBe(20);
  });

  it('leaves the marker of an item whose content moves to the next page with that content', async () => {
    const doc = await layoutHtml(`<!DOCTYPE html><style>@page { size: 200px 100px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" } ul { margin: 0 }</style>
      <ul><li><div style="height: 60px"></div></li><li id=b><div style="height: 30px; break-before: page"></div>b</li></ul>`);
    const markers = doc.pages.map((page) => {
      const item = findById(page, 'b') as { height: number; children: readonly { kind: string }[] } | undefined;
      return item === undefined ? 'none' : `${item.height} ${item.children.filter((c) => c.kind === 'line').length}`;
    });
    // the forced break moves the whole item: its marker comes with its content, once
    expect(markers).toEqual(['none', '50 1']);
  });
});
