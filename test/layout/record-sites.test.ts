/**
 * The records a long table makes per cell, line, text, border segment and painted rectangle come
 * from constructors, not object literals (bench/README.md, Issue 32 stop 36): V8 may allocate all
 * later objects of a literal site straight in old space once it judged them long-lived, and there
 * they keep what they point to alive until the next mark-compact. A class instance has no
 * allocation site. These tests hold the records to that (a literal's prototype is
 * Object.prototype) and to the fields, in order, that the literals had.
 */
import { describe, expect, it } from 'vitest';
import { layoutInFrames } from '../helpers/layout.js';
import type { BoxFragment, Fragment } from '../../src/layout/types.js';
import { paintBorderSegments } from '../../src/paint/table-borders.js';
import { paintBackgroundColor } from '../../src/paint/background.js';
import { NO_RADII } from '../../src/css/values/radii.js';
import { glyphsItem } from '../../src/paint/text.js';

const HTML = `<style>@page { size: 400px 300px; margin: 10px } body { margin: 0; font: 10px/14px "Liberation Sans" }
  table { border-collapse: collapse } td { border: 1px solid #333; padding: 2px }</style>
  <table><tr><td>one</td><td>two words</td></tr><tr><td>three</td><td>four</td></tr></table>`;

function all(f: Fragment, out: Fragment[] = []): Fragment[] {
  out.push(f);
  if (f.kind === 'box' || f.kind === 'line') for (const child of f.children) all(child, out);
  return out;
}

const madeByConstructor = (record: object): boolean => Object.getPrototypeOf(record) !== Object.prototype;

describe('records a table makes per cell, line and segment', () => {
  it('are class instances with the literals\' fields, in order', async () => {
    const doc = await layoutInFrames(HTML);
    const fragments = doc.pages[0]!.children.flatMap((f) => all(f));
    const cells = fragments.filter((f): f is BoxFragment => f.kind === 'box' && f.box.element?.name === 'td');
    const lines = fragments.filter((f) => f.kind === 'line');
    const texts = fragments.filter((f) => f.kind === 'text');
    expect([cells.length, lines.length, texts.length]).toEqual([4, 4, 4]);
    for (const cell of cells) {
      expect(madeByConstructor(cell)).toBe(true);
      // the literals' fields, then the optional ones every box record has (layout/fragment-records.ts)
      expect(Object.keys(cell)).toEqual(['kind', 'box', 'style', 'x', 'y', 'width', 'height', 'border', 'padding', 'children', 'continuedBefore', 'continuedAfter', 'inlineEdges', 'collapsedBorders', 'columnRules', 'backgroundOnlyIn', 'legendGap', 'inlineBaseline']);
    }
    for (const line of lines) {
      expect(madeByConstructor(line)).toBe(true);
      expect(Object.keys(line)).toEqual(['kind', 'x', 'y', 'width', 'height', 'baseline', 'children']);
    }
    for (const text of texts) {
      expect(madeByConstructor(text)).toBe(true);
      expect(Object.keys(text)).toEqual(['kind', 'style', 'x', 'y', 'width', 'height', 'baseline', 'runs', 'text', 'symbol', 'emphasis']);
    }
    expect(texts.map((t) => t.kind === 'text' && t.text)).toEqual(['one', 'two words', 'three', 'four']);
    // painted: a glyphs item per run
    const first = texts[0]!;
    if (first.kind !== 'text') throw new Error('not a text');
    const glyphs = glyphsItem(first.runs[0]!, 3, 4, first.style.color);
    expect(madeByConstructor(glyphs)).toBe(true);
    expect(Object.keys(glyphs)).toEqual(['kind', 'x', 'y', 'face', 'size', 'color', 'glyphs', 'advances', 'syntheticBold', 'syntheticOblique']);
    expect([glyphs.x, glyphs.y, glyphs.glyphs, glyphs.advances]).toEqual([3, 4, first.runs[0]!.run.glyphs, first.runs[0]!.advances]);

    const table = fragments.find((f): f is BoxFragment => f.kind === 'box' && f.collapsedBorders !== undefined)!;
    expect(table.collapsedBorders!.length).toBeGreaterThan(0);
    for (const segment of table.collapsedBorders!) {
      expect(madeByConstructor(segment)).toBe(true);
      expect(Object.keys(segment)).toEqual(['x', 'y', 'width', 'height', 'vertical', 'style', 'color']);
    }
    // painted: one filled rectangle per solid segment, at the box's page position
    const items = paintBorderSegments(table, 5, 7, table.collapsedBorders);
    expect(items.length).toBe(table.collapsedBorders!.length);
    const segment = table.collapsedBorders![0]!;
    expect(items[0]).toEqual({ kind: 'fill-rect', rect: { x: segment.x + 5, y: segment.y + 7, width: segment.width, height: segment.height }, color: segment.color });
    for (const item of items) {
      expect(madeByConstructor(item)).toBe(true);
      expect(Object.keys(item)).toEqual(['kind', 'rect', 'color']);
      if (item.kind === 'fill-rect') expect(madeByConstructor(item.rect)).toBe(true);
    }
  });

  it('paints a background colour as a class instance', () => {
    const color = { r: 1, g: 2, b: 3, a: 1 };
    const [item] = paintBackgroundColor(color, { x: 1, y: 2, width: 3, height: 4 }, NO_RADII);
    expect(item).toEqual({ kind: 'fill-rect', rect: { x: 1, y: 2, width: 3, height: 4 }, color });
    expect(madeByConstructor(item!)).toBe(true);
  });
});
