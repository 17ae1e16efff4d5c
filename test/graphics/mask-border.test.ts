/**
 * `mask-border` (CSS Masking 1 §7) and Chromium's `-webkit-mask-box-image`: an image cut and laid
 * out as a border image is, used as the element's mask. The masks are 5 × 5 SVGs, so the nine
 * slices land on whole pixels and the pictures are exact.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const svg = (body: string): string => `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5">${body}</svg>`)}")`;

/** Opaque but for the top-left corner pixel and the middle pixel: a ticket with a punched hole. */
const TICKET = svg('<path d="M1 0H5V5H0V1H1Z M2 2V3H3V2Z" fill-rule="evenodd"/>');

const draw = (css: string): Promise<string[]> =>
  renderPage(`<style>@page { size: 10px 10px; margin: 0 } body { margin: 0 } div { margin: 1px; width: 8px; height: 8px; background: red; ${css} }</style><div></div>`, {}, { tolerance: 1 });

describe('mask-border', () => {
  it('masks the box with the nine slices of its image, the middle with fill', async () => {
    // slices of 1px (20%) at the mask border width (auto: the slice): the 1px corner is cut, the
    // 3 × 3 middle with its hole stretched over 6 × 6
    expect(await draw(`mask-border-source: ${TICKET}; mask-border-slice: 20% fill`)).toEqual([
      '__________',
      '__RRRRRRR_',
      '_RRRRRRRR_',
      '_RRRRRRRR_',
      '_RRR__RRR_',
      '_RRR__RRR_',
      '_RRRRRRRR_',
      '_RRRRRRRR_',
      '_RRRRRRRR_',
      '__________',
    ]);
  });

  it('leaves the middle out without fill, as border-image does', async () => {
    const result = await draw(`mask-border: ${TICKET} 20%`);
    expect(result[1]).toBe('__RRRRRRR_');
    expect(result[4]).toBe('_R______R_');
  });

  it('reads -webkit-mask-box-image, whose middle always masks', async () => {
    const result = await draw(`-webkit-mask-box-image: ${TICKET} 20%`);
    expect(result[1]).toBe('__RRRRRRR_');
    expect(result[4]).toBe('_RRR__RRR_');
    expect(result[3]).toBe('_RRRRRRRR_');
  });

  it('masks by luminance with mask-border-mode', async () => {
    // white on the left half, black on the right: luminance keeps the left
    const halves = svg('<rect width="5" height="5" fill="black"/><rect width="2.5" height="5" fill="white"/>');
    const result = await draw(`mask-border: ${halves} 0 fill luminance`);
    expect(result[4]).toBe('_RRRR_____');
  });
});
