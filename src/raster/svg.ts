/**
 * An SVG document rasterised by Skia's SVG renderer at a given pixel size (what a border image's
 * frame is composed from when its source is SVG: pdf/image-prep.ts).
 */
import { loadSkia } from './skia.js';

/** PNG bytes of the SVG drawn into `width` × `height` pixels; undefined when Skia cannot read it. */
export async function rasterizeSvg(bytes: Uint8Array, width: number, height: number): Promise<Uint8Array | undefined> {
  if (width <= 0 || height <= 0) return undefined;
  const skia = await loadSkia();
  const image = new skia.Image();
  // sized before its source is set, Skia draws the vectors at this size (not its natural size enlarged)
  image.width = width;
  image.height = height;
  const loaded = new Promise<boolean>((resolve) => {
    image.onload = (): void => resolve(true);
    image.onerror = (): void => resolve(false);
  });
  image.src = Buffer.from(bytes);
  if (!(await loaded) || image.naturalWidth <= 0) return undefined;
  const canvas = skia.createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0, width, height);
  return new Uint8Array(await canvas.encode('png'));
}
