/**
 * `shape-outside` (CSS Shapes 1): the lines beside a float wrap around its shape — basic shapes,
 * box values with their radii, `shape-margin`, images' opaque pixels — clipped to its margin box,
 * while floats and blocks that avoid floats still stand clear of the margin box. Each line is
 * given as `x,y right` (its first and last 20×10 inline-block, relative to the container), as
 * headless Chromium 156 lays the same HTML out (getBoundingClientRect, 2 decimals).
 */
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/layout/types.js';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { ExpectedDiagnostic } from '../helpers/diagnostics.js';

const CSS = 'body{margin:0} .c{width:300px;font-size:0;line-height:0;margin-bottom:20px;overflow:hidden} .c i{display:inline-block;width:20px;height:10px;vertical-align:top;margin-right:2px}';
const words = (n: number): string => '<i></i>'.repeat(n);

/** The lines of container #c as Chromium's test script reads them: each line's left-most and right-most inline-block. */
async function linesOf(content: string, expectWarnings: readonly ExpectedDiagnostic[] = []): Promise<string[]> {
  const doc = await layoutHtml(`<style>${CSS}</style><div class=c id=c>${content}</div>`, { expectWarnings });
  const container = findById(doc.pages[0]!, 'c');
  if (container === undefined) throw new Error('#c not laid out');
  const lines = new Map<number, [number, number]>();
  const visit = (f: Fragment): void => {
    if (f.kind === 'box' && f.box.element?.name === 'i') {
      const y = round(f.y - container.y);
      const line = lines.get(y);
      const [left, right] = [f.x - container.x, f.x + f.width - container.x];
      lines.set(y, line === undefined ? [left, right] : [Math.min(line[0], left), Math.max(line[1], right)]);
      return;
    }
    if (f.kind === 'box' || f.kind === 'line') f.children.forEach(visit);
  };
  visit(container);
  return [...lines].map(([y, [left, right]]) => `${round(left)},${y} ${round(right)}`);
}

const round = (n: number): number => Math.round(n * 100) / 100 + 0;

/** Within 0.05px of Chromium's line positions (its layout units are 1/64 px). */
function expectLines(actual: readonly string[], chromium: readonly string[]): void {
  const parse = (line: string): number[] => line.split(/[, ]/).map(Number);
  expect(actual.length, `lines: ${actual.join(' | ')}`).toBe(chromium.length);
  actual.forEach((line, i) => {
    const [a, b] = [parse(line), parse(chromium[i]!)];
    a.forEach((v, k) => expect(Math.abs(v - b[k]!), `line ${i}: ${line} vs Chromium's ${chromium[i]}`).toBeLessThan(0.05));
  });
}

describe('shape-outside: basic shapes (CSS Shapes 1 §3.1)', () => {
  it('wraps lines around a circle: each line beside the circle where the band reaches furthest', async () => {
    expectLines(await linesOf(`<div style="float:left;width:100px;height:100px;shape-outside:circle(50%)"></div>${words(60)}`),
      ['80,0 298', '90,10 286', '95.81,20 291.81', '98.98,30 294.98', '100,40 296', '100,50 296', '98.98,60 206.98']);
  });

  it('wraps lines around an ellipse of a right float (radii by keyword, centre off the middle)', async () => {
    expectLines(await linesOf(`<div style="float:right;width:120px;height:80px;shape-outside:ellipse(closest-side farthest-side at 60% 50%)"></div>${words(50)}`),
      ['0,0 218', '0,10 196', '0,20 196', '0,30 196', '0,40 196', '0,50 86']);
  });

  it('wraps lines around a polygon grown by shape-margin (every point within the margin of it)', async () => {
    expectLines(await linesOf(`<div style="float:left;width:100px;height:100px;shape-outside:polygon(0 0, 100% 50%, 0 100%);shape-margin:10px"></div>${words(60)}`),
      ['42.36,0 282.36', '62.36,10 280.36', '82.36,20 278.36', '100,30 296', '100,40 296', '100,50 296', '100,60 164']);
  });

  it('wraps lines around a rounded inset() of a right float', async () => {
    expectLines(await linesOf(`<div style="float:right;width:100px;height:100px;shape-outside:inset(10px 20px 30px 10px round 40px)"></div>${words(60)}`),
      ['0,0 284', '0,10 196', '0,20 196', '0,30 196', '0,40 196', '0,50 196', '0,60 42']);
  });

  it('grows a circle by shape-margin', async () => {
    expectLines(await linesOf(`<div style="float:left;width:100px;height:100px;shape-outside:circle(40%);shape-margin:12px"></div>${words(60)}`),
      ['83.22,0 279.22', '92.47,10 288.47', '98,20 294', '100,30 296', '100,40 296', '100,50 296', '100,60 230']);
  });
});

describe('shape-outside: box values (CSS Shapes 1 §4.1)', () => {
  it('takes the margin box with the border radii as they are (as Chromium does)', async () => {
    expectLines(await linesOf(`<div style="float:left;width:100px;height:80px;margin:10px 15px 10px 0;border-radius:40px 0 40px 0;shape-outside:margin-box"></div>${words(60)}`),
      ['115,0 289', '115,10 289', '115,20 289', '115,30 289', '115,40 289', '115,50 289', '115,60 289', '113.72,70 199.72']);
  });

  it('takes the content box, its corners rounded by the border radii fitted to it', async () => {
    expectLines(await linesOf(`<div style="float:left;width:80px;height:80px;padding:10px 20px;border:5px solid;border-radius:30px;shape-outside:content-box"></div>${words(60)}`),
      ['0,0 284', '91.58,10 287.58', '100.97,20 296.97', '104.58,30 278.58', '105,40 279', '105,50 279', '105,60 213']);
  });
});

describe('shape-outside: the float area and the float (CSS Shapes 1 §2)', () => {
  it('clips the shape to the margin box', async () => {
    expectLines(await linesOf(`<div style="float:left;width:100px;height:60px;shape-outside:circle(100px at 0 0)"></div>${words(50)}`),
      ['100,0 296', '99.48,10 295.48', '97.97,20 293.97', '95.39,30 291.39', '91.64,40 287.64', '86.59,50 194.59']);
  });

  it('lets lines run over a float whose shape encloses no area', async () => {
    expectLines(await linesOf(`<div style="float:left;width:100px;height:60px;shape-outside:inset(50% 50% 50% 50%)"></div>${words(40)}`),
      ['0,0 284', '0,10 284', '0,20 284', '0,30 20']);
  });

  it('places the next float beside the margin box, not beside the shape', async () => {
    expectLines(await linesOf(`<div style="float:left;width:60px;height:60px;shape-outside:polygon(0 0, 10px 0, 10px 100%, 0 100%)"></div><div style="float:left;width:60px;height:30px"></div>${words(50)}`),
      ['120,0 294', '120,10 294', '120,20 294', '10,30 294', '10,40 294']);
  });

  it('places a block that avoids floats beside the margin box; the lines after it wrap around the shape', async () => {
    const html = `<div style="float:left;width:100px;height:60px;shape-outside:inset(0 80px 0 0)"></div><div id=bfc style="overflow:hidden;height:20px"></div>${words(30)}`;
    expectLines(await linesOf(html), ['20,20 282', '20,30 282', '20,40 150']);
    const doc = await layoutHtml(`<style>${CSS}</style><div class=c id=c>${html}</div>`);
    const [bfc, container] = [findById(doc.pages[0]!, 'bfc')!, findById(doc.pages[0]!, 'c')!];
    expect([bfc.x - container.x, bfc.y - container.y, bfc.width]).toEqual([100, 0, 200]);
  });
});
