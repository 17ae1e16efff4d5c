/**
 * Raster formats PDF cannot embed as they are (GIF — first frame —, WebP, BMP, AVIF): decoded
 * with Skia through @napi-rs/canvas (already shipped for previews) and re-encoded as PNG, which
 * keeps the alpha channel. Decoding happens once per resource URL per render.
 */
export type DecodableFormat = 'gif' | 'webp' | 'bmp' | 'avif';

export const DECODABLE: ReadonlySet<string> = new Set<DecodableFormat>(['gif', 'webp', 'bmp', 'avif']);

/** PNG bytes and size of an image, or undefined when Skia cannot read it. */
export async function decodeToPng(bytes: Uint8Array): Promise<{ png: Uint8Array; width: number; height: number } | undefined> {
  const canvas = await import('@napi-rs/canvas');
  let image: InstanceType<typeof canvas.Image>;
  try {
    image = await canvas.loadImage(Buffer.from(bytes));
  } catch {
    return undefined;
  }
  const { width, height } = image;
  if (width <= 0 || height <= 0) return undefined;
  const surface = canvas.createCanvas(width, height);
  surface.getContext('2d').drawImage(image, 0, 0);
  return { png: new Uint8Array(await surface.encode('png')), width, height };
}
