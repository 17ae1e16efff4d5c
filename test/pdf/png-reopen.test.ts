/**
 * A PNG opened again from an earlier document's parse (reopenPng) must be the image PDFKit's own
 * openImage makes from the file: the same members in the same order, and the same bytes written.
 */
import { describe, expect, test } from 'vitest';
import type { PdfKitDocument, PdfKitImage } from '../../src/pdf/pdfkit-document.js';
import { collectOutput, openDocument, setFileId } from '../../src/pdf/pdfkit-document.js';
import { parsedPng, reopenPng } from '../../src/pdf/pdfkit-png.js';
import { jpegImage, pngImage } from './image-fixture.js';

const open = (): PdfKitDocument => {
  const doc = openDocument({ compress: true, pdfVersion: '1.7', info: { CreationDate: new Date(Date.UTC(2020, 0, 1)) }, language: undefined, displayTitle: false });
  setFileId(doc, new Uint8Array(16));
  return doc;
};

/** The document's bytes with `image` embedded and drawn on its one page, after a JPEG opened before it (so labels count on). */
async function written(doc: PdfKitDocument, image: (doc: PdfKitDocument) => PdfKitImage): Promise<Uint8Array> {
  const output = collectOutput(doc);
  doc.addPage({ size: [100, 100], margin: 0 });
  const jpeg = doc.openImage(jpegImage().bytes);
  jpeg.embed(doc);
  const png = image(doc);
  png.embed(doc);
  doc.page.xobjects[jpeg.label] = jpeg.obj!;
  doc.page.xobjects[png.label] = png.obj!;
  doc.end();
  return output;
}

const RED = [255, 0, 0, 255] as const;
const HALF_BLUE = [0, 0, 255, 128] as const;

describe('reopenPng', () => {
  test.each([
    ['opaque', pngImage('opaque', [[RED, RED], [RED, RED]])],
    ['with an alpha channel', pngImage('alpha', [[RED, HALF_BLUE], [HALF_BLUE, RED]])],
  ])('an %s PNG reopened is the image openImage makes, and is written the same', async (_kind, loaded) => {
    const parsed = parsedPng(open().openImage(loaded.bytes));
    expect(parsed).toBeDefined();
    const fresh = open();
    const reopened = open();
    // a JPEG first in both, so that the label is the document's second
    fresh.openImage(jpegImage().bytes);
    reopened.openImage(jpegImage().bytes);
    const made = fresh.openImage(loaded.bytes);
    const again = reopenPng(reopened, parsed!);
    expect(Object.getPrototypeOf(again)).toBe(Object.getPrototypeOf(made));
    expect(Object.keys(again)).toEqual(Object.keys(made));
    expect({ ...again }).toEqual({ ...made });
    expect(again.label).toBe('I2');

    const base = await written(open(), (doc) => doc.openImage(loaded.bytes));
    const shared = await written(open(), (doc) => reopenPng(doc, parsed!));
    expect(Buffer.from(shared).equals(Buffer.from(base))).toBe(true);
    // the parse is not written to by embedding it: a third document from it is the same again
    expect(Buffer.from(await written(open(), (doc) => reopenPng(doc, parsed!))).equals(Buffer.from(base))).toBe(true);
  });

  test('a JPEG has no PNG parse', () => {
    expect(parsedPng(open().openImage(jpegImage().bytes))).toBeUndefined();
  });
});
