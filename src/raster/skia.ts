/**
 * Skia, through @napi-rs/canvas (shipped inside its npm package: nothing is downloaded at
 * install): the one place that loads it. Resources decode GIF/WebP/BMP/AVIF with it and the
 * service rasterizes previews with it; both load it lazily, so renders that need neither never pay.
 */
import type * as SkiaModule from '@napi-rs/canvas';

export type Skia = typeof SkiaModule;

export function loadSkia(): Promise<Skia> {
  return import('@napi-rs/canvas');
}

export interface DecodedImage {
  readonly skia: Skia;
  readonly image: InstanceType<Skia['Image']>;
}

/** `bytes` (PNG, JPEG, or a GIF, WebP, BMP or AVIF whose header resources/raster-headers.ts checked) decoded by Skia; undefined when Skia cannot read them. */
export async function decodeWithSkia(bytes: Uint8Array): Promise<DecodedImage | undefined> {
  const skia = await loadSkia();
  try {
    return { skia, image: await skia.loadImage(Buffer.from(bytes)) };
  } catch {
    return undefined;
  }
}

/**
 * `bytes` (PNG, JPEG, or SVG drawn by Skia's SVG renderer) loaded at `width` × `height` pixels:
 * sized before its source is set, Skia draws an SVG's vectors at this size (not its natural size
 * enlarged). Undefined when Skia cannot read it.
 */
export async function loadSized(bytes: Uint8Array, width: number, height: number): Promise<{ readonly skia: Skia; readonly image: InstanceType<Skia['Image']> } | undefined> {
  const skia = await loadSkia();
  const image = new skia.Image();
  image.width = width;
  image.height = height;
  const loaded = new Promise<boolean>((resolve) => {
    image.onload = (): void => resolve(true);
    image.onerror = (): void => resolve(false);
  });
  image.src = Buffer.from(bytes);
  return (await loaded) && image.naturalWidth > 0 ? { skia, image } : undefined;
}

/** libpng's default limit on a side (png_set_user_limits), which Skia's PNG encoder keeps. */
export const MAX_PNG_SIDE = 1_000_000;

/**
 * Below this many pixels a lossily stored image's copy is made both as a JPEG and losslessly and
 * the smaller kept: a lossy logo's or swatch's flat colours often deflate smaller, and stay crisp
 * (resources/decode.ts, raster/recolor.ts).
 */
export const LOSSLESS_COMPARED_BELOW = 1_000_000;

/**
 * `canvas` as PNG bytes; undefined when it has a side past MAX_PNG_SIDE (asked of libpng, it
 * refuses on stderr: a fuzzed border image 10⁹px wide, a WebP canvas two million wide) or Skia's
 * encoder fails otherwise. Callers make canvases within the limit; the check is their last guard.
 */
export async function encodePng(canvas: { readonly width: number; readonly height: number; encode(format: 'png'): Promise<Buffer> }): Promise<Uint8Array | undefined> {
  if (canvas.width > MAX_PNG_SIDE || canvas.height > MAX_PNG_SIDE) return undefined;
  try {
    return new Uint8Array(await canvas.encode('png'));
  } catch {
    return undefined;
  }
}
