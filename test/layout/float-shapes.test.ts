/**
 * `shape-outside` (CSS Shapes 1): the lines beside a float wrap around its shape — basic shapes,
 * box values with their radii, `shape-margin`, images' opaque pixels — clipped to its margin box,
 * while floats and blocks that avoid floats still stand clear of the margin box. Each line is
 * given as `x,y right` (its first and last 20×10 inline-block, relative to the container), as
 * headless Chromium 156 lays the same HTML out (getBoundingClientRect, 2 decimals).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/layout/types.js';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { ExpectedDiagnostic } from '../helpers/diagnostics.js';

const CSS = 'body{margin:0} .c{width:300px;font-size:0;line-height:0;margin-bottom:20px;overflow:hidden} .c i{display:inline-block;width:20px;height:10px;vertical-align:top;margin-right:2px}';
const words = (n: number): string => '<i></i>'.repeat(n);
/** A 100×100 PNG: a triangle (0,0) (100,50) (0,100), opaque, under a strip 10px high at 0.3 alpha across the top. */
const TRIANGLE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAGQAAABkCAYAAABw4pVUAAAABHNCSVQICAgIfAhkiAAAAAFzUkdCAK7OHOkAAAJWSURBVHic7ds7TgMxFEZhB2UBLIqShhYhsRVYCqJgAbQUWQPU7IGOEqofEmUymYfte+17zgJGI33SPOzrzd3N8/vV59vL/fvTRyLzNte3rz8ppXT5/fUBjH1/IAoY245AFDA2nQRRwNTtLIgCpk6TQRQwZZsNooAp02IQBUzeVoMoYPK0SQ8/WUD22qWUHtPDZpf5uiEqAaKAWVBJEAXMjGqAKGAmVBNEATOSBYgCZiBLEAXMXh5AFDDOQFRoGI8gKiSMZxAVCqYFEBUCpiUQ1TVMiyCqS5iWQVRXMD2AqC5gegJRTcP0CKKahOkZRDUFEwFENQETCUS5hokIolzCRAZRrmAA+c8FDCDHmcIAcjoTGEDOVxUGkOlVgQFkfkVhAFleERhA1pcVBpB8ZYEBJH+rYAAp1yIYQMo3CwaQek2CAaR+ozCA2DUIA4h9BzCA+GmXUnq8sL4LOmxrfQN0+MgCxK7Blzog9Rv97AWkXpN+DAEp36ylE0DKtWhxEZD8rVp+ByRfWTaoAFlf1i1cQJZXZMgBkPkVHQMCZHpVBuUAOV/VUVJATmcybA3IcabHEQD5z8WBHUCcQKjIIK4gVEQQlxAqEohrCBUBpAkI1TNIUxCqR5AmIVRPIE1DqB5AuoBQLYN0BaFaBOkSQrUE0jWEagEkBITyDBIKQnkECQmhPIGEhlAeQIDYyxIEiIEsQIAYqSYIEBOqAQLEjEqCALGgEiBArCgnCBAZygECRMbWgABRoCUgQBRsDggQFZoCAkTFxkCAMGgIBAjD9kGAcNAWCF/9At3lppcigBUNAAAAAElFTkSuQmCC';

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

describe('shape-outside: images (CSS Shapes 1 §5)', () => {
  it('wraps the lines of an image element around its opaque pixels, the image stretched as drawn', async () => {
    expectLines(await linesOf(`<img src="${TRIANGLE}" style="float:left;width:150px;height:150px;shape-outside:url(${TRIANGLE})">${words(80)}`),
      ['150,0 280', '150,10 280', '60,20 278', '81,30 277', '99,40 295', '120,50 294', '141,60 293', '150,70 280', '141,80 293', '120,90 294', '102,100 188']);
  });

  it('places the image of another float at its own size at the margin box corner (as Chromium does)', async () => {
    expectLines(await linesOf(`<div style="float:left;width:150px;height:150px;shape-outside:url(${TRIANGLE})"></div>${words(80)}`),
      ['100,0 296', '40,10 280', '60,20 278', '80,30 298', '100,40 296', '100,50 296', '80,60 298', '60,70 278', '40,80 82']);
  });

  it('takes the pixels above shape-image-threshold, grown by shape-margin', async () => {
    expectLines(await linesOf(`<div style="float:right;width:75px;height:150px;padding:0 5px;shape-outside:url(${TRIANGLE});shape-image-threshold:0.5;shape-margin:8px"></div>${words(80)}`),
      ['0,0 196', '0,10 196', '0,20 196', '0,30 196', '0,40 196', '0,50 196', '0,60 196', '0,70 196', '0,80 174']);
  });
});

describe('shape-outside: what is not honoured yet is warned', () => {
  const warned = (what: string): ExpectedDiagnostic[] => [{ code: 'css_unsupported', message: `\`shape-outside\` ${what} is not honoured yet: the float's lines wrap around its margin box` }];

  it('a gradient, a vertical writing mode: the lines wrap around the margin box', async () => {
    expectLines(await linesOf(`<div style="float:left;width:100px;height:20px;shape-outside:linear-gradient(red, transparent)"></div>${words(20)}`, warned('with a gradient')),
      ['100,0 296', '100,10 296', '0,20 42']);
    const vertical = await layoutHtml(`<div style="writing-mode:vertical-rl;height:200px;font:10px/10px 'DejaVu Sans'"><div style="float:left;width:30px;height:30px;shape-outside:circle()"></div>text beside the float</div>`, { expectWarnings: warned('in a vertical writing mode') });
    expect(vertical.pages).toHaveLength(1);
  });

});

describe('shape-outside: a float split across pages', () => {
  /** Words per line beside a 200×200 right float with `shape` that starts 180px down a 300px page, page by page (its first six lines). */
  async function wordsPerLine(shape: string, margin: string): Promise<number[][]> {
    const doc = await layoutHtml(`<style>@page{size:400px 300px;margin:0} body{margin:0;font:5px/20px 'DejaVu Sans'} .f{float:right;width:200px;height:200px;shape-outside:${shape};margin:${margin}}</style>
      <div style="height:180px"></div><div><div class=f></div>${'x '.repeat(1200)}</div>`);
    return doc.pages.map((page) => {
      const counts: number[] = [];
      const visit = (f: Fragment): void => {
        if (f.kind === 'line') counts.push(f.children.flatMap(function texts(c: Fragment): string[] { return c.kind === 'text' ? [c.text] : c.kind === 'box' || c.kind === 'line' ? c.children.flatMap(texts) : []; }).join('').trim().split(/\s+/).length);
        else if (f.kind === 'box') f.children.forEach(visit);
      };
      page.children.forEach(visit);
      return counts.slice(0, 6);
    });
  }

  // Chromium 156 makes each piece's shape from the piece's own border box: the circle restarts
  // on the next page; a margin box keeps both block margins of the style
  it('wraps the lines of each piece around a shape made from the piece (a margin box with a bottom margin)', async () => {
    expect(await wordsPerLine('circle(50%)', '0 0 10px')).toEqual([[50, 48, 47, 47, 48, 49], [50, 49, 49, 49, 51, 88]]);
  });

  it('keeps a continued piece\'s margin box both block margins, from the page top', async () => {
    expect(await wordsPerLine('circle(50%)', '10px 0')).toEqual([[50, 48, 47, 47, 48, 49], [50, 48, 48, 48, 49, 88]]);
  });

  it('takes a continued piece\'s border box from the page top', async () => {
    expect(await wordsPerLine('circle(50%) border-box', '10px 0')).toEqual([[51, 49, 48, 48, 48, 50], [50, 49, 49, 49, 51, 88]]);
  });
});

describe('shape-outside: generated floats', () => {
  const length = fc.integer({ min: -20, max: 160 }).map((n) => `${n}px`);
  const percent = fc.integer({ min: -50, max: 150 }).map((n) => `${n}%`);
  const lp = fc.oneof(length, percent);
  const shape = fc.oneof(
    fc.tuple(fc.option(lp, { nil: undefined }), lp, lp).map(([r, x, y]) => `circle(${r?.replace('-', '') ?? ''} at ${x} ${y})`),
    fc.tuple(lp, lp).map(([rx, ry]) => `ellipse(${rx.replace('-', '')} ${ry.replace('-', '')})`),
    fc.tuple(lp, lp, lp, lp, fc.integer({ min: 0, max: 80 })).map(([t, r, b, l, round]) => `inset(${t} ${r} ${b} ${l} round ${round}px)`),
    fc.array(fc.tuple(lp, lp), { minLength: 1, maxLength: 7 }).map((points) => `polygon(${points.map(([x, y]) => `${x} ${y}`).join(', ')})`),
    fc.constantFrom('margin-box', 'border-box', 'padding-box', 'content-box'),
  );
  const float = fc.record({
    side: fc.constantFrom('left', 'right'),
    width: fc.integer({ min: 0, max: 320 }),
    height: fc.integer({ min: 0, max: 120 }),
    margin: fc.integer({ min: -10, max: 20 }),
    padding: fc.integer({ min: 0, max: 15 }),
    radius: fc.constantFrom(0, 0, 10, 60),
    shape,
    shapeMargin: fc.constantFrom('0', '5px', '12px', '10%'),
  });
  type Float = typeof float extends fc.Arbitrary<infer T> ? T : never;
  const html = (floats: readonly Float[], count: number, shapeOf: (f: Float) => string | undefined): string => floats.map((f) => {
    const shaped = shapeOf(f);
    return `<div style="float:${f.side};width:${f.width}px;height:${f.height}px;margin:${f.margin}px;padding:${f.padding}px;border-radius:${f.radius}px${shaped === undefined ? '' : `;${shaped}`}"></div>`;
  }).join('') + words(count);
  const items = (lines: readonly string[]): number => lines.reduce((sum, line) => {
    const [left, , right] = line.split(/[, ]/).map(Number);
    return sum + Math.round((right! - left! + 2) / 22);
  }, 0);

  it('lays every item out once, within the container; the margin box as the shape changes nothing', async () => {
    await fc.assert(fc.asyncProperty(fc.array(float, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 60 }), async (floats, count) => {
      const shaped = await linesOf(html(floats, count, (f) => `shape-outside:${f.shape};shape-margin:${f.shapeMargin}`));
      expect(items(shaped)).toBe(count);
      for (const line of shaped) {
        const [left, , right] = line.split(/[, ]/).map(Number);
        expect(left).toBeGreaterThanOrEqual(-0.01);
        // a line of one item may overflow a container narrowed by floats; others stay inside
        if (right! - left! > 20.01) expect(right).toBeLessThanOrEqual(300.01);
      }
      // square corners, no shape margin: the margin box is the float area a float has without a shape
      const square = floats.map((f): Float => ({ ...f, radius: 0 }));
      expect(await linesOf(html(square, count, () => 'shape-outside:margin-box'))).toEqual(await linesOf(html(square, count, () => undefined)));
    }), { numRuns: Number(process.env['FUZZ_RUNS'] ?? 40), seed: Number(process.env['FUZZ_SEED'] ?? 7) });
  });
});
