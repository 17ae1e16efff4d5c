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

/** `bytes` (PNG or JPEG) decoded by Skia; undefined when Skia cannot read them. */
export async function decodeWithSkia(bytes: Uint8Array): Promise<DecodedImage | undefined> {
  const skia = await loadSkia();
  try {
    return { skia, image: await skia.loadImage(Buffer.from(bytes)) };
  } catch {
    return undefined;
  }
}
