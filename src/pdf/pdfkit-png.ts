/**
 * PDFKit's PNG images (PNGImage, over png-js's parse): what octavo keeps of a PNG for the next
 * document that embeds the same file. The internals used here are listed with the others in
 * PDFKIT_INTERNALS (pdfkit-document.ts).
 */
import { deflateSync, inflate } from 'node:zlib';
import type { PdfKitDocument, PdfKitImage } from './pdfkit-document.js';
import { nextImageLabel } from './pdfkit-document.js';
import { inDecodeTurn } from '../resources/decode-turns.js';

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
  const image = Object.create(parsed.prototype) as Record<string, unknown>;
  image['label'] = nextImageLabel(doc);
  image['image'] = parsed.png;
  image['width'] = parsed.png.width;
  image['height'] = parsed.png.height;
  image['imgData'] = parsed.png.imgData;
  image['obj'] = null;
  return image as unknown as PdfKitImage;
}

/**
 * The order a document's PNG images are decoded and finish in. PDFKit finishes an image whose
 * pixels it decodes (zlib, on the thread pool) when they are ready, and numbers its soft mask
 * then: two such images got their masks' numbers in whichever order the pool finished them, so a
 * `--deterministic` render could differ from run to run. And each holds its pixels several times
 * over while it is decoded (a 140 KB PNG of 36 million pixels: some 430 MB): six of them on a page,
 * decoded together, took 1.5 GB. So an image is decoded once those embedded before it have
 * finished, and finishes in that order.
 */
export interface FinishOrder {
  last: Promise<void>;
}

export function finishOrder(): FinishOrder {
  return { last: Promise.resolve() };
}

/** A turn after every image that took one before: `run` starts once theirs have ended; the turn ends when `end` is called (`ended` then settles). */
function takeTurn(order: FinishOrder): { readonly start: (run: () => void) => void; readonly end: () => void; readonly ended: Promise<void> } {
  const previous = order.last;
  let end: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => { end = resolve; });
  order.last = ended;
  return { start: (run) => { void previous.then(run); }, end: () => end(), ended };
}

/**
 * PDFKit inflates a PNG that has an alpha channel, transparent palette entries or interlacing,
 * unfilters it and deflates the samples again each time a document embeds it: a logo on every
 * invoice paid that per render. With `known` pixels (the same file, by content) the image takes
 * them instead; otherwise `made` gets them once PDFKit has made them. Either way the image is
 * decoded and finished in its turn (FinishOrder), on a later turn of the event loop as PDFKit's
 * own inflate does; a decoding that fails there goes to `failed` (the document's error). Not a
 * PNGImage (a JPEG): nothing changes.
 */
export function reusePngPixels(image: PdfKitImage, known: PngPixels | undefined, made: (pixels: PngPixels) => void, order: FinishOrder, failed: (error: unknown) => void): void {
  const png = image as unknown as PngImageInternals;
  if (typeof png.finalize !== 'function' || !PIXEL_STEPS.every((step) => typeof png[step] === 'function')) return;
  const finalize = png.finalize.bind(png);
  if (known === undefined) {
    if (png.image !== null) fastDecodePixels(png.image as unknown as PngParse);
    fixIndexedAlpha(image);
    // a pixel step is where PDFKit starts decoding (it is called while the image is embedded): it waits for its turn
    // and for the process's turn by its pixels, as the images the resource stage decodes (decode-turns.ts)
    // (held until the document's turn ends, when the image is finished)
    let turn: ReturnType<typeof takeTurn> | undefined;
    for (const step of PIXEL_STEPS) {
      const original = png[step].bind(png);
      png[step] = () => {
        if (turn !== undefined) return original();
        const mine = takeTurn(order);
        turn = mine;
        mine.start(() => void inDecodeTurn(image.width * image.height, undefined, () => {
          try {
            original();
          } catch (error) {
            mine.end();
            failed(error);
          }
          return mine.ended;
        }));
      };
    }
    png.finalize = () => {
      made({ imgData: png.imgData === png.image?.imgData ? undefined : png.imgData ?? undefined, alphaChannel: png.alphaChannel });
      try {
        finalize();
      } finally {
        turn?.end();
      }
    };
    return;
  }
  const useKnown = (): void => {
    const turn = takeTurn(order);
    turn.start(() => setImmediate(() => {
      if (known.imgData !== undefined) png.imgData = known.imgData;
      if (known.alphaChannel !== undefined) png.alphaChannel = known.alphaChannel;
      try {
        finalize();
      } catch (error) {
        failed(error);
      } finally {
        turn.end();
      }
    }));
  };
  for (const step of PIXEL_STEPS) png[step] = useKnown;
}

/** png-js's parse of a PNG, as fastDecodePixels reads and patches it (PDFKIT_INTERNALS, owner `png`). */
interface PngParse {
  readonly width: number;
  readonly height: number;
  readonly imgData: Uint8Array;
  readonly pixelBitlength: number;
  readonly interlaceMethod: number;
  /** The alpha of each palette entry (255 past the tRNS chunk's end) when the palette has transparent entries. */
  readonly transparency: { readonly indexed?: ArrayLike<number> };
  decodePixels(fn: (pixels: Uint8Array) => void): void;
}

/** The parses fastDecodePixels patched already. */
const fastParses = new WeakSet<object>();

/**
 * png-js unfilters a PNG's rows with a division and two remainders per byte: a 360×120 logo took
 * ~20–80 ms of a fresh process's first render (profiled). This parse's `decodePixels` (an own
 * property: png-js's class is left as it is) inflates the data as png-js does and unfilters the
 * rows in a tight loop, for a non-interlaced image whose data has exactly its rows; other images
 * and data keep png-js's decoding. An image of fewer than 8 bits per pixel (1, 2 or 4: a palette
 * or grey levels) gets its packed rows, which png-js cannot make (it takes half a byte per
 * pixel as a filter's unit), so that its palette's transparency can be read (indexedAlpha).
 */
export function fastDecodePixels(parse: PngParse): void {
  const bits = parse.pixelBitlength;
  if (fastParses.has(parse)) return;
  fastParses.add(parse);
  if (parse.interlaceMethod !== 0 || !(bits < 8 ? 8 % bits === 0 : bits % 8 === 0) || typeof parse.decodePixels !== 'function' || !(parse.imgData instanceof Uint8Array)) return;
  const original = parse.decodePixels.bind(parse);
  parse.decodePixels = (fn) => {
    inflate(new Uint8Array(parse.imgData), (error, data) => {
      if (error) throw error;
      // a filter's unit is a pixel's bytes, or one byte below 8 bits (PNG §9.2)
      const pixels = unfilter(data, Math.ceil((parse.width * bits) / 8), parse.height, Math.max(1, bits / 8));
      if (pixels === undefined) original(fn);
      else fn(pixels);
    });
  };
}

/**
 * PDFKit's `loadIndexedAlphaChannel` reads a palette PNG's pixels a byte each, so an image of 1,
 * 2 or 4 bits per pixel got a soft mask made of its packed bytes: a logo optimised to 16 colours
 * with transparency (oxipng, TinyPNG), or Noto Color Emoji's ✉️, printed as a strip of its top
 * rows. Below 8 bits the image takes this one: the same mask, from each pixel's own index.
 */
export function fixIndexedAlpha(image: PdfKitImage): void {
  const png = image as unknown as PngImageInternals & { image: PngParse | null; alphaChannel?: Uint8Array };
  const parse = png.image;
  const alpha = parse?.transparency.indexed;
  if (parse === null || alpha === undefined || parse.pixelBitlength >= 8 || parse.interlaceMethod !== 0) return;
  png.loadIndexedAlphaChannel = () => {
    parse.decodePixels((pixels) => {
      png.alphaChannel = deflateSync(indexedAlpha(pixels, parse.width, parse.height, parse.pixelBitlength, alpha));
      png.finalize();
    });
  };
}

/** The alpha of each pixel of packed palette rows (`bits` per index, rows whole bytes), from `alpha` per index (255 past its end). */
export function indexedAlpha(pixels: Uint8Array, width: number, height: number, bits: number, alpha: ArrayLike<number>): Uint8Array {
  const rowLength = Math.ceil((width * bits) / 8);
  const mask = (1 << bits) - 1;
  const out = new Uint8Array(width * height);
  for (let y = 0, o = 0; y < height; y++) {
    const row = y * rowLength;
    for (let x = 0; x < width; x++, o++) {
      const bit = x * bits;
      const index = (pixels[row + (bit >> 3)]! >> (8 - bits - (bit & 7))) & mask;
      out[o] = alpha[index] ?? 255;
    }
  }
  return out;
}

/**
 * The rows of `data` (`rowLength` bytes each after its filter byte) unfiltered (PNG filter types
 * 0–4, `bytesPerPixel` the filters' unit) as png-js unfilters them; undefined when the data is not
 * exactly the image's rows. Throws png-js's error for an unknown filter type.
 */
export function unfilter(data: Uint8Array, rowLength: number, height: number, bytesPerPixel: number): Uint8Array | undefined {
  if (data.length !== height * (rowLength + 1)) return undefined;
  const pixels = new Uint8Array(rowLength * height);
  let pos = 0;
  for (let row = 0, c = 0; row < height; row++) {
    const filter = data[pos++]!;
    const up = c - rowLength;
    for (let i = 0; i < rowLength; i++, c++) {
      const byte = data[pos++]!;
      const left = i < bytesPerPixel ? 0 : pixels[c - bytesPerPixel]!;
      const upper = row === 0 ? 0 : pixels[up + i]!;
      if (filter === 0) pixels[c] = byte;
      else if (filter === 1) pixels[c] = byte + left;
      else if (filter === 2) pixels[c] = byte + upper;
      else if (filter === 3) pixels[c] = byte + ((left + upper) >> 1);
      else if (filter === 4) {
        const upperLeft = row === 0 || i < bytesPerPixel ? 0 : pixels[up + i - bytesPerPixel]!;
        const p = left + upper - upperLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - upper);
        const pc = Math.abs(p - upperLeft);
        pixels[c] = byte + (pa <= pb && pa <= pc ? left : pb <= pc ? upper : upperLeft);
      } else throw new Error(`Invalid filter algorithm: ${filter}`);
    }
  }
  return pixels;
}
