/**
 * PDFKit's PNG images (PNGImage, over png-js's parse): what octavo keeps of a PNG for the next
 * document that embeds the same file. The internals used here are listed with the others in
 * PDFKIT_INTERNALS (pdfkit-document.ts).
 */
import type { PdfKitDocument, PdfKitImage } from './pdfkit-document.js';
import { requireInternal } from './pdfkit-document.js';

/** The pixels PDFKit makes from a PNG it cannot embed as it is (an alpha channel, transparent palette entries, interlacing). */
export interface PngPixels {
  /** The colour samples compressed again; undefined when PDFKit keeps the file's own image data. */
  readonly imgData: Uint8Array | undefined;
  /** The soft mask's samples, compressed. */
  readonly alphaChannel: Uint8Array | undefined;
}

/** PDFKit's PNGImage internals (PDFKIT_INTERNALS) that `reusePngPixels` wraps or replaces. */
interface PngImageInternals {
  imgData: Uint8Array | null;
  alphaChannel?: Uint8Array;
  image: { readonly imgData: Uint8Array } | null;
  finalize(): void;
  splitAlphaChannel(): void;
  loadIndexedAlphaChannel(): void;
  decodeData(): void;
}

const PIXEL_STEPS = ['splitAlphaChannel', 'loadIndexedAlphaChannel', 'decodeData'] as const;

/**
 * A PNG file as PDFKit's PNGImage parsed it (png-js's PNG: header, palette, transparency, the
 * image data joined from its IDAT chunks), with the class that made it. Nothing writes to the
 * parse after it is made (embedding and decoding only read it), so documents may share it.
 */
export interface ParsedPng {
  readonly png: { readonly width: number; readonly height: number; readonly imgData: Uint8Array };
  readonly prototype: object;
  /** Bytes the parse holds (the file's and the image data's copy), for bounding what is kept. */
  readonly bytes: number;
}

/** The parse behind a PNG image `doc.openImage` just made (before it is embedded: finalize drops it); undefined for a JPEG. */
export function parsedPng(image: PdfKitImage): ParsedPng | undefined {
  const png = (image as unknown as { image?: unknown }).image as (ParsedPng['png'] & { data?: Uint8Array }) | null | undefined;
  if (png === null || png === undefined || !(png.imgData instanceof Uint8Array)) return undefined;
  return { png, prototype: Object.getPrototypeOf(image) as object, bytes: (png.data?.byteLength ?? 0) + png.imgData.byteLength };
}

/**
 * The image `doc.openImage(bytes)` makes for the PNG file `parsed` was made from, without
 * parsing the file again: png-js copies the image data out of the file one byte at a time
 * (`imgData.push`), which every document paid for the same logo, and a large picture at
 * ~10 ns a byte. The members PNGImage's constructor sets, in its order, and the label
 * openImage gives.
 */
export function reopenPng(doc: PdfKitDocument, parsed: ParsedPng): PdfKitImage {
  requireInternal('document', doc, '_imageCount', 'number');
  const own = doc as unknown as { _imageCount: number };
  const image = Object.create(parsed.prototype) as Record<string, unknown>;
  image['label'] = `I${++own._imageCount}`;
  image['image'] = parsed.png;
  image['width'] = parsed.png.width;
  image['height'] = parsed.png.height;
  image['imgData'] = parsed.png.imgData;
  image['obj'] = null;
  return image as unknown as PdfKitImage;
}

/**
 * The order a document's PNG images finish in. PDFKit finishes an image whose pixels it decodes
 * (zlib, on the thread pool) when they are ready, and numbers its soft mask then: two such images
 * got their masks' numbers in whichever order the pool finished them, so a `--deterministic`
 * render could differ from run to run. Images that finish later than they are embedded finish in
 * the order they were embedded.
 */
export interface FinishOrder {
  last: Promise<void>;
}

export function finishOrder(): FinishOrder {
  return { last: Promise.resolve() };
}

/** A turn after every image that took one before: `run` waits for theirs to finish. */
function takeTurn(order: FinishOrder): (run: () => void) => void {
  const previous = order.last;
  let release: () => void = () => undefined;
  order.last = new Promise<void>((resolve) => { release = resolve; });
  return (run) => {
    void previous.then(() => {
      try {
        run();
      } finally {
        release();
      }
    });
  };
}

/**
 * PDFKit inflates a PNG that has an alpha channel, transparent palette entries or interlacing,
 * unfilters it and deflates the samples again each time a document embeds it: a logo on every
 * invoice paid that per render. With `known` pixels (the same file, by content) the image takes
 * them instead; otherwise `made` gets them once PDFKit has made them. Either way PDFKit finishes
 * the image on a later turn of the event loop, as its own inflate does, in `order` (FinishOrder).
 * Not a PNGImage (a JPEG): nothing changes.
 */
export function reusePngPixels(image: PdfKitImage, known: PngPixels | undefined, made: (pixels: PngPixels) => void, order: FinishOrder): void {
  const png = image as unknown as PngImageInternals;
  if (typeof png.finalize !== 'function' || !PIXEL_STEPS.every((step) => typeof png[step] === 'function')) return;
  const finalize = png.finalize.bind(png);
  if (known === undefined) {
    // a pixel step is where PDFKit goes off to the thread pool (it is called while the image is embedded)
    let turn: ((run: () => void) => void) | undefined;
    for (const step of PIXEL_STEPS) {
      const original = png[step].bind(png);
      png[step] = () => {
        turn ??= takeTurn(order);
        original();
      };
    }
    png.finalize = () => {
      made({ imgData: png.imgData === png.image?.imgData ? undefined : png.imgData ?? undefined, alphaChannel: png.alphaChannel });
      if (turn === undefined) finalize();
      else turn(finalize);
    };
    return;
  }
  const useKnown = (): void => {
    const turn = takeTurn(order);
    setImmediate(() => {
      if (known.imgData !== undefined) png.imgData = known.imgData;
      if (known.alphaChannel !== undefined) png.alphaChannel = known.alphaChannel;
      turn(finalize);
    });
  };
  for (const step of PIXEL_STEPS) png[step] = useKnown;
}
