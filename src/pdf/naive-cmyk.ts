/**
 * The colour space of a CMYK JPEG that embeds no ICC profile. Chromium converts such an image
 * naively before printing it — R = (1 − C)(1 − K), G = (1 − M)(1 − K), B = (1 − Y)(1 − K) (Skia's
 * conversion): 100% black ink is (0,0,0) and 100% cyan (0,255,255). As DeviceCMYK a viewer would
 * convert the inks by its own rule instead (poppler: black as (35,31,32), cyan as (0,173,239)).
 *
 * So the samples go in a DeviceN space of the four process colorants (ISO 32000-1 §8.6.6.5): a
 * device that has these inks prints the samples as they are, as DeviceCMYK would, while a screen
 * (or a PDF/A reader, whose sRGB output intent allows no DeviceCMYK) takes the alternate DeviceRGB
 * through the tint transform. That transform is a sampled function (§7.10.2) of 2×2×2×2 samples:
 * each channel is a product of linear terms in separate inputs, which multilinear interpolation
 * between the corners reproduces exactly. The JPEG's bytes are embedded as they are.
 */
import type { PdfKitDocument } from './pdfkit-document.js';

/** `['DeviceN', names, 'DeviceRGB', function]`, as PDFKit writes an array of names and a reference. */
export type NaiveCmykSpace = readonly ['DeviceN', readonly string[], 'DeviceRGB', unknown];

/** The tint transform's 16 corners, C varying fastest (§7.10.2), each an 8-bit R, G, B. */
function cornerSamples(): Uint8Array {
  const samples = new Uint8Array(16 * 3);
  for (let corner = 0; corner < 16; corner++) {
    const [c, m, y, k] = [corner & 1, (corner >> 1) & 1, (corner >> 2) & 1, (corner >> 3) & 1];
    const white = (1 - k) * 255;
    samples.set([(1 - c) * white, (1 - m) * white, (1 - y) * white], corner * 3);
  }
  return samples;
}

/** The naive CMYK colour space of `doc`, its tint transform written the first time it is asked for. */
export function createNaiveCmykSpace(doc: PdfKitDocument): () => NaiveCmykSpace {
  let space: NaiveCmykSpace | undefined;
  return () => {
    if (space === undefined) {
      const transform = doc.ref({
        FunctionType: 0, Domain: [0, 1, 0, 1, 0, 1, 0, 1], Range: [0, 1, 0, 1, 0, 1], Size: [2, 2, 2, 2], BitsPerSample: 8,
      });
      transform.end(Buffer.from(cornerSamples()));
      space = ['DeviceN', ['Cyan', 'Magenta', 'Yellow', 'Black'], 'DeviceRGB', transform];
    }
    return space;
  };
}
