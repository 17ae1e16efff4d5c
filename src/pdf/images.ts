/**
 * Images (ISO 32000-1 §8.9 image XObjects): PNG and JPEG through PDFKit's decoders (in the ICCBased
 * colour space of the profile they embed, icc-color-space.ts), the formats octavo decodes itself
 * from their pixels (decoded-image.ts), each
 * LoadedImage embedded once per document (keyed by its content id) and drawn with `Do`.
 * JPEG EXIF orientation is honoured (CSS Images 3 `image-orientation: from-image`).
 */
import type { Rect } from '../geometry/types.js';
import type { LoadedImage } from '../resources/types.js';
import { num } from './content.js';
import type { PageContext } from './context.js';
import type { PdfKitDocument, PdfKitImage } from './pdfkit-document.js';
import type { ParsedPng, PngPixels } from './pdfkit-png.js';
import type { FinishOrder } from './pdfkit-png.js';
import { finishOrder, parsedPng, reopenPng, reusePngPixels } from './pdfkit-png.js';
import { openDecodedImage } from './decoded-image.js';
import type { IccBasedSpace } from './icc-color-space.js';
import { createIccColorSpaces, withIccSpace } from './icc-color-space.js';
import type { IccProfile } from '../resources/icc-profile.js';
import { BoundedCache } from '../cache/bounded.js';
import { sha1Hex } from '../cache/content-digest.js';

export interface ImageEmbedder {
  /** `interpolate`: the image's /Interpolate flag (§8.9.5.3); undefined writes none. */
  embed(image: LoadedImage, interpolate?: boolean): PdfKitImage;
}

/** The ICCBased space an image's samples are in, for the device space PDFKit names. */
interface ImageProfile {
  readonly space: IccBasedSpace;
  readonly components: IccProfile['components'];
}

/**
 * Embeds with PDFKit, which writes the image dictionaries itself: `ref` is wrapped meanwhile so
 * that the image (and its soft mask) get the /Interpolate flag, and the image its ICC profile's
 * colour space in place of the device space PDFKit gives it, when its dictionary is written
 * (PDFKit sets a PNG's /ColorSpace after making the object, and writes it when its pixels are
 * ready, which may be on a later turn; the soft mask stays DeviceGray).
 */
function embedWith(doc: PdfKitDocument, image: PdfKitImage, interpolate: boolean | undefined, profile: ImageProfile | undefined): void {
  if (interpolate === undefined && profile === undefined) {
    image.embed(doc);
    return;
  }
  const ref = doc.ref;
  let tagged = profile === undefined;
  doc.ref = (data) => {
    const isImage = data?.['Subtype'] === 'Image';
    const made = ref.call(doc, isImage && interpolate !== undefined ? { ...data, Interpolate: interpolate } : data);
    if (isImage && !tagged && profile !== undefined) {
      tagged = true;
      const end = made.end.bind(made);
      made.end = (chunk) => {
        made.data['ColorSpace'] = withIccSpace(made.data['ColorSpace'], profile.space, profile.components);
        end(chunk);
      };
    }
    return made;
  };
  try {
    image.embed(doc);
  } finally {
    doc.ref = ref;
  }
}

/**
 * What PDFKit made of a PNG file, by the SHA-1 of its bytes (kept with a file's cached bytes: an
 * unchanged logo is not hashed again; not the image's id: copies made for filters and colour
 * glyphs have ids of their own), shared by every document of the process, so that the same logo
 * on each invoice is parsed, decoded and compressed once: png-js's parse (reopenPng; 67–400 ms for
 * a 1.4 MB photo), and the pixels PDFKit decodes and compresses again for an alpha
 * channel, transparent palette entries or interlacing (reusePngPixels). At most MAX_KEPT_IMAGES
 * files and MAX_KEPT_BYTES over all (a parse weighs the file's bytes and its image data's copy).
 */
const MAX_KEPT_IMAGES = 16;
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

interface KnownPng {
  readonly parsed: ParsedPng;
  /** Known once PDFKit has made them (on a later turn of the event loop). */
  readonly pixels: PngPixels | undefined;
}

function weight(known: KnownPng): number {
  return known.parsed.bytes + (known.pixels?.imgData?.byteLength ?? 0) + (known.pixels?.alphaChannel?.byteLength ?? 0);
}

const knownPngs = new BoundedCache<string, KnownPng>('pdf.pngs', MAX_KEPT_IMAGES, { maxWeight: MAX_KEPT_BYTES, weigh: weight });

/** PDFKit's image object for `image`, from an earlier document's parse and pixels of the same PNG when there are some. */
function openImage(doc: PdfKitDocument, image: LoadedImage, order: FinishOrder): PdfKitImage {
  if (image.pixels !== undefined) return openDecodedImage(doc, image.pixels, image.width, image.height);
  if (image.format !== 'png') return doc.openImage(image.bytes);
  const failed = (error: unknown): void => { doc.emit('error', error); };
  const key = sha1Hex(image.bytes);
  const known = knownPngs.get(key);
  if (known !== undefined) {
    const opened = reopenPng(doc, known.parsed);
    reusePngPixels(opened, known.pixels, (pixels) => keepPixels(key, known.parsed, pixels), order, failed);
    return opened;
  }
  const opened = doc.openImage(image.bytes);
  const parsed = parsedPng(opened);
  if (parsed === undefined) return opened;
  knownPngs.set(key, { parsed, pixels: undefined });
  reusePngPixels(opened, undefined, (pixels) => keepPixels(key, parsed, pixels), order, failed);
  return opened;
}

/** The pixels PDFKit made, kept with their parse while both fit the bound (else the parse alone stays). */
function keepPixels(key: string, parsed: ParsedPng, pixels: PngPixels): void {
  const known = { parsed, pixels };
  if (weight(known) <= MAX_KEPT_BYTES) knownPngs.set(key, known);
}

export function createImageEmbedder(doc: PdfKitDocument): ImageEmbedder {
  const images = new Map<string, PdfKitImage>();
  const order = finishOrder();
  const profiles = createIccColorSpaces(doc);
  return {
    embed(image, interpolate) {
      const key = interpolate === undefined ? image.id : `${image.id}:${String(interpolate)}`;
      let embedded = images.get(key);
      if (embedded === undefined) {
        embedded = openImage(doc, image, order);
        const profile = image.iccProfile === undefined ? undefined : { space: profiles.spaceOf(image.iccProfile), components: image.iccProfile.components };
        embedWith(doc, embedded, interpolate, profile);
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
