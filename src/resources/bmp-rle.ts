/**
 * A walk over the pixel data of an RLE8 or RLE4 bitmap (BMP compression 1 and 2, [MS-WMF]
 * §2.1.1.3.1 "Compression" and the BITMAPINFOHEADER documentation), before Skia decodes it: Skia
 * trusts the runs it reads, so a run past the end of its row, a delta past the last row or an
 * absolute run cut short by the end of the file must stop here, as a damaged file.
 *
 * Each step reads at least two bytes, so the walk is linear in the data and never loops: a run of
 * 255 pixels costs one step, whatever the image size (which the header reader has already held
 * against the pixel limit).
 *
 * The stream, two bytes at a time:
 * - `n ≥ 1, c`: n pixels of colour index c (RLE4: two indices in c, alternating);
 * - `0, 0`: end of line; `0, 1`: end of bitmap; `0, 2, dx, dy`: move right dx and down dy;
 * - `0, n ≥ 3`: n pixels follow literally (RLE8: n bytes, RLE4: ⌈n/2⌉), padded to an even count.
 * Rows go bottom-up; a top-down (negative height) RLE bitmap is not allowed.
 */

/** Why the stream cannot be trusted, or undefined when every run stays inside the image. */
export function rleDamage(bytes: Uint8Array, start: number, image: { width: number; height: number; bitCount: number }): string | undefined {
  const { width, height } = image;
  const rle4 = image.bitCount === 4;
  let at = start;
  let x = 0;
  let y = 0;
  while (at + 1 < bytes.length) {
    const count = bytes[at]!;
    const code = bytes[at + 1]!;
    at += 2;
    if (count > 0) { // an encoded run
      if (y >= height) return 'an RLE run below the last row';
      if (x + count > width) return 'an RLE run past the end of its row';
      x += count;
    } else if (code === 0) { // end of line
      x = 0;
      y++;
      if (y > height) return 'more RLE rows than the bitmap has';
    } else if (code === 1) { // end of bitmap
      return undefined;
    } else if (code === 2) { // delta
      if (at + 1 >= bytes.length) return 'an RLE delta cut short by the end of the file';
      x += bytes[at]!;
      y += bytes[at + 1]!;
      at += 2;
      if (x > width || y >= height) return 'an RLE delta outside the bitmap';
    } else { // an absolute run of `code` pixels
      const dataBytes = rle4 ? Math.ceil(code / 2) : code;
      if (y >= height) return 'an RLE run below the last row';
      if (x + code > width) return 'an RLE run past the end of its row';
      if (at + dataBytes > bytes.length) return 'an RLE run cut short by the end of the file';
      x += code;
      at += dataBytes + (dataBytes % 2); // padded to a 16-bit boundary
    }
  }
  // the data ends without an end-of-bitmap: decoders leave the rest blank, unless a step was cut in two
  return at < bytes.length ? 'an RLE code cut short by the end of the file' : undefined;
}
