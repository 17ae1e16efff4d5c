/**
 * PNGs PDFKit decodes (an alpha channel, transparent palette entries, interlacing) are decoded one
 * at a time per document, in the order embedded, and finish in that order: six 140 KB PNGs of 36
 * million pixels each on a page took 1.5 GB decoded together.
 */
import { describe, expect, it } from 'vitest';
import type { PdfKitImage } from '../../src/pdf/pdfkit-document.js';
import { finishOrder, reusePngPixels } from '../../src/pdf/pdfkit-png.js';
import { inDecodeTurn } from '../../src/resources/decode-turns.js';

/** An image shaped as PDFKit's PNGImage whose decoding (splitAlphaChannel) takes `ms` and then finishes it. */
function fakePng(name: string, events: string[], ms: number, fails = false) {
  const png = {
    imgData: null, image: null, width: 3000, height: 3000,
    finalize(): void { events.push(`finish ${name}`); },
    splitAlphaChannel(): void {
      events.push(`decode ${name}`);
      if (fails) throw new Error(`${name} is damaged`);
      setTimeout(() => png.finalize(), ms);
    },
    loadIndexedAlphaChannel(): void {},
    decodeData(): void {},
  };
  return png;
}

const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 80));

describe("a document's PNG decodes", () => {
  it('decode one after the other, in the order embedded, each finished before the next starts', async () => {
    const events: string[] = [];
    const order = finishOrder();
    const images = [fakePng('a', events, 30), fakePng('b', events, 5), fakePng('c', events, 1)];
    for (const image of images) reusePngPixels(image as unknown as PdfKitImage, undefined, () => undefined, order, () => undefined);
    for (const image of images) image.splitAlphaChannel(); // as PDFKit's embed calls them, one after the other
    await settled();
    expect(events).toEqual(['decode a', 'finish a', 'decode b', 'finish b', 'decode c', 'finish c']);
  });

  it('wait for the process\'s decode turn: a page of 48 million pixels decoded elsewhere holds them back', async () => {
    const events: string[] = [];
    let unstick: () => void = () => undefined;
    const elsewhere = inDecodeTurn(48_000_000, undefined, () => new Promise<void>((resolve) => { unstick = () => { events.push('elsewhere done'); resolve(); }; }));
    const image = fakePng('a', events, 1);
    reusePngPixels(image as unknown as PdfKitImage, undefined, () => undefined, finishOrder(), () => undefined);
    image.splitAlphaChannel();
    await settled();
    expect(events).toEqual([]);
    unstick();
    await elsewhere;
    await settled();
    expect(events).toEqual(['elsewhere done', 'decode a', 'finish a']);
  });

  it("report a decoding that fails as the document's error, and the next image still decodes", async () => {
    const events: string[] = [];
    const errors: unknown[] = [];
    const order = finishOrder();
    const images = [fakePng('a', events, 1, true), fakePng('b', events, 1)];
    for (const image of images) reusePngPixels(image as unknown as PdfKitImage, undefined, () => undefined, order, (error) => errors.push(error));
    for (const image of images) image.splitAlphaChannel();
    await settled();
    expect(events).toEqual(['decode a', 'decode b', 'finish b']);
    expect(errors.map(String)).toEqual(['Error: a is damaged']);
  });
});
