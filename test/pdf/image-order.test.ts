/**
 * `--deterministic` output does not depend on which image's pixels the thread pool finishes
 * first: PDFKit numbers a PNG's soft mask when the image finishes, and images finish in the order
 * they were embedded (pdfkit-png.ts, FinishOrder).
 */
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../helpers/render.js';
import { pixelRows, pngDataUrl } from '../helpers/png.js';

/** The soft mask object number of each image XObject, by its width. */
function softMasks(pdf: Uint8Array): Map<number, number> {
  const text = Buffer.from(pdf).toString('latin1');
  const masks = new Map<number, number>();
  for (const [, dict] of text.matchAll(/\d+ 0 obj\s*<<([\s\S]*?)>>\s*stream/g)) {
    const width = /\/Width (\d+)/.exec(dict!)?.[1];
    const mask = /\/SMask (\d+) 0 R/.exec(dict!)?.[1];
    if (/\/Subtype \/Image/.test(dict!) && width !== undefined && mask !== undefined) masks.set(Number(width), Number(mask));
  }
  return masks;
}

describe('images with alpha channels', () => {
  it('number their soft masks in the order the images are drawn, however long each takes to compress', async () => {
    for (let run = 0; run < 3; run++) {
      // a large noisy image first (its pixels take the longest), a small one after; new bytes each run (no cached pixels)
      let seed = 1234 + run;
      const noise = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) >> 16) & 255;
      const large = pngDataUrl(pixelRows(700, 500, () => [noise(), noise(), noise(), 128 + (noise() & 127)]));
      const small = pngDataUrl(pixelRows(3, 2, (x) => [run, 0, 255, x === 0 ? 0 : 200]));
      const pdf = await renderPdf(`<img src="${large}" style="width:70px"><img src="${small}" style="width:3px">`, { deterministic: true });
      const masks = softMasks(pdf);
      expect([...masks.keys()].sort((a, b) => a - b)).toEqual([3, 700]);
      expect(masks.get(700)!).toBeLessThan(masks.get(3)!);
    }
  });
});
