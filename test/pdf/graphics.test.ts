import { describe, expect, test } from 'vitest';
import type { DisplayItem, DocumentDisplayList } from '../../src/paint/display-list.js';
import { writePdf } from '../../src/pdf/writer.js';
import { rasterize } from '../helpers/pixels.js';
import { qpdfCheck } from '../helpers/qpdf.js';

const RED = { r: 255, g: 0, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 255, a: 1 };
const LIME = { r: 0, g: 255, b: 0, a: 1 };

function one(width: number, height: number, items: DisplayItem[]): DocumentDisplayList {
  return { pages: [{ width, height, items }] };
}

async function write(display: DocumentDisplayList, compress = true): Promise<Uint8Array> {
  const pdf = await writePdf(display, { metadata: {}, encryption: undefined, deterministic: true, compress });
  await qpdfCheck(pdf);
  return pdf;
}

const text = (pdf: Uint8Array): string => Buffer.from(pdf).toString('latin1');

describe('pixels', () => {
  test('a red rect inside a blue one, 1 px = 1 pixel', async () => {
    const pdf = await write(one(10, 6, [
      { kind: 'fill-rect', rect: { x: 0, y: 0, width: 10, height: 6 }, color: BLUE },
      { kind: 'fill-rect', rect: { x: 2, y: 1, width: 5, height: 3 }, color: RED },
    ]));
    expect(await rasterize(pdf)).toEqual([[
      'BBBBBBBBBB',
      'BBRRRRRBBB',
      'BBRRRRRBBB',
      'BBRRRRRBBB',
      'BBBBBBBBBB',
      'BBBBBBBBBB',
    ]]);
  });

  test('fill-path with even-odd rule makes a ring', async () => {
    const pdf = await write(one(6, 6, [{
      kind: 'fill-path',
      evenOdd: true,
      color: RED,
      path: [
        { op: 'move', x: 0, y: 0 }, { op: 'line', x: 6, y: 0 }, { op: 'line', x: 6, y: 6 }, { op: 'line', x: 0, y: 6 }, { op: 'close' },
        { op: 'move', x: 2, y: 2 }, { op: 'line', x: 4, y: 2 }, { op: 'line', x: 4, y: 4 }, { op: 'line', x: 2, y: 4 }, { op: 'close' },
      ],
    }]));
    expect(await rasterize(pdf)).toEqual([['RRRRRR', 'RRRRRR', 'RR__RR', 'RR__RR', 'RRRRRR', 'RRRRRR']]);
  });

  test('push-clip clips until pop-clip', async () => {
    const pdf = await write(one(8, 4, [
      { kind: 'push-clip', rect: { x: 2, y: 1, width: 3, height: 2 } },
      { kind: 'fill-rect', rect: { x: 0, y: 0, width: 8, height: 4 }, color: RED },
      { kind: 'pop-clip' },
      { kind: 'fill-rect', rect: { x: 6, y: 0, width: 2, height: 1 }, color: BLUE },
    ]));
    expect(await rasterize(pdf)).toEqual([['______BB', '__RRR___', '__RRR___', '________']]);
  });

  test('opacity groups composite once: overlapping children do not show through each other', async () => {
    const pdf = await write(one(6, 2, [
      { kind: 'push-opacity', opacity: 0.5 },
      { kind: 'fill-rect', rect: { x: 0, y: 0, width: 4, height: 2 }, color: BLUE },
      { kind: 'fill-rect', rect: { x: 2, y: 0, width: 4, height: 2 }, color: BLUE },
      { kind: 'pop-opacity' },
    ]));
    const [page] = await rasterize(pdf, { _: '#ffffff', b: '#7f7fff', c: '#8080ff' });
    const rows = page!.map((row) => row.replace(/c/g, 'b'));
    expect(rows).toEqual(['bbbbbb', 'bbbbbb']);
  });

  test('translucent colours blend with what is below', async () => {
    const pdf = await write(one(4, 1, [
      { kind: 'fill-rect', rect: { x: 0, y: 0, width: 4, height: 1 }, color: BLUE },
      { kind: 'fill-rect', rect: { x: 2, y: 0, width: 2, height: 1 }, color: { r: 255, g: 0, b: 0, a: 0.5 } },
    ]));
    const [page] = await rasterize(pdf, { B: '#0000ff', p: '#800080', q: '#7f0080', r: '#80007f', s: '#7f007f' });
    expect(page![0]!.slice(0, 2)).toBe('BB');
    expect(page![0]!.slice(2)).toMatch(/^[pqrs]{2}$/);
  });

  test('strokes: a 2 px line centred on y = 2', async () => {
    const pdf = await write(one(6, 4, [
      { kind: 'stroke-path', path: [{ op: 'move', x: 0, y: 2 }, { op: 'line', x: 6, y: 2 }], color: LIME, width: 2, lineCap: 'butt' },
    ]));
    expect(await rasterize(pdf)).toEqual([['______', 'GGGGGG', 'GGGGGG', '______']]);
  });

  test('dashed strokes follow the dash array', async () => {
    const pdf = await write(one(8, 2, [
      { kind: 'stroke-path', path: [{ op: 'move', x: 0, y: 1 }, { op: 'line', x: 8, y: 1 }], color: RED, width: 2, dash: [2, 2], lineCap: 'butt' },
    ]));
    expect(await rasterize(pdf)).toEqual([['RR__RR__', 'RR__RR__']]);
  });

  test('several pages, each at its own size', async () => {
    const pdf = await write({ pages: [
      { width: 3, height: 2, items: [{ kind: 'fill-rect', rect: { x: 0, y: 0, width: 1, height: 1 }, color: RED }] },
      { width: 2, height: 3, items: [{ kind: 'fill-rect', rect: { x: 1, y: 2, width: 1, height: 1 }, color: BLUE }] },
    ] });
    expect(await rasterize(pdf)).toEqual([['R__', '___'], ['__', '__', '_B']]);
  });
});

describe('content stream', () => {
  test('uncompressed output holds the px-based operators under a 0.75 base matrix', async () => {
    const s = text(await write(one(100, 50, [
      { kind: 'fill-rect', rect: { x: 1.5, y: 2, width: 30, height: 10 }, color: { r: 255, g: 128, b: 0, a: 1 } },
      { kind: 'stroke-path', path: [{ op: 'move', x: 0, y: 0 }, { op: 'curve', x1: 1, y1: 2, x2: 3, y2: 4, x: 5, y: 6 }], color: BLUE, width: 3, dash: [9, 3], lineCap: 'round' },
      { kind: 'push-clip', rect: { x: 0, y: 0, width: 10, height: 10 }, radii: [2, 2, 2, 2, 2, 2, 2, 2] },
      { kind: 'pop-clip' },
    ]), false));
    expect(s).toContain('/MediaBox [0 0 75 37.5]');
    expect(s).toContain('1 0 0 -1 0 37.5 cm\n0.75 0 0 0.75 0 0 cm');
    expect(s).toContain('1 0.502 0 rg\n1.5 2 30 10 re\nf');
    expect(s).toContain('0 0 1 RG\n3 w\n1 J\n[9 3] 0 d\n0 0 m\n1 2 3 4 5 6 c\nS\nQ');
    expect(s).toMatch(/q\n2 0 m\n8 0 l\n[\d. ]+ c\n/);
    expect(s).not.toContain('FlateDecode');
  });

  test('a group form lists only the resources its operators name, not every one of its page', async () => {
    // 300 translucent boxes: each group listing the page's earlier groups made the file grow with n²
    const items: DisplayItem[] = [];
    for (let i = 0; i < 300; i++) items.push({ kind: 'push-opacity', opacity: 0.5 }, { kind: 'fill-rect', rect: { x: i % 30, y: Math.floor(i / 30), width: 1, height: 1 }, color: RED }, { kind: 'pop-opacity' });
    const s = text(await write(one(40, 20, items), false));
    // each group is named twice (the page's XObject entry, its `Do`); a copy of the page's per group would be ~45,000
    expect(s.match(/\/Tg\d+/g)!.length).toBeLessThan(2 * 300 + 10);
    const nested = text(await write(one(10, 10, [
      { kind: 'push-opacity', opacity: 0.5 }, { kind: 'push-opacity', opacity: 0.5 }, { kind: 'fill-rect', rect: { x: 0, y: 0, width: 1, height: 1 }, color: RED }, { kind: 'pop-opacity' }, { kind: 'pop-opacity' },
    ]), false));
    // the outer group's form names the inner one it draws
    expect(nested).toMatch(/\/Resources <<\n\/XObject <<\n\/Tg1 \d+ 0 R\n>>/);
  });

  test('compressed output deflates the content streams', async () => {
    const s = text(await write(one(10, 10, [{ kind: 'fill-rect', rect: { x: 0, y: 0, width: 1, height: 1 }, color: RED }])));
    expect(s).toContain('/Filter /FlateDecode');
    expect(s).not.toContain(' re\nf');
  });

  test('a fill colour is set once for a run of fills in it, again after anything else', async () => {
    const items: DisplayItem[] = [
      { kind: 'fill-rect', rect: { x: 0, y: 0, width: 2, height: 1 }, color: RED },
      { kind: 'fill-rect', rect: { x: 2, y: 0, width: 2, height: 1 }, color: RED },
      // a clip (q ... Q) in between: the colour is set again after it
      { kind: 'push-clip', rect: { x: 0, y: 1, width: 8, height: 1 } },
      { kind: 'fill-rect', rect: { x: 0, y: 1, width: 2, height: 1 }, color: BLUE },
      { kind: 'pop-clip' },
      { kind: 'fill-rect', rect: { x: 4, y: 0, width: 2, height: 1 }, color: RED },
      // translucent: its own saved state, then the opaque colour again
      { kind: 'fill-rect', rect: { x: 6, y: 0, width: 2, height: 1 }, color: { ...BLUE, a: 0.5 } },
      { kind: 'fill-rect', rect: { x: 6, y: 1, width: 2, height: 1 }, color: RED },
      { kind: 'fill-rect', rect: { x: 2, y: 1, width: 2, height: 1 }, color: BLUE },
    ];
    const pdf = await write(one(8, 2, items), false);
    expect(text(pdf).match(/^[\d. ]+ rg$/gm)).toEqual(['1 0 0 rg', '0 0 1 rg', '1 0 0 rg', '0 0 1 rg', '1 0 0 rg', '0 0 1 rg']);
    const [page] = await rasterize(pdf, { R: '#ff0000', B: '#0000ff', b: '#7f7fff', c: '#8080ff', _: '#ffffff' });
    expect(page![0]!.slice(0, 6)).toBe('RRRRRR');
    expect(page![0]!.slice(6)).toMatch(/^[bc]{2}$/);
    expect(page![1]).toBe('BBBB__RR');
  });

  test('an ExtGState per alpha value, shared across items', async () => {
    const s = text(await write(one(10, 10, [
      { kind: 'fill-rect', rect: { x: 0, y: 0, width: 1, height: 1 }, color: { ...RED, a: 0.25 } },
      { kind: 'fill-rect', rect: { x: 1, y: 0, width: 1, height: 1 }, color: { ...BLUE, a: 0.25 } },
    ]), false));
    expect(s.match(/\/Type \/ExtGState/g)).toHaveLength(1);
    expect(s).toContain('/ca 0.25\n/CA 0.25');
  });

  test('an empty display list still makes a one-page PDF', async () => {
    const s = text(await write({ pages: [] }));
    expect(s).toContain('/Count 1');
  });
});
