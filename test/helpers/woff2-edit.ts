/**
 * Edits one table of a WOFF2 file (W3C WOFF2 §5): the compressed stream is inflated, the table's
 * bytes changed in place and the stream deflated again, the header's sizes set to the new stream.
 * Only tables stored untransformed (not glyf, loca or a transformed hmtx) can be edited.
 */
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';

/** WOFF2 §5.1's known table tags, by the index a flags byte gives (63: the tag follows). */
const KNOWN_TAGS = ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep', 'CFF ', 'VORG', 'EBDT', 'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE', 'GDEF', 'GPOS', 'GSUB', 'EBSC', 'JSTF', 'MATH', 'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt', 'avar', 'bdat', 'bloc', 'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar', 'gvar', 'hsty', 'just', 'lcar', 'mort', 'morx', 'opbd', 'prop', 'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill'];

export function withWoff2Table(woff2: Uint8Array, tag: string, edit: (table: DataView) => void): Uint8Array {
  const view = new DataView(woff2.buffer, woff2.byteOffset, woff2.byteLength);
  const numTables = view.getUint16(12);
  let at = 48;
  const base128 = (): number => {
    let value = 0;
    for (;;) {
      const byte = woff2[at++]!;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
  };
  let offset = 0;
  let found: { offset: number; length: number } | undefined;
  for (let i = 0; i < numTables; i++) {
    const flags = woff2[at++]!;
    const name = (flags & 0x3f) === 63 ? String.fromCharCode(...woff2.subarray(at, (at += 4))) : KNOWN_TAGS[flags & 0x3f]!;
    const length = base128();
    const version = flags >> 6;
    // glyf and loca are transformed unless version 3; other tables unless version 0 is not their null transform
    const transformed = name === 'glyf' || name === 'loca' ? version !== 3 : version !== 0;
    const stored = transformed ? base128() : length;
    if (name === tag) {
      if (transformed) throw new Error(`${tag} is stored transformed`);
      found = { offset, length };
    }
    offset += stored;
  }
  if (found === undefined) throw new Error(`no ${tag} table`);
  const compressedSize = view.getUint32(20);
  const stream = new Uint8Array(brotliDecompressSync(woff2.subarray(at, at + compressedSize)));
  edit(new DataView(stream.buffer, stream.byteOffset + found.offset, found.length));
  const packed = new Uint8Array(brotliCompressSync(stream));
  const out = new Uint8Array(at + packed.length + ((4 - (packed.length % 4)) % 4));
  out.set(woff2.subarray(0, at));
  out.set(packed, at);
  const header = new DataView(out.buffer);
  header.setUint32(8, out.length);
  header.setUint32(20, packed.length);
  // no metadata nor private block after the stream
  for (const field of [28, 32, 36, 40, 44]) header.setUint32(field, 0);
  return out;
}
