/**
 * Mask layers (CSS Masking 1 §6): `mask-image` and its companions, the `mask` shorthand and the
 * `-webkit-mask-*` names frameworks write. Masks are small SVGs and hard-stop gradients placed
 * on whole pixels, so the pictures are exact.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const IMAGES = fileURLToPath(new URL('../fixtures/images/', import.meta.url));

const svg = (width: number, height: number, body: string): string =>
  `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`)}")`;

/** A 5 × 5 icon: a square ring (the middle pixel punched out), the top-left pixel cut. */
const ICON = svg(5, 5, '<path d="M1 0H5V5H0V1H1Z M2 2V3H3V2Z" fill-rule="evenodd"/>');
/** Opaque on the left half of the box, on the top half. */
const LEFT = 'linear-gradient(to right, black 50%, transparent 50%)';
const TOP = 'linear-gradient(black 50%, transparent 50%)';

const draw = (css: string, size = 'width: 8px; height: 8px'): Promise<string[]> =>
  renderPage(`<style>@page { size: 10px 10px; margin: 0 } body { margin: 0 } div { margin: 1px; ${size}; background: red; ${css} }</style><div></div>`, {}, { tolerance: 1 });

describe('mask-image', () => {
  it('draws an icon in the background colour with the -webkit-mask shorthand frameworks write', async () => {
    // contain: the 5 × 5 icon fills the 5px height, centred in the 9px width (x 2..7 of the box)
    expect(await draw(`-webkit-mask: ${ICON} no-repeat center / contain`, 'width: 9px; height: 5px')).toEqual([
      '__________',
      '____RRRR__',
      '___RRRRR__',
      '___RR_RR__',
      '___RRRRR__',
      '___RRRRR__',
      '__________',
      '__________',
      '__________',
      '__________',
    ]);
  });

  it('masks by a gradient\'s alpha, and by luminance with mask-mode', async () => {
    expect((await draw(`mask-image: ${LEFT}`))[4]).toBe('_RRRR_____');
    // white on the left, black on the right: by alpha all shows, by luminance the left half
    const halves = svg(8, 8, '<rect width="8" height="8" fill="black"/><rect width="4" height="8" fill="white"/>');
    expect((await draw(`mask-image: ${halves}`))[4]).toBe('_RRRRRRRR_');
    expect((await draw(`mask: ${halves} luminance`))[4]).toBe('_RRRR_____');
  });

  it('sizes, positions and repeats the layer as a background layer', async () => {
    // a 2 × 2 tile opaque in its top-left pixel, repeated from 1px in: a grid of dots
    const dot = svg(2, 2, '<rect width="1" height="1"/>');
    const result = await draw(`mask: ${dot} 1px 1px / 2px 2px repeat`);
    expect(result.slice(1, 5)).toEqual(['__________', '__R_R_R_R_', '__________', '__R_R_R_R_']);
    // repeat-x only: one row of dots
    const row = await draw(`mask-image: ${dot}; mask-repeat: repeat-x; mask-size: 2px`);
    expect(row.slice(1, 4)).toEqual(['_R_R_R_R__', '__________', '__________']);
  });

  it('clips each layer to its mask-clip box, placed in its mask-origin box', async () => {
    const box = 'width: 4px; height: 4px; padding: 2px';
    // clipped to the content box (2px in): only the middle 4 × 4 shows
    const content = await draw(`mask-image: linear-gradient(black, black); mask-clip: content-box`, box);
    expect(content.slice(2, 8)).toEqual(['__________', '___RRRR___', '___RRRR___', '___RRRR___', '___RRRR___', '__________']);
    // a 2 × 2 unrepeated layer at the content box's origin
    const origin = await draw(`mask: linear-gradient(black, black) content-box border-box no-repeat; mask-size: 2px 2px`, box);
    expect(origin.slice(2, 6)).toEqual(['__________', '___RR_____', '___RR_____', '__________']);
  });

  it('combines layers with mask-composite, the top layer with those below it', async () => {
    const layers = `mask-image: ${LEFT}, ${TOP}`;
    const rows = async (op: string): Promise<string[]> => {
      const r = await draw(`${layers}; mask-composite: ${op}`);
      return [r[2]!, r[7]!];
    };
    // left ∪ top, left minus top, left ∩ top, either but not both
    expect(await rows('add')).toEqual(['_RRRRRRRR_', '_RRRR_____']);
    expect(await rows('subtract')).toEqual(['__________', '_RRRR_____']);
    expect(await rows('intersect')).toEqual(['_RRRR_____', '__________']);
    expect(await rows('exclude')).toEqual(['_____RRRR_', '_RRRR_____']);
    // Chromium's -webkit-mask-composite words: source-in is intersect
    const webkit = await draw(`-webkit-mask-image: ${LEFT}, ${TOP}; -webkit-mask-composite: source-in`);
    expect([webkit[2], webkit[7]]).toEqual(['_RRRR_____', '__________']);
  });

  it('combines a luminance layer with an alpha layer', async () => {
    // the top layer by luminance: white on the left; intersected with the top half by alpha
    const halves = svg(8, 8, '<rect width="8" height="8" fill="black"/><rect width="4" height="8" fill="white"/>');
    const r = await draw(`mask: ${halves} luminance intersect, ${TOP} alpha`);
    expect([r[2], r[7]]).toEqual(['_RRRR_____', '__________']);
  });

  it('masks the element and its descendants, with the mask border too', async () => {
    const r = await renderPage(`<style>@page { size: 10px 10px; margin: 0 } body { margin: 0 }
      div { margin: 1px; width: 8px; height: 8px; mask-image: ${LEFT} } i { display: block; height: 8px; background: blue }</style><div><i></i></div>`, {}, { tolerance: 1 });
    expect(r[4]).toBe('_BBBB_____');
  });

  it('leaves out a layer whose image does not load, as Chromium does: the others still mask', async () => {
    const missing = { baseDir: IMAGES, expectDiagnostics: [{ code: 'resource', message: /^image not loaded: cannot read .*missing\.png/ }] } as const;
    const page = await renderPage(`<style>@page { size: 10px 10px; margin: 0 } body { margin: 0 } div { margin: 1px; width: 8px; height: 8px; background: red; mask: url(missing.png), ${LEFT} }</style><div></div>`, missing, { tolerance: 1 });
    expect(page[4]).toBe('_RRRR_____');
  });

  it('warns about a reference to an SVG <mask> and leaves the element unmasked', async () => {
    const page = await renderPage(`<style>@page { size: 10px 10px; margin: 0 } body { margin: 0 } div { margin: 1px; width: 8px; height: 8px; background: red; mask-image: url(#m) }</style><div></div>`,
      { expectDiagnostics: [{ code: 'css_unsupported', message: /mask-image: url\(#/ }] }, { tolerance: 1 });
    expect(page[4]).toBe('_RRRRRRRR_');
  });
});
