/**
 * Whether a raster image is opaque by its format: a JPEG, or a PNG whose colour type has no alpha
 * channel (greyscale or truecolour, PNG §11.2.2) and that has no `tRNS` chunk. Its alpha is then
 * its rectangle, so the shadow of it under clips is that of a rectangle under them (filter.ts).
 */
import type { LoadedImage } from '../resources/types.js';
import { pngChunks, readPngHeader } from '../raster/png-chunks.js';

export function isOpaqueRaster(image: LoadedImage): boolean {
  if (image.format === 'jpeg') return true;
  if (image.format !== 'png') return false;
  const colourType = readPngHeader(image.bytes)?.colourType;
  if (colourType !== 0 && colourType !== 2) return false;
  return !hasChunkBeforeData(image.bytes, 'tRNS');
}

/** Whether a chunk of this type comes before the first IDAT. */
function hasChunkBeforeData(bytes: Uint8Array, type: string): boolean {
  for (const chunk of pngChunks(bytes)) {
    if (chunk.type === type) return true;
    if (chunk.type === 'IDAT' || chunk.type === 'IEND') return false;
  }
  return false;
}
