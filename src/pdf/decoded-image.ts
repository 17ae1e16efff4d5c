/**
 * An image whose pixels octavo decoded (GIF, WebP, BMP, AVIF, interlaced PNG: resources/decode.ts)
 * as an image XObject of its own (ISO 32000-1 §8.9.5): 8-bit DeviceRGB samples and, when some
 * pixel is not opaque, a DeviceGray soft mask (§11.6.5.3). The samples are deflated, or a JPEG
 * where the file stored them lossily, the mask deflated, when they were decoded; they are written
 * as they are (a /Filter set, PDFKit compresses nothing again; an encrypted document still
 * encrypts them).
 */
import type { DecodedPixels } from '../resources/types.js';
import type { PdfKitDocument, PdfKitImage, PdfRef } from './pdfkit-document.js';
import { nextImageLabel } from './pdfkit-document.js';

/** The image `pixels` make, shaped as PDFKit's images (a label, `embed`, then `obj`). */
export function openDecodedImage(doc: PdfKitDocument, pixels: DecodedPixels, width: number, height: number): PdfKitImage {
  const samples = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, BitsPerComponent: 8 };
  const image: PdfKitImage = {
    label: nextImageLabel(doc),
    width,
    height,
    obj: null,
    embed(into) {
      if (image.obj !== null) return;
      let mask: PdfRef | undefined;
      if (pixels.alpha !== undefined) {
        mask = into.ref({ ...samples, Filter: 'FlateDecode', ColorSpace: 'DeviceGray', Decode: [0, 1] });
        mask.end(pixels.alpha);
      }
      const colour = { ...samples, Filter: pixels.rgbFilter, ColorSpace: 'DeviceRGB' };
      const obj = into.ref(mask === undefined ? colour : { ...colour, SMask: mask });
      obj.end(pixels.rgb);
      image.obj = obj;
    },
  };
  return image;
}
