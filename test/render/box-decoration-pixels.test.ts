/** box-decoration-break: clone (CSS Fragmentation 3 §5.4), painted on tiny pages at 1 CSS px per pixel. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { rasterize } from '../helpers/pixels.js';
import { qpdfCheck } from '../helpers/qpdf.js';

const engine = createEngine();

async function pages(html: string): Promise<string[][]> {
  const pdf = await engine.render({ template: html });
  await qpdfCheck(pdf);
  return rasterize(pdf);
}

describe('box-decoration-break: clone, painted', () => {
  it('draws the whole border, padding, rounded corners and background on each page\'s fragment', async () => {
    // 10px pages: 3px of edges above and below leave 4px, two of the three 2px children per page
    const [first, second, more] = await pages(`<style>@page { size: 10px 10px; margin: 0 } body { margin: 0 }
      #c { margin: 0 1px; border: 1px solid red; border-radius: 3px; padding: 2px; background: blue; box-decoration-break: clone }
      #c > div { height: 2px; background: lime }</style><div id=c><div></div><div></div><div></div></div>`);
    expect(more).toBeUndefined();
    expect(first).toEqual([
      '__RRRRRR__',
      '_RRBBBBRR_',
      '_RBBBBBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBBBBBR_',
      '_RRBBBBRR_',
      '__RRRRRR__',
    ]);
    expect(second).toEqual([
      '__RRRRRR__',
      '_RRBBBBRR_',
      '_RBBBBBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBBBBBR_',
      '_RRBBBBRR_',
      '__RRRRRR__',
      '__________',
      '__________',
    ]);
  });
});
