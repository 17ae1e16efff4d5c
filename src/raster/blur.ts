/**
 * A raster image blurred with a Gaussian (Skia's canvas `filter`, the CSS `blur()` it implements)
 * into a canvas with room around it for the blur to spread, or its blurred alpha filled with one
 * colour (a `drop-shadow()` of the image).
 */
import { decodeWithSkia, encodePng } from './skia.js';

export interface BlurRequest {
  /** Canvas size, pixels. */
  readonly width: number;
  readonly height: number;
  /** Where the image is drawn in it, pixels. */
  readonly x: number;
  readonly y: number;
  readonly drawWidth: number;
  readonly drawHeight: number;
  /** Standard deviation, pixels. */
  readonly sigma: number;
  /** `rgba()` of a shadow: the blurred alpha painted in it instead of the image's colours. */
  readonly shadow?: string;
}

/** PNG bytes of the blurred image (PNG or JPEG `bytes`); undefined when unreadable. */
export async function blurImage(bytes: Uint8Array, request: BlurRequest): Promise<Uint8Array | undefined> {
  const decoded = await decodeWithSkia(bytes);
  if (decoded === undefined) return undefined;
  const { skia, image } = decoded;
  if (request.width <= 0 || request.height <= 0 || image.width <= 0 || image.height <= 0) return undefined;
  const surface = skia.createCanvas(request.width, request.height);
  const ctx = surface.getContext('2d');
  if (request.sigma > 0) ctx.filter = `blur(${request.sigma}px)`;
  ctx.drawImage(image, request.x, request.y, request.drawWidth, request.drawHeight);
  if (request.shadow !== undefined) {
    ctx.filter = 'none';
    ctx.globalCompositeOperation = 'source-in';
    ctx.fillStyle = request.shadow;
    ctx.fillRect(0, 0, request.width, request.height);
  }
  return encodePng(surface);
}
