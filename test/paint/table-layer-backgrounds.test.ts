/**
 * Row-group and row backgrounds (CSS2 §17.5.1) are one layer over their cells, positioned against
 * the whole group (a gradient spans it), never rounded (`border-radius` does not apply to internal
 * table boxes), and in the separated model painted only inside the cells: as Chromium 156 prints.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const table = (css: string, section = 'thead'): Promise<string[]> => renderPage(`<style>@page { size: 20px 6px; margin: 0 } body { margin: 0 }
  table { border-collapse: collapse; border-spacing: 0 } td { width: 4px; height: 2px; padding: 0 } ${css}</style>
  <table><${section}><tr><td></td><td></td><td></td></tr></${section}><tbody><tr><td></td><td></td><td></td></tr></tbody></table>`);

describe('row-group and row backgrounds', () => {
  it('paints a collapsed table\'s rounded <thead> as one square block', async () => {
    expect(await table('thead { background: red; border-radius: 2px }')).toEqual([
      'RRRRRRRRRRRR________', 'RRRRRRRRRRRR________', '____________________', '____________________', '____________________', '____________________',
    ]);
  });

  it('spans a gradient across the whole row group, not once per cell', async () => {
    expect(await table('thead { background: linear-gradient(to right, red 50%, blue 50%) }')).toEqual([
      'RRRRRRBBBBBB________', 'RRRRRRBBBBBB________', '____________________', '____________________', '____________________', '____________________',
    ]);
    expect(await table('tr { background: linear-gradient(to right, lime 25%, blue 25%) }', 'tbody')).toEqual([
      'GGGBBBBBBBBB________', 'GGGBBBBBBBBB________', 'GGGBBBBBBBBB________', 'GGGBBBBBBBBB________', '____________________', '____________________',
    ]);
  });

  it('positions the layer against the row group in the separated model but paints it only in the cells', async () => {
    expect(await table('table { border-collapse: separate; border-spacing: 2px 0 } thead { background: linear-gradient(to right, red 50%, blue 50%); border-radius: 2px }')).toEqual([
      '__RRRR__RRBB__BBBB__', '__RRRR__RRBB__BBBB__', '____________________', '____________________', '____________________', '____________________',
    ]);
  });
});
