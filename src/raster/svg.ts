/**
 * An SVG document rasterised by Skia's SVG renderer at a given pixel size (what a border image's
 * frame is composed from when its source is SVG: pdf/image-prep.ts).
 */
import { encodePng, loadSized } from './skia.js';

/** PNG bytes of the SVG drawn into `width` × `height` pixels; undefined when Skia cannot read it. */
export async function rasterizeSvg(bytes: Uint8Array, width: number, height: number): Promise<Uint8Array | undefined> {
  if (width <= 0 || height <= 0) return undefined;
  const loaded = await loadSized(bytes, width, height);
  if (loaded === undefined) return undefined;
  const { skia, image } = loaded;
  const canvas = skia.createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0, width, height);
  return encodePng(canvas);
}
