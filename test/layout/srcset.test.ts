/**
 * Responsive images (HTML §4.8.4.3): the `srcset` candidate (or `<picture>` source) Chromium 156
 * prints — one device pixel per CSS px — and the natural size divided by its density. The same
 * page printed by Chromium embeds the same images (red 1x over blue 2x; green 160w for a 100px
 * slot and for the default 100vw; green from a webp `<source>`; blue 2x alone at half its size).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findById, layoutHtml } from '../helpers/layout.js';
import { png } from '../resources/image-bytes.js';
import { parseSrcset } from '../../src/boxes/srcset.js';

const url = (width: number, height: number, rgb: [number, number, number]): string => `data:image/png;base64,${Buffer.from(png(width, height, rgb)).toString('base64')}`;
const RED = url(40, 20, [255, 0, 0]);
const BLUE = url(80, 40, [0, 0, 255]);
const GREEN = url(160, 80, [0, 160, 0]);
const LIME = url(40, 20, [0, 255, 0]);
const CSS = '@page { size: 800px 600px; margin: 0 } body { margin: 0 } img { display: block }';

/** Each image's drawn size and the colour of its pixels (the image chosen). */
async function chosen(body: string, ids: readonly string[]): Promise<string[]> {
  const doc = await layoutHtml(`<!DOCTYPE html><style>${CSS}</style>${body}`);
  return ids.map((id) => {
    const box = findById(doc.pages[0]!, id);
    const image = box?.kind === 'box' ? box.children.find((c) => c.kind === 'image') : undefined;
    if (box === undefined || image === undefined || image.kind !== 'image') return `${id} missing`;
    const colour = { 40: 'red-or-lime', 80: 'blue', 160: 'green' }[image.image.width] ?? `${image.image.width}px`;
    return `${id} ${colour} ${box.width}x${box.height}`;
  });
}

describe('srcset and picture', () => {
  it('picks the smallest density of at least 1x, else the largest, and sizes the image by it', async () => {
    expect(await chosen(`<img id=a srcset="${RED} 1x, ${BLUE} 2x"><img id=f srcset="${BLUE} 2x"><img id=h srcset="${RED} 0.5x">`, ['a', 'f', 'h']))
      .toEqual(['a red-or-lime 40x20', 'f blue 40x20', 'h red-or-lime 80x40']);
  });

  it('divides width descriptors by the sizes slot (first matching condition; 100vw without one)', async () => {
    expect(await chosen(`<img id=c srcset="${RED} 40w, ${BLUE} 80w, ${GREEN} 160w" sizes="(max-width: 100px) 10px, 100px">
      <img id=d srcset="${RED} 40w, ${BLUE} 80w, ${GREEN} 160w"><img id=e srcset="${RED} 40w, ${BLUE} 80w, ${GREEN} 160w" sizes="(min-width: 700px) 50px, 100vw">`, ['c', 'd', 'e']))
      // c: a 100px slot, 160w is 1.6x; d: 800px, the largest (0.2x) drawn 800px wide; e: the page area is 800px wide: 50px, 80w is 1.6x
      .toEqual(['c green 100x50', 'd green 800x400', 'e blue 50x25']);
  });

  it('takes the first <source> of a <picture> whose media matches and whose type is decoded, else the img', async () => {
    expect(await chosen(`<picture><source srcset="${BLUE}" media="(max-width: 100px)"><source srcset="${GREEN}" type="image/jxl"><source srcset="${GREEN}" type="image/webp"><img id=p src="${LIME}"></picture>
      <picture><source srcset="${BLUE}" media="print and (min-width: 9000px)"><img id=q src="${LIME}"></picture>`, ['p', 'q']))
      .toEqual(['p green 160x80', 'q red-or-lime 40x20']);
  });

  it('parses srcset as HTML does: commas inside URLs, descriptors after white space, invalid candidates dropped', () => {
    // "e.png,,f.png" is one URL (no white space in it), and 0w is invalid; "h.png," ends its URL at the comma
    expect(parseSrcset('a.png 1x,b.png 2x , data:image/png;base64,AA== 3x, c.png 10w 20h, d.png 1x 2x, e.png,,f.png 0w, g.png, h.png,'))
      .toEqual([{ url: 'a.png', density: 1 }, { url: 'b.png', density: 2 }, { url: 'data:image/png;base64,AA==', density: 3 }, { url: 'c.png', width: 10 }, { url: 'g.png' }, { url: 'h.png' }]);
  });

  it('parses any text into candidates without white space, each with at most a positive width or a density', () => {
    const piece = fc.constantFrom('a.png', ' ', ',', '1x', '2.5x', '100w', '0w', '10h', '(', ')', 'data:x,y', '-1x', 'NaNx', '\t', 'u');
    fc.assert(fc.property(fc.array(piece, { maxLength: 30 }).map((parts) => parts.join('')), (text) => {
      for (const candidate of parseSrcset(text)) {
        expect(candidate.url).toMatch(/^\S+$/);
        expect(candidate.width === undefined || candidate.density === undefined).toBe(true);
        if (candidate.width !== undefined) expect(Number.isInteger(candidate.width) && candidate.width > 0).toBe(true);
        if (candidate.density !== undefined) expect(candidate.density).toBeGreaterThanOrEqual(0);
      }
    }), { numRuns: 500 });
  });
});
