/**
 * The internals contract: every PDFKit member octavo uses beyond PDFKit's documentation is listed
 * in PDFKIT_INTERNALS (pdf/pdfkit-document.ts), and each must exist, with the kind listed, on the
 * installed PDFKit. A PDFKit upgrade that changes one fails here, naming the member and the
 * version — and the code that patches it fails loudly too, never falling back silently.
 */
import { describe, expect, test } from 'vitest';
import type { PdfKitDocument, PdfKitInternal, PdfKitSecurityOptions } from '../../src/pdf/pdfkit-document.js';
import { PDFKIT_INTERNALS, embeddedFont, internalKind, keepPageOpen, openDocument, pdfKitSecurityClass, pdfKitVersion, setSecurity } from '../../src/pdf/pdfkit-document.js';
import { loadFace } from './font-fixture.js';
import { pngImage } from './image-fixture.js';

const open = (): PdfKitDocument => openDocument({ compress: true, pdfVersion: '1.7', info: {}, language: undefined, displayTitle: false });

/** One real object of each owner PDFKIT_INTERNALS names, made through the adapter (an unencrypted document with a page and a font). */
function owners(): Record<PdfKitInternal['owner'], object> {
  const doc = open();
  doc.addPage({ size: [100, 100], margin: 0 });
  const font = embeddedFont(doc, loadFace('sans').program as Parameters<typeof embeddedFont>[1]);
  const Security = pdfKitSecurityClass();
  const options: PdfKitSecurityOptions = { userPassword: 'u', ownerPassword: 'o', permissions: {}, pdfVersion: '1.7' };
  const security = Security.create(open(), options)!;
  const image = doc.openImage(pngImage('dot', [[[255, 0, 0, 255]]]).bytes);
  return { document: doc, page: doc.page, reference: doc.page.content, font, 'font subset': font.subset, security, 'security class': Security, outline: doc.outline, image, png: (image as unknown as { image: object }).image };
}

describe('PDFKit internals contract', () => {
  test(`every internal octavo uses exists, of the kind it needs, on the installed PDFKit (${pdfKitVersion()})`, () => {
    const objects = owners();
    const broken = PDFKIT_INTERNALS.flatMap(({ owner, member, kind, use }) => {
      const actual = internalKind((objects[owner] as Record<string, unknown>)[member]);
      return actual === kind ? [] : [`pdfkit ${pdfKitVersion()}: ${owner}.${member} is ${actual}, octavo needs a ${kind} — ${use}`];
    });
    expect(broken, broken.join('\n')).toEqual([]);
  });

  test('lists each internal once', () => {
    const names = PDFKIT_INTERNALS.map(({ owner, member }) => `${owner}.${member}`);
    expect(new Set(names).size).toBe(names.length);
  });

  test('a patch over a missing internal fails loudly, naming it and the version', () => {
    const doc = open();
    doc.addPage({ size: [100, 100], margin: 0 });
    delete (doc as unknown as Record<string, unknown>)['_pageBufferStart'];
    expect(() => keepPageOpen(doc, { width: 100, height: 100 }, false)).toThrow(`pdfkit ${pdfKitVersion()}: document._pageBufferStart is other, octavo needs a number`);
    const other = open();
    (other as unknown as Record<string, unknown>)['_security'] = undefined;
    const security = pdfKitSecurityClass().create(open(), { userPassword: 'u', permissions: {}, pdfVersion: '1.7' })!;
    expect(() => setSecurity(other, security)).toThrow(/^pdfkit \d+\.\d+\.\d+: document\._security is other, octavo needs a null/);
  });
});
