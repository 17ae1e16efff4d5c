/**
 * Images (ISO 32000-1 §8.9 image XObjects): PNG and JPEG through PDFKit's decoders, each
 * LoadedImage embedded once per document (keyed by its content id) and drawn with `Do`.
 * JPEG EXIF orientation is honoured (CSS Images 3 `image-orientation: from-image`).
 */
import type { Rect } from '../geometry/types.js';
import type { LoadedImage } from '../resources/types.js';
import { num } from './content.js';
import type { PageContext } from './context.js';
import type { PdfKitDocument, PdfKitImage, PngPixels } from './pdfkit-document.js';
import { reusePngPixels } from './pdfkit-document.js';
import { BoundedCache } from '../cache/bounded.js';
import { sha1Hex } from '../cache/content-digest.js';

export interface ImageEmbedder {
  /** `interpolate`: the image's /Interpolate flag (§8.9.5.3); undefined writes none. */
  embed(image: LoadedImage, interpolate?: boolean): PdfKitImage;
}

/**
 * Embeds with PDFKit, which writes the image dictionaries itself: `ref` is wrapped meanwhile so
 * that the image (and its soft mask) get the /Interpolate flag.
 */
function embedWith(doc: PdfKitDocument, image: PdfKitImage, interpolate: boolean | undefined): void {
  if (interpolate === undefined) {
    image.embed(doc);
    return;
  }
  const ref = doc.ref;
  doc.ref = (data) => ref.call(doc, data?.['Subtype'] === 'Image' ? { ...data, Interpolate: interpolate } : data);
  try {
    image.embed(doc);
  } finally {
    doc.ref = ref;
  }
}

/**
 * The pixels PDFKit made for a PNG (reusePngPixels), by the SHA-1 of the PNG's bytes (kept with a
 * file's cached bytes: an unchanged logo is not hashed again; not the image's id: copies made
 * for filters and colour glyphs have ids of their own), shared by every
 * document of the process: the same logo on each invoice is decoded and compressed once. Images
 * whose pixels take more than MAX_KEPT_PIXEL_BYTES are not kept, so the cache holds at most
 * MAX_KEPT_IMAGES × that.
 */
const MAX_KEPT_IMAGES = 16;
const MAX_KEPT_PIXEL_BYTES = 2 * 1024 * 1024;
const pngPixels = new BoundedCache<string, PngPixels>('pdf.png-pixels', MAX_KEPT_IMAGES);

function keepPngPixels(id: string, pixels: PngPixels): void {
  if ((pixels.imgData?.byteLength ?? 0) + (pixels.alphaChannel?.byteLength ?? 0) <= MAX_KEPT_PIXEL_BYTES) pngPixels.set(id, pixels);
}

/** PDFKit's image object for `image`, taking the pixels of an earlier document's same PNG when there are some. */
function openImage(doc: PdfKitDocument, image: LoadedImage): PdfKitImage {
  const opened = doc.openImage(image.bytes);
  if (image.format === 'png') {
    const key = sha1Hex(image.bytes);
    reusePngPixels(opened, pngPixels.get(key), (pixels) => keepPngPixels(key, pixels));
  }
  return opened;
}

export function createImageEmbedder(doc: PdfKitDocument): ImageEmbedder {
  const images = new Map<string, PdfKitImage>();
  return {
    embed(image, interpolate) {
      const key = interpolate === undefined ? image.id : `${image.id}:${String(interpolate)}`;
      let embedded = images.get(key);
      if (embedded === undefined) {
        embedded = openImage(doc, image);
        embedWith(doc, embedded, interpolate);
        images.set(key, embedded);
      }
      return embedded;
    },
  };
}

/**
 * Where the image's unit square lands for each EXIF orientation, as displayed coordinates
 * (X right, Y down, 0-1) of the stored image's (s right, t down): X = ax*s + bx*t + cx, Y = ay*s + by*t + cy.
 */
const ORIENTATIONS: Readonly<Record<number, readonly [number, number, number, number, number, number]>> = {
  1: [1, 0, 0, 0, 1, 0],
  2: [-1, 0, 1, 0, 1, 0],
  3: [-1, 0, 1, 0, -1, 1],
  4: [1, 0, 0, 0, -1, 1],
  5: [0, 1, 0, 1, 0, 0],
  6: [0, -1, 1, 1, 0, 0],
  7: [0, -1, 1, -1, 0, 1],
  8: [0, 1, 0, -1, 0, 1],
};

/** The `cm` matrix that maps the image space unit square (u right, v up) onto `rect`. */
export function imageMatrix(rect: Rect, orientation: number): readonly [number, number, number, number, number, number] {
  const [ax, bx, cx, ay, by, cy] = ORIENTATIONS[orientation] ?? ORIENTATIONS[1]!;
  // stored image: s = u, t = 1 - v
  const xu = ax, xv = -bx, x0 = bx + cx;
  const yu = ay, yv = -by, y0 = by + cy;
  const { x, y, width: w, height: h } = rect;
  return [w * xu, h * yu, w * xv, h * yv, x + w * x0, y + h * y0];
}

export function drawImage(ctx: PageContext, rect: Rect, image: LoadedImage, interpolate?: boolean): void {
  if (rect.width <= 0 || rect.height <= 0 || image.format === 'svg') return;
  const embedded = ctx.resources.images.embed(image, interpolate);
  if (embedded.obj === null) return;
  ctx.page.xobjects[embedded.label] = embedded.obj;
  const matrix = imageMatrix(rect, embedded.orientation ?? 1).map(num).join(' ');
  ctx.sink.push(`q\n${matrix} cm\n/${embedded.label} Do\nQ`);
}
