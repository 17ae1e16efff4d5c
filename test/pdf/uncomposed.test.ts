/**
 * A border image's frame that reaches the writer unprepared (margin boxes painted after their
 * page was written): drawn tile by tile from its placements, not as the whole source stretched.
 */
import { expect, test } from 'vitest';
import { PdfWriter } from '../../src/pdf/writer.js';
import type { LoadedImage } from '../../src/resources/types.js';
import { encodePng } from '../helpers/png.js';
import { rasterize } from '../helpers/pixels.js';

const R = [255, 0, 0, 255] as const;
const B = [0, 0, 255, 255] as const;

test('an uncomposed frame is drawn from its placements', async () => {
  // source: red left pixel, blue right pixel; the frame repeats only the blue one over 4 × 2 px (not smoothed into the red)
  const image: LoadedImage = { id: 'rb', format: 'png', bytes: encodePng([[R, B]]), width: 2, height: 1 };
  const writer = new PdfWriter({ metadata: {}, encryption: undefined, deterministic: false, compress: true });
  writer.add({ kind: 'page', index: 0, width: 6, height: 2, items: [], annotations: [], marginsLater: true });
  const compose = [0, 2].map((x) => ({ from: { x: 1, y: 0, width: 1, height: 1 }, to: { x, y: 0, width: 2, height: 2 }, clip: { x, y: 0, width: 2, height: 2 } }));
  writer.add({ kind: 'margins', index: 0, items: [{ kind: 'image', rect: { x: 1, y: 0, width: 4, height: 2 }, image, compose, interpolate: false }], annotations: [] });
  const [page] = await rasterize(await writer.end());
  // the red source pixel never shows (drawn whole, it would fill the frame's left half); tile edges may be antialiased
  expect(page!.join('')).not.toContain('R');
  expect(page!.map((row) => row[2])).toEqual(['B', 'B']);
  expect(page!.map((row) => row[0] + row[5])).toEqual(['__', '__']);
});
