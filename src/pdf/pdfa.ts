/**
 * PDF/A-2b and PDF/A-3b (ISO 19005-2/-3, level B): what the file itself must carry beyond what
 * octavo always does (embedded font subsets with /W matching the programs, a file identifier,
 * no JavaScript or launch actions, printable annotations): an sRGB output intent (§6.2.3),
 * the pdfaid identification in the XMP (§6.6.4), no encryption (§6.1.3, refused by option
 * validation), and no .notdef glyphs (§6.2.11.8, pdf/text.ts).
 */
import type { PdfAConformance } from '../options.js';
import type { PdfKitDocument } from './pdfkit-document.js';
import { setCatalogEntry } from './pdfkit-document.js';
import { SRGB_IDENTIFIER, srgbProfile } from './srgb-profile.js';

export interface PdfAIdentification {
  readonly part: 2 | 3;
  readonly conformance: 'B';
}

export function pdfaIdentification(level: PdfAConformance): PdfAIdentification {
  return { part: level === '2b' ? 2 : 3, conformance: 'B' };
}

/** The catalog's /OutputIntents: GTS_PDFA1 with the embedded sRGB profile (ISO 32000-1 §14.11.5). */
export function addOutputIntent(doc: PdfKitDocument): void {
  const profile = doc.ref({ N: 3, Alternate: 'DeviceRGB' });
  profile.end(srgbProfile());
  const intent = doc.ref({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: new String(SRGB_IDENTIFIER),
    Info: new String(SRGB_IDENTIFIER),
    RegistryName: new String('http://www.color.org'),
    DestOutputProfile: profile,
  });
  intent.end();
  setCatalogEntry(doc, 'OutputIntents', [intent]);
}
