/**
 * `width`/`height` attributes of an inline `<svg>` are presentation attributes (SVG 2 §8.5): any
 * CSS length, as Chromium 156 reads them (`<svg width="40mm" height="8mm">` is 151.18 × 30.24 px).
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import { renderPage } from '../helpers/render.js';

async function size(svg: string): Promise<string> {
  const doc = await layoutHtml(`<style>@page { size: 600px 400px; margin: 0 } body { margin: 0; font-size: 10px } svg { display: block }</style>${svg}`);
  const fragment = findById(doc.pages[0]!, 's');
  if (fragment === undefined) throw new Error('#s not laid out');
  return `${Math.round(fragment.width * 100) / 100}x${Math.round(fragment.height * 100) / 100}`;
}

describe('inline <svg> sized by its attributes in CSS units', () => {
  it('takes absolute units, font-relative units and bare numbers as px', async () => {
    expect(await size('<svg id=s width="40mm" height="8mm"></svg>')).toBe('151.18x30.24');
    expect(await size('<svg id=s width="1in" height="6pt"></svg>')).toBe('96x8');
    expect(await size('<svg id=s width="3em" height="2.5"></svg>')).toBe('30x2.5');
    expect(await size('<svg id=s width="2rem" height="1cm"></svg>')).toBe('32x37.8');
  });

  it('ignores auto, negative and malformed values (the default 300 × 150 then)', async () => {
    expect(await size('<svg id=s width="auto" height="-4mm"></svg>')).toBe('300x150');
    expect(await size('<svg id=s width="12 mm px" height="5mm"></svg>')).toBe('300x18.9');
  });

  it('lets CSS override the attributes', async () => {
    expect(await size('<svg id=s width="40mm" height="8mm" style="width:20px;height:10px"></svg>')).toBe('20x10');
  });

  it('draws the picture at its full size (user units stay CSS px without a viewBox)', async () => {
    const page = await renderPage(`<style>@page { size: 8px 4px; margin: 0 } body { margin: 0 } svg { display: block }</style>
      <svg xmlns="http://www.w3.org/2000/svg" width="4.5pt" height="0.03125in"><rect width="100%" height="100%" fill="red"/></svg>`);
    expect(page).toEqual(['RRRRRR__', 'RRRRRR__', 'RRRRRR__', '________']);
  });
});
