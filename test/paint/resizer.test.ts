/**
 * The resize grip in a resizable scroll container's corner (paint/resizer.ts). Every expected line
 * is one Chromium 156 prints for the same page (its PDF's path operators, in CSS px): two dark
 * lines, then their light twins 1px below.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/paint/display-list.js';
import type { Matrix } from '../../src/geometry/matrix.js';
import { IDENTITY, multiply, transformPoint } from '../../src/geometry/matrix.js';
import { layoutInFrames } from '../helpers/layout.js';
import { paintPage } from '../helpers/paint.js';

const PAGE = '<!doctype html><style>@page { size: 400px 300px; margin: 0 } body { margin: 10px } textarea, div { display: block; margin-bottom: 10px }</style>';

/** Each grip stroke's lines on the page, as [x0, y0, x1, y1] rounded to 1/100 px. */
async function gripLines(body: string): Promise<number[][][]> {
  const doc = await layoutInFrames(PAGE + body);
  const strokes: number[][][] = [];
  const walk = (items: readonly DisplayItem[], matrix: Matrix): void => {
    const stack: Matrix[] = [];
    let current = matrix;
    for (const item of items) {
      if (item.kind === 'push-transform') {
        stack.push(current);
        current = multiply(current, item.matrix);
      } else if (item.kind === 'pop-transform') current = stack.pop() ?? matrix;
      else if (item.kind === 'stroke-path' && item.color.a === 0.45) {
        const lines: number[][] = [];
        for (let i = 0; i + 1 < item.path.length; i += 2) {
          const [from, to] = [item.path[i]!, item.path[i + 1]!];
          if (from.op !== 'move' || to.op !== 'line') throw new Error('not a grip line');
          lines.push([...transformPoint(current, from.x, from.y), ...transformPoint(current, to.x, to.y)].map((v) => Math.round(v * 100) / 100));
        }
        strokes.push(lines);
      }
    }
  };
  walk(paintPage(doc.pages[0]!).items, IDENTITY);
  return strokes;
}

describe('the resize grip', () => {
  it('stands in a textarea\'s padding box corner, 1px in', async () => {
    expect(await gripLines('<textarea rows="2" cols="10" style="border: 5px solid blue; padding: 7px">Hi</textarea>')).toEqual([
      [[123, 50, 116, 57], [123, 54, 120, 57]],
      [[123, 51, 117, 57], [123, 55, 121, 57]],
    ]);
  });

  it('is in a textarea whatever its overflow but clip, and in a resizable scroll container', async () => {
    const body = '<textarea style="overflow: visible">Hi</textarea><textarea style="overflow: clip">Hi</textarea>'
      + '<div style="resize: both; overflow: auto; width: 100px; height: 40px; border: 2px solid red">auto</div>'
      + '<div style="resize: both; overflow: clip; width: 100px; height: 40px; border: 2px solid red">clip</div>'
      + '<div style="resize: both; width: 100px; height: 40px; border: 2px solid red">visible</div>'
      + '<textarea style="resize: none">Hi</textarea>';
    expect(await gripLines(body)).toEqual([
      [[189, 36, 182, 43], [189, 40, 186, 43]],
      [[189, 37, 183, 43], [189, 41, 187, 43]],
      [[110, 135, 103, 142], [110, 139, 107, 142]],
      [[110, 136, 104, 142], [110, 140, 108, 142]],
    ]);
  });

  it('is at the left in right-to-left text, and at the page\'s bottom right of a vertical textarea', async () => {
    const body = '<textarea dir="rtl" style="border: 3px solid">Hi</textarea><textarea style="height: 8px; width: 12px">Hi</textarea>'
      + '<textarea style="writing-mode: vertical-rl; height: 60px">Hi</textarea>';
    expect(await gripLines(body)).toEqual([
      [[15, 38, 22, 45], [15, 42, 18, 45]],
      [[15, 39, 21, 45], [15, 43, 17, 45]],
      [[25, 64, 18, 71], [25, 68, 22, 71]],
      [[25, 65, 19, 71], [25, 69, 23, 71]],
      [[43, 140, 36, 147], [43, 144, 40, 147]],
      [[43, 141, 37, 147], [43, 145, 41, 147]],
    ]);
  });
});
