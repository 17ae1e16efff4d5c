/**
 * Writes a face subset by octavo (pdf/subset/: TrueType or CFF) as PDFKit's EmbeddedFont.embed()
 * does — the same objects in the same order, byte for byte for TrueType (ISO 32000-1 §9.7.4
 * CIDFontType2, or CIDFontType0 over a CFF program, under a Type 0 font, §9.8 font descriptor,
 * §9.10.3 ToUnicode) — except that the two streams are
 * compressed once: the font program by the glyph list it holds, the ToUnicode CMap by its text,
 * in caches that live as long as the parsed font. Successive documents made from one template
 * mostly draw the same glyphs in the same order, and compressing the font program was the
 * largest single cost of writing a one-page document.
 */
import { deflateSync } from 'node:zlib';
import type { PdfKitEmbeddedFont, PdfKitFontProgram, PdfRef } from './pdfkit-document.js';
import { operatorBytes } from './pdfkit-document.js';
import type { OctavoSubset } from './subset/index.js';
import { BoundedCache } from '../cache/bounded.js';
import { fromCharCodes } from '../append-all.js';

/** Font programs and CMaps kept per parsed font (each entry is a few kilobytes, compressed). */
export const MAX_ENTRIES_PER_FONT = 32;

interface StreamCache {
  readonly programs: BoundedCache<string, Uint8Array>;
  readonly cmaps: BoundedCache<string, Uint8Array>;
}

const caches = new WeakMap<object, StreamCache>();

function cacheOf(program: object): StreamCache {
  let cache = caches.get(program);
  if (cache === undefined) {
    cache = {
      programs: new BoundedCache('pdf.font-programs', MAX_ENTRIES_PER_FONT),
      cmaps: new BoundedCache('pdf.tounicode-cmaps', MAX_ENTRIES_PER_FONT),
    };
    caches.set(program, cache);
  }
  return cache;
}

/** The cached value for `key`, else `make()` remembered (least recently used entries go first). */
export function remember(cache: BoundedCache<string, Uint8Array>, key: string, make: () => Uint8Array): Uint8Array {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** The tables of a parsed fontkit font that the font descriptor reads. */
interface DescriptorTables {
  readonly 'OS/2'?: { readonly sFamilyClass?: number };
  readonly post: { readonly isFixedPitch: number | boolean };
  readonly head: { readonly macStyle: { readonly italic: boolean } };
  readonly bbox: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number };
  readonly italicAngle: number;
  readonly capHeight: number;
  readonly ascent: number;
  readonly xHeight: number;
}


/** A stream object whose (possibly precompressed) bytes are written as PDFKit would write them. */
function endStream(ref: PdfRef, bytes: Uint8Array, compressed: boolean): void {
  ref.compress = false;
  ref.write(bytes);
  // PDFKit sets /Filter after /Length, in write(): the same key order
  if (compressed) ref.data['Filter'] = 'FlateDecode';
  ref.end();
}

/** Writes `font` with octavo's subset, in place of PDFKit's embed() (pdf/fonts.ts puts it there). */
export function embedSubset(font: PdfKitEmbeddedFont, octavoSubset: OctavoSubset): void {
  const doc = font.document;
  const program = font.font as PdfKitFontProgram & DescriptorTables;
  const cache = cacheOf(program);
  const compress = doc.compress;
  const cff = octavoSubset.format === 'cff';
  const subset = octavoSubset.subset;
  const variant = octavoSubset.format === 'cff' ? 'cff' : octavoSubset.subset.hinting;
  // a CFF program is /FontFile3 of subtype CIDFontType0C under a CIDFontType0 (§9.9, Table 126)
  const fontFile = doc.ref(cff ? { Subtype: 'CIDFontType0C' } : {});
  const programBytes = remember(cache.programs, `${compress ? 'z' : ''}${variant}|${subset.glyphs.join(',')}`, () => {
    const bytes = subset.encode();
    return compress ? deflateSync(bytes) : bytes;
  });
  endStream(fontFile, programBytes, compress);
  const descriptor = doc.ref(descriptorData(font, program, fontFile, cff));
  if (doc.subset === 1) descriptor.data['CIDSet'] = cidSet(font, doc.ref());
  descriptor.end();
  const name = descriptor.data['FontName'] as string;
  const descendantFont = doc.ref({
    Type: 'Font',
    Subtype: cff ? 'CIDFontType0' : 'CIDFontType2',
    BaseFont: name,
    CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
    FontDescriptor: descriptor,
    W: [0, font.widths],
    // a CFF subset's CIDs are its glyph ids (cff.ts: charset 1…n)
    ...(cff ? {} : { CIDToGIDMap: 'Identity' }),
  });
  descendantFont.end();
  const cmap = doc.ref();
  // keyed by the mapping itself: the CMap's text (hex strings per code point) is made only on a miss
  endStream(cmap, remember(cache.cmaps, `${compress ? 'z' : ''}${unicodeKey(font.unicode)}`, () => {
    const bytes = operatorBytes(toUnicodeCmap(font.unicode));
    return compress ? deflateSync(bytes) : bytes;
  }), compress);
  font.dictionary!.data = {
    Type: 'Font',
    Subtype: 'Type0',
    BaseFont: name,
    Encoding: 'Identity-H',
    DescendantFonts: [descendantFont],
    ToUnicode: cmap,
  };
  font.dictionary!.end();
}

/** PDFKit's font descriptor (flags from OS/2, post and head; metrics in 1/1000 em). */
function descriptorData(font: PdfKitEmbeddedFont, program: DescriptorTables, fontFile: PdfRef, cff: boolean): Record<string, unknown> {
  const familyClass = (program['OS/2']?.sFamilyClass ?? 0) >> 8;
  let flags = 0;
  if (program.post.isFixedPitch) flags |= 1 << 0;
  if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1;
  flags |= 1 << 2;
  if (familyClass === 10) flags |= 1 << 3;
  if (program.head.macStyle.italic) flags |= 1 << 6;
  const tag = [1, 2, 3, 4, 5, 6].map((i) => String.fromCharCode((font.id.charCodeAt(i) || 73) + 17)).join('');
  const name = `${tag}+${font.font.postscriptName?.replaceAll(' ', '_')}`;
  const { bbox } = program;
  const scale = font.scale;
  return {
    Type: 'FontDescriptor',
    FontName: name,
    Flags: flags,
    FontBBox: [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale],
    ItalicAngle: program.italicAngle,
    Ascent: font.ascender,
    Descent: font.descender,
    CapHeight: (program.capHeight || program.ascent) * scale,
    XHeight: (program.xHeight || 0) * scale,
    StemV: 0,
    ...(cff ? { FontFile3: fontFile } : { FontFile2: fontFile }),
  };
}

/** The CIDSet stream PDFKit adds for PDF/A and PDF/UA documents. */
function cidSet(font: PdfKitEmbeddedFont, ref: PdfRef): PdfRef {
  const maxCid = font.widths.length - 1;
  const bits = new Uint8Array(Math.ceil((maxCid + 1) / 8));
  for (let cid = 0; cid <= maxCid; cid++) {
    if (font.widths[cid] != null) bits[Math.floor(cid / 8)]! |= 0x80 >> cid % 8;
  }
  ref.write(bits);
  ref.end();
  return ref;
}

/**
 * The glyphs' code points as one string, each glyph's count then each code point in two UTF-16
 * code units: one string per distinct mapping, so it keys the CMap made from it.
 */
export function unicodeKey(unicode: readonly (readonly number[])[]): string {
  const units: number[] = [];
  for (const codePoints of unicode) {
    units.push(codePoints.length);
    for (const value of codePoints) units.push(value >>> 16, value & 0xffff);
  }
  return fromCharCodes(units);
}

function hex4(value: number): string {
  return `0000${value.toString(16)}`.slice(-4);
}

/** PDFKit's ToUnicode CMap text: one bfrange of up to 256 CIDs per line, UTF-16 code units. */
export function toUnicodeCmap(unicode: readonly (readonly number[])[]): string {
  const entries: string[] = [];
  for (const codePoints of unicode) {
    const encoded: string[] = [];
    for (let value of codePoints) {
      if (value > 0xffff) {
        value -= 0x10000;
        encoded.push(hex4(((value >>> 10) & 0x3ff) | 0xd800));
        value = 0xdc00 | (value & 0x3ff);
      }
      encoded.push(hex4(value));
    }
    entries.push(`<${encoded.join(' ')}>`);
  }
  const ranges: string[] = [];
  for (let start = 0; start < entries.length; start += 256) {
    const end = Math.min(start + 256, entries.length);
    ranges.push(`<${hex4(start)}> <${hex4(end - 1)}> [${entries.slice(start, end).join(' ')}]`);
  }
  return `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo <<
  /Registry (Adobe)
  /Ordering (UCS)
  /Supplement 0
>> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000><ffff>
endcodespacerange
${ranges.length} beginbfrange
${ranges.join('\n')}
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end`;
}
