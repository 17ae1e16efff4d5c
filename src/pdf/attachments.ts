/**
 * Embedded files (ISO 32000-1 §7.11.4, ISO 32000-2 §14.13 associated files, ISO 19005-3 §6.8):
 * an /EmbeddedFile stream with its MIME /Subtype and /Params (size, dates, MD5 checksum), a
 * file specification with /F, /UF, /Desc and /AFRelationship, listed in the catalog's
 * /Names /EmbeddedFiles tree and its /AF array.
 */
import { createHash } from 'node:crypto';
import type { Attachment } from '../options.js';
import type { PdfKitDocument, PdfRef } from './pdfkit-document.js';
import { setCatalogEntry } from './pdfkit-document.js';

/** A MIME type as a PDF name: delimiters and other unsafe bytes as #xx (§7.3.5). */
export function mimeTypeName(mimeType: string): string {
  return [...Buffer.from(mimeType, 'latin1')].map((byte) => {
    const safe = byte > 0x20 && byte < 0x7f && !'#%()/<>[]{}'.includes(String.fromCharCode(byte));
    return safe ? String.fromCharCode(byte) : `#${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** /F is a byte string: the name with characters outside printable ASCII replaced (the Unicode name is /UF). */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_');
}

export interface EmbedOptions {
  /** Creation and modification date of the embedded files. */
  readonly date: Date;
  /** PDFKit writes byte strings without encrypting them, so the checksum is left out then. */
  readonly encrypted: boolean;
}

/** Embeds every attachment and lists them in /EmbeddedFiles and /AF; returns the file specifications. */
export function embedAttachments(doc: PdfKitDocument, attachments: readonly Attachment[], options: EmbedOptions): PdfRef[] {
  const specs = attachments.map((attachment) => embedAttachment(doc, attachment, options));
  if (specs.length > 0) setCatalogEntry(doc, 'AF', specs);
  return specs;
}

function embedAttachment(doc: PdfKitDocument, attachment: Attachment, options: EmbedOptions): PdfRef {
  const bytes = typeof attachment.content === 'string' ? new Uint8Array(Buffer.from(attachment.content, 'utf8')) : attachment.content;
  const params: Record<string, unknown> = { Size: bytes.length, CreationDate: options.date, ModDate: options.date };
  if (!options.encrypted) params['CheckSum'] = new Uint8Array(createHash('md5').update(bytes).digest());
  const file = doc.ref({ Type: 'EmbeddedFile', Subtype: mimeTypeName(attachment.mimeType), Params: params });
  file.end(bytes.length > 0 ? bytes : undefined);
  const spec = doc.ref({
    Type: 'Filespec',
    F: new String(asciiName(attachment.name)),
    UF: new String(attachment.name),
    EF: { F: file, UF: file },
    ...(attachment.description === undefined ? {} : { Desc: new String(attachment.description) }),
    AFRelationship: attachment.relationship ?? 'Unspecified',
  });
  spec.end();
  doc.addNamedEmbeddedFile(attachment.name, spec);
  return spec;
}
