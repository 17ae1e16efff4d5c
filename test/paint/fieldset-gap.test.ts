/**
 * A fieldset's border behind its rendered legend (HTML §15.3.13, as Chromium's FieldsetPainter):
 * open over the legend's border box, and centred on a legend taller than it, the background
 * starting there too. The page is 24×8px.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const page = (html: string): Promise<string[]> =>
  renderPage(`<style>@page { size: 24px 8px; margin: 0 } body { margin: 0 }
    fieldset { margin: 0; padding: 0 2px; border: 2px solid red; background: blue; width: 16px; height: 4px }
    legend { padding: 0; width: 8px; height: 4px }</style>${html}`);

describe('the fieldset border behind its legend', () => {
  it('is open over the legend and centred on it', async () => {
    // as headless Chromium prints this page; legend 4px tall on a 2px border: the border at rows 1-2 (its 2px excess part of the 4px height), open at columns 4-11 (border + padding, 8px)
    expect(await page('<fieldset><legend></legend></fieldset>')).toEqual([
      '_'.repeat(24),
      'RRRRBBBBBBBBRRRRRRRRRRRR',
      'RRRRBBBBBBBBRRRRRRRRRRRR',
      'RRBBBBBBBBBBBBBBBBBBBBRR',
      'RRBBBBBBBBBBBBBBBBBBBBRR',
      'RRBBBBBBBBBBBBBBBBBBBBRR',
      'R'.repeat(24),
      'R'.repeat(24),
    ]);
  });

  it('is closed over a floated legend (no rendered legend)', async () => {
    expect(await page('<fieldset><legend style="float: left; height: 0"></legend></fieldset>')).toEqual([
      'R'.repeat(24), 'R'.repeat(24),
      'RRBBBBBBBBBBBBBBBBBBBBRR', 'RRBBBBBBBBBBBBBBBBBBBBRR', 'RRBBBBBBBBBBBBBBBBBBBBRR', 'RRBBBBBBBBBBBBBBBBBBBBRR',
      'R'.repeat(24), 'R'.repeat(24),
    ]);
  });
});
