/**
 * Grids cut over pages, generated: random rows, spans, subgrids, fixed heights and
 * `break-inside: avoid` on small pages. Every item's text is laid out once, in order within the
 * item, and layout always finishes (no lost, doubled or looping content).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/layout/types.js';
import { layoutHtml } from '../helpers/layout.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60);
const SEED = process.env['FUZZ_SEED'] === undefined ? undefined : Number(process.env['FUZZ_SEED']);

function texts(fragment: Fragment): string[] {
  if (fragment.kind === 'text') return [fragment.text];
  if (fragment.kind === 'box' || fragment.kind === 'line') return fragment.children.flatMap(texts);
  return [];
}

const item = fc.record({
  lines: fc.integer({ min: 0, max: 14 }),
  rowSpan: fc.integer({ min: 1, max: 4 }),
  columnSpan: fc.integer({ min: 1, max: 2 }),
  height: fc.option(fc.constantFrom('30px', '120px', '400px'), { nil: undefined }),
  avoid: fc.boolean(),
  subgrid: fc.constantFrom('none', 'rows', 'both'),
  background: fc.boolean(),
});

const grid = fc.record({
  items: fc.array(item, { minLength: 1, maxLength: 9 }),
  rows: fc.constantFrom('none', '50px', '200px 20px', 'repeat(3, 90px)'),
  gap: fc.constantFrom('0', '7px'),
  before: fc.constantFrom(0, 40, 130),
  pageHeight: fc.constantFrom(100, 160),
});

/** The box fragments of the grid's items (the children of the grid's own fragment). */
function gridItems(fragments: readonly Fragment[]): Extract<Fragment, { kind: 'box' }>[] {
  for (const f of fragments) {
    if (f.kind !== 'box') continue;
    if (f.box.kind === 'grid') return f.children.filter((c): c is Extract<Fragment, { kind: 'box' }> => c.kind === 'box');
    const inner = gridItems(f.children);
    if (inner.length > 0) return inner;
  }
  return [];
}

type Grid = typeof grid extends fc.Arbitrary<infer T> ? T : never;

function html(g: Grid): string {
  const cells = g.items.map((it, i) => {
    const words = Array.from({ length: it.lines }, (_, k) => `i${i}w${k}`).join('<br>');
    const style = [
      `grid-row: span ${it.rowSpan}`, `grid-column: span ${it.columnSpan}`, it.height === undefined ? '' : `height: ${it.height}`,
      it.avoid ? 'break-inside: avoid' : '', it.background ? 'background: #ccc' : '',
      it.subgrid === 'none' ? '' : `display: grid; grid-template-rows: subgrid${it.subgrid === 'both' ? '; grid-template-columns: subgrid' : ''}`,
    ].filter((s) => s !== '').join('; ');
    const inner = it.subgrid === 'none' ? words : `<div>${words}</div><div>s${i}</div>`;
    return `<div style="${style}">${inner}</div>`;
  }).join('');
  return `<style>@page { size: 200px ${g.pageHeight}px; margin: 0 } body { margin: 0; font: 10px/20px "Liberation Sans" }</style>
    <div style="height: ${g.before}px"></div>
    <div style="display: grid; grid-template-columns: 90px 90px; grid-template-rows: ${g.rows}; gap: ${g.gap}">${cells}</div>`;
}

describe('grids cut over pages, generated', () => {
  it('lay every word of every item out once, in order', async () => {
    await fc.assert(fc.asyncProperty(grid, async (g) => {
      const doc = await layoutHtml(html(g));
      const words = doc.pages.flatMap((page) => page.children.flatMap(texts)).join(' ').split(/\s+/).filter((w) => /^i\d+w\d+$/.test(w));
      g.items.forEach((it, i) => {
        const mine = words.filter((w) => w.startsWith(`i${i}w`));
        expect(mine).toEqual(Array.from({ length: it.lines }, (_, k) => `i${i}w${k}`));
      });
      expect(doc.pages.length).toBeLessThan(60);
    }), { numRuns: RUNS, seed: SEED });
  });

  it('draw no item over another when the rows are sized by their items', async () => {
    const auto = grid.map((g) => ({ ...g, rows: 'none' as const, items: g.items.map((it) => ({ ...it, height: undefined })) }));
    await fc.assert(fc.asyncProperty(auto, async (g) => {
      const doc = await layoutHtml(html(g));
      for (const page of doc.pages) {
        const items = gridItems(page.children);
        for (const a of items) {
          for (const b of items) {
            if (a === b || a.box === b.box) continue;
            const overlap = a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
            expect(overlap, `${a.x},${a.y} ${a.width}x${a.height} / ${b.x},${b.y} ${b.width}x${b.height}`).toBe(false);
          }
        }
      }
    }), { numRuns: RUNS, seed: SEED });
  });
});
