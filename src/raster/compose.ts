/**
 * One image made of regions of another (a border image's frame: its corners and tiled edges),
 * drawn with Skia into a transparent canvas. Callers give whole-pixel destinations and clips, so
 * neighbouring tiles meet exactly: no half-covered pixel (a seam) between them.
 */
import { decodeWithSkia, encodePng } from './skia.js';

export interface Draw {
  /** Source region, source pixels. */
  readonly sx: number;
  readonly sy: number;
  readonly sw: number;
  readonly sh: number;
  /** Destination, canvas pixels. */
  readonly dx: number;
  readonly dy: number;
  readonly dw: number;
  readonly dh: number;
  /** What of the destination shows, canvas pixels. */
  readonly clip: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

/** PNG bytes of a `width` × `height` canvas with `draws` of `bytes` (PNG or JPEG); undefined when unreadable. */
export async function composeImage(bytes: Uint8Array, width: number, height: number, draws: readonly Draw[]): Promise<Uint8Array | undefined> {
  const decoded = await decodeWithSkia(bytes);
  if (decoded === undefined) return undefined;
  const { skia, image } = decoded;
  if (width <= 0 || height <= 0 || image.width <= 0 || image.height <= 0) return undefined;
  const surface = skia.createCanvas(width, height);
  const ctx = surface.getContext('2d');
  for (const d of draws) {
    if (d.clip.width <= 0 || d.clip.height <= 0 || d.dw <= 0 || d.dh <= 0) continue;
    ctx.save();
    ctx.beginPath();
    ctx.rect(d.clip.x, d.clip.y, d.clip.width, d.clip.height);
    ctx.clip();
    // enlarged source pixels stay crisp, as viewers draw an upscaled image embedded as it is
    ctx.imageSmoothingEnabled = d.dw < d.sw || d.dh < d.sh;
    ctx.drawImage(image, d.sx, d.sy, d.sw, d.sh, d.dx, d.dy, d.dw, d.dh);
    ctx.restore();
  }
  return encodePng(surface);
}
