/**
 * Whether a raster image is opaque by its format: a JPEG, or a PNG whose colour type has no alpha
 * channel (greyscale or truecolour, PNG §11.2.2) and that has no `tRNS` chunk. Its alpha is then
 * its rectangle, so the shadow of it under clips is that of a rectangle under them (filter.ts).
 */
import type { LoadedImage } from '../resources/types.js';
import { ascii } from '../resources/image-info.js';
import { u32 } from '../sfnt/binary.js';

const PNG_SIGNATURE_LENGTH = 8;

export function isOpaqueRaster(image: LoadedImage): boolean {
  if (image.format === 'jpeg') return true;
  if (image.format !== 'png') return false;
  const bytes = image.bytes;
  // IHDR comes first: length (4), type (4), width (4), height (4), bit depth (1), colour type (1)
  const colourType = bytes[PNG_SIGNATURE_LENGTH + 17];
  if (colourType !== 0 && colourType !== 2) return false;
  return !hasChunkBeforeData(bytes, 'tRNS');
}

/** Whether a chunk of this type comes before the first IDAT. */
function hasChunkBeforeData(bytes: Uint8Array, type: string): boolean {
  let at = PNG_SIGNATURE_LENGTH;
  while (at + 8 <= bytes.length) {
    const length = u32(bytes, at);
    const name = ascii(bytes, at + 4, 4);
    if (name === type) return true;
    if (name === 'IDAT' || name === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}
