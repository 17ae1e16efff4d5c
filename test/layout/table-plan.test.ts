// What table layout resolves once per table and keeps: the grid's row-spanning cells, the
// collapsed borders of every grid line, the rows carried from one page to the next.
import { describe, expect, it } from 'vitest';
import type { Box, TableWrapperBox } from '../../src/boxes/types.js';
import type { GridCell, TableGrid } from '../../src/layout/table/grid.js';
import { buildTableGrid, cellAt, cellsSpanningInto } from '../../src/layout/table/grid.js';
import { collapsedEdges, edgesBetween, horizontalEdge } from '../../src/layout/table/collapse.js';
import { RowsAhead } from '../../src/layout/table/rows-ahead.js';
import type { LaidRow, TableColumnsLayout } from '../../src/layout/table/rows.js';
import type { TablePlan } from '../../src/layout/table/plan.js';
import { allBoxes, boxTree } from '../boxes/helpers.js';
import { cpuTime } from '../helpers/cpu-time.js';
import { layoutHtml } from '../helpers/layout.js';

async function tableOf(html: string): Promise<TableWrapperBox> {
  const { tree } = await boxTree(html);
  const wrapper = allBoxes(tree.root).find((box: Box): box is TableWrapperBox => box.kind === 'table-wrapper');
  if (wrapper === undefined) throw new Error('no table');
  return wrapper;
}

/** The cells from earlier rows that still span `row`, found the slow way: every cell of every earlier row. */
function spanningByWalk(grid: TableGrid, row: number): GridCell[] {
  return grid.rows.slice(0, row).flatMap((r) => r.cells.filter((cell) => cell.row + cell.rowSpan - 1 >= row));
}

const td = (text: string, attrs = ''): string => `<td ${attrs}>${text}</td>`;

describe('the table grid', () => {
  it('finds the cells spanning into a row among the row-spanning cells only, in row and column order', async () => {
    const rows = [
      `<tr>${td('a', 'rowspan=3')}${td('b')}${td('c', 'rowspan=2')}</tr>`,
      `<tr>${td('d')}</tr>`,
      `<tr>${td('e', 'rowspan=4')}${td('f')}</tr>`,
      `<tr>${td('g')}${td('h')}</tr>`,
      `<tr>${td('i', 'rowspan=0')}${td('j')}</tr>`,
      `<tr>${td('k')}</tr>`,
      `<tr>${td('l', 'colspan=2 rowspan=2')}</tr>`,
      `<tr>${td('m')}</tr>`,
    ];
    const grid = buildTableGrid((await tableOf(`<table><tbody>${rows.join('')}</tbody></table>`)).table);
    expect(grid.longestRowSpan).toBe(4);
    for (let row = 0; row < grid.rows.length; row++) expect(cellsSpanningInto(grid, row)).toEqual(spanningByWalk(grid, row));
    expect(cellsSpanningInto(grid, 5).map((cell) => cell.cell.content.children[0]).map((text) => (text?.kind === 'text' ? text.text : ''))).toEqual(['e', 'i']);
  });

  it('puts every cell in the slots it covers; a row whose slots are its own cells shares their array', async () => {
    const rows = [
      `<tr>${td('a')}${td('b')}${td('c')}</tr>`,
      `<tr>${td('d', 'rowspan=2')}${td('e')}${td('f')}</tr>`,
      `<tr>${td('g')}${td('h')}</tr>`,
      `<tr>${td('i', 'colspan=2')}${td('j')}</tr>`,
      `<tr>${td('k')}</tr>`,
      `<tr>${td('l')}${td('m')}${td('n')}</tr>`,
      // overlapping cells (an HTML error): p keeps the slot; o covers the slots on both sides of it
      `<tr>${td('x')}${td('p', 'rowspan=2')}</tr>`,
      `<tr>${td('o', 'colspan=3')}</tr>`,
    ];
    const grid = buildTableGrid((await tableOf(`<table><tbody>${rows.join('')}</tbody></table>`)).table);
    // the slots the slow way: each cell of each row in every slot it covers
    const expected = grid.rows.map(() => new Array<GridCell | undefined>(grid.columnCount).fill(undefined));
    for (const row of grid.rows) {
      for (const cell of row.cells) {
        for (let r = cell.row; r < cell.row + cell.rowSpan; r++) for (let c = cell.column; c < cell.column + cell.colSpan; c++) expected[r]![c] ??= cell;
      }
    }
    expect(grid.rows.map((_, r) => expected[r]!.map((_, c) => cellAt(grid, r, c)))).toEqual(expected);
    expect(cellAt(grid, 7, 3)).toBeUndefined();
    expect(grid.slots.map((slots, r) => slots === grid.rows[r]!.cells)).toEqual([true, true, false, true, true, true, true, false]);
  });
});

describe('tables of many columns (strangers\' input)', () => {
  // Each row held a slot per column of the table, and a spanning cell a slot per row and column it
  // covers; the geometry was computed again on every page.
  it('lays out a staircase of colspan=1000 rowspan=65534 cells within a CPU bound', async () => {
    // 300 rows: 300,000 columns, each cell spanning the rows below it (6 s and 1.6 GB before; 600 rows: 4.3 GB, killed)
    const html = `<!DOCTYPE html><table>${'<tr><td colspan=1000 rowspan=65534>x</td></tr>'.repeat(300)}</table>`;
    const { ms } = await cpuTime(() => layoutHtml(html, { expectWarnings: [/content is \d+px wide/] }));
    expect(ms).toBeLessThan(3_000);
  }, 60_000);

  it('keeps one-cell rows small in a table one row makes 10,000 columns wide', async () => {
    // 5,000 rows padded to 10,000 slots each: 50 million slots (~4 s and 850 MB before)
    const html = `<!DOCTYPE html><table><tr>${'<td colspan=1000>x</td>'.repeat(10)}</tr>${'<tr><td>x</td></tr>'.repeat(5000)}</table>`;
    const before = process.memoryUsage().heapUsed;
    const { result: doc, ms } = await cpuTime(() => layoutHtml(html, { expectWarnings: [/content is \d+px wide/] }));
    const grown = process.memoryUsage().heapUsed - before;
    expect(doc.pages.length).toBeGreaterThan(100);
    expect(ms).toBeLessThan(3_000);
    expect(grown).toBeLessThan(300 * 1024 * 1024);
  }, 60_000);
});

describe('collapsed borders resolved once per table', () => {
  it('gives every grid line the edges resolved between its rows, and resolves other pairs on demand', async () => {
    const wrapper = await tableOf(`<style>table { border-collapse: collapse; border: 3px solid red } td { border: 1px solid blue }
      tr.wide td { border-bottom: 4px double green } td.none { border-top: hidden }</style>
      <table><thead><tr>${td('h')}${td('h')}</tr></thead><tbody>
      <tr class=wide>${td('a', 'rowspan=2')}${td('b')}</tr><tr>${td('c', 'class=none')}</tr><tr>${td('d', 'colspan=2')}</tr>
      </tbody></table>`);
    const table = wrapper.table;
    const grid = buildTableGrid(table);
    const source = { grid, table, borders: new WeakMap() };
    const edges = collapsedEdges(source);
    const rows = grid.rows.length;
    expect(edges.horizontal).toHaveLength(rows + 1);
    for (let line = 0; line <= rows; line++) {
      const above = line > 0 ? line - 1 : undefined;
      const below = line < rows ? line : undefined;
      for (let c = 0; c < grid.columnCount; c++) expect(edges.horizontal[line]![c]).toEqual(horizontalEdge(source, above, below, c));
      expect(edgesBetween(edges, above, below)).toBe(edges.horizontal[line]);
    }
    // a repeated header over the last body row: not a grid line, resolved on demand
    expect(edgesBetween(edges, 0, 3)).toEqual([0, 1].map((c) => horizontalEdge(source, 0, 3, c)));
    expect(edges.horizontal[0]!.map((edge) => edge.width)).toEqual([3, 3]); // the table's own border wins at its top
    // inside the row-spanning cell; `hidden` above c beats the double border below b
    expect(edges.horizontal[2]!.map((edge) => edge.width)).toEqual([0, 0]);
    expect(edges.horizontal[4]!.map((edge) => edge.width)).toEqual([3, 3]);
  });
});

describe('rows carried from one page to the next', () => {
  const plan = { grid: { headerRows: 1, footerRows: 1, rows: { length: 10 } } } as unknown as TablePlan;
  const columns = (...widths: number[]): TableColumnsLayout => ({ x: widths.map((_, i) => i * 10), widths, contentWidth: 100, rtl: false, collapsed: [] });
  const laid = (index: number): LaidRow => ({ index, height: 10, baseline: 8, cells: [], breakToken: undefined });

  it('reuses a row laid out with equal columns in the same mode', () => {
    const ahead = new RowsAhead(plan);
    const row = laid(4);
    ahead.keep(4, columns(10, 90), 'layout', row);
    expect(ahead.get(4, columns(10, 90), 'layout')).toBe(row);
    expect(ahead.get(4, columns(20, 80), 'layout')).toBeUndefined();
    expect(ahead.get(4, columns(10, 90), 'measure')).toBeUndefined();
    expect(ahead.get(5, columns(10, 90), 'layout')).toBeUndefined();
  });

  it('keeps every header and footer row but only the last body row', () => {
    const ahead = new RowsAhead(plan);
    const [header, body1, body2, footer] = [laid(0), laid(3), laid(4), laid(9)];
    for (const row of [header, body1, body2, footer]) ahead.keep(row.index, columns(50, 50), 'layout', row);
    expect(ahead.get(0, columns(50, 50), 'layout')).toBe(header);
    expect(ahead.get(9, columns(50, 50), 'layout')).toBe(footer);
    expect(ahead.get(4, columns(50, 50), 'layout')).toBe(body2);
    expect(ahead.get(3, columns(50, 50), 'layout')).toBeUndefined();
  });
});
