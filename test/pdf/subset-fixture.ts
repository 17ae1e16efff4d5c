/**
 * Test helpers for the font subsetter: fontkit to parse fonts and subsets back (tests may load
 * it directly, like font-fixture.ts), an independent sfnt reader and checksum verifier, and a
 * WOFF 1.0 packer to exercise fontkit's compressed-table path.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

export interface FkGlyph {
  readonly id: number;
  readonly advanceWidth: number;
  readonly path: { toSVG(): string };
  _getMetrics(): { readonly leftBearing: number };
  _decode(): { numberOfContours: number; instructions?: readonly number[]; components?: readonly { glyphID: number }[] } | null;
}

export interface FkFont {
  readonly numGlyphs: number;
  readonly unitsPerEm: number;
  readonly type: string;
  readonly head: { indexToLocFormat: number };
  readonly hhea: { numberOfMetrics: number };
  glyphForCodePoint(codePoint: number): FkGlyph;
  getGlyph(id: number): FkGlyph;
  layout(text: string): { glyphs: readonly FkGlyph[] };
  createSubset(): { includeGlyph(id: number): number; encode(): Uint8Array };
}

const fontkit = createRequire(import.meta.url)('fontkit') as { create(buffer: Buffer): FkFont };

export function fontBytes(file: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)));
}

/** A fresh parse of font bytes (a new program object each time: no shared caches). */
export function parseFont(bytes: Uint8Array): FkFont {
  return fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

export interface TableRecord {
  readonly tag: string;
  readonly checksum: number;
  readonly offset: number;
  readonly length: number;
}

const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The table directory of an sfnt file. */
export function tableDirectory(bytes: Uint8Array): { version: number; searchRange: number; entrySelector: number; rangeShift: number; tables: TableRecord[] } {
  const data = view(bytes);
  const count = data.getUint16(4);
  const tables: TableRecord[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    tables.push({
      tag: String.fromCharCode(...bytes.subarray(at, at + 4)),
      checksum: data.getUint32(at + 4),
      offset: data.getUint32(at + 8),
      length: data.getUint32(at + 12),
    });
  }
  return { version: data.getUint32(0), searchRange: data.getUint16(6), entrySelector: data.getUint16(8), rangeShift: data.getUint16(10), tables };
}

/** Sum of big-endian uint32 words of `length` bytes (zero-padded), as the OpenType spec defines it. */
export function sumWords(bytes: Uint8Array, offset: number, length: number): number {
  const padded = new Uint8Array(Math.ceil(length / 4) * 4);
  padded.set(bytes.subarray(offset, offset + length));
  const data = view(padded);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + data.getUint32(i)) % 0x100000000;
  return sum;
}

export function table(bytes: Uint8Array, tag: string): Uint8Array | undefined {
  const record = tableDirectory(bytes).tables.find((t) => t.tag === tag);
  return record === undefined ? undefined : bytes.subarray(record.offset, record.offset + record.length);
}

/**
 * Packs a TrueType font as WOFF 1.0 (W3C WOFF File Format 1.0 §4-5): every table zlib-compressed
 * when that makes it smaller, 4-byte aligned, with its original length and checksum.
 */
export function toWoff(ttf: Uint8Array): Uint8Array {
  const { version, tables } = tableDirectory(ttf);
  const packed = tables.map((t) => {
    const original = ttf.subarray(t.offset, t.offset + t.length);
    const compressed = deflateSync(original);
    return { record: t, data: compressed.length < original.length ? compressed : original };
  });
  const headerSize = 44 + 20 * tables.length;
  let size = headerSize;
  for (const p of packed) size += Math.ceil(p.data.length / 4) * 4;
  const out = new Uint8Array(size);
  const data = view(out);
  out.set([0x77, 0x4f, 0x46, 0x46]); // 'wOFF'
  data.setUint32(4, version);
  data.setUint32(8, size);
  data.setUint16(12, tables.length);
  data.setUint32(16, 12 + 16 * tables.length + tables.reduce((s, t) => s + Math.ceil(t.length / 4) * 4, 0)); // totalSfntSize
  let at = headerSize;
  packed.forEach((p, i) => {
    const entry = 44 + 20 * i;
    for (let c = 0; c < 4; c++) out[entry + c] = p.record.tag.charCodeAt(c);
    data.setUint32(entry + 4, at);
    data.setUint32(entry + 8, p.data.length);
    data.setUint32(entry + 12, p.record.length);
    data.setUint32(entry + 16, p.record.checksum);
    out.set(p.data, at);
    at += Math.ceil(p.data.length / 4) * 4;
  });
  return out;
}

/**
 * Packs TrueType fonts into a collection (OpenType spec, "Font Collections": a TTC header with
 * one offset table per font; table offsets count from the start of the file).
 */
export function toCollection(fonts: readonly Uint8Array[]): Uint8Array {
  const headerSize = 12 + 4 * fonts.length;
  const directories = fonts.map((f) => tableDirectory(f));
  let size = headerSize;
  for (const d of directories) size += 12 + 16 * d.tables.length;
  const dataStart = size;
  for (const d of directories) for (const t of d.tables) size += Math.ceil(t.length / 4) * 4;
  const out = new Uint8Array(size);
  const data = view(out);
  out.set([0x74, 0x74, 0x63, 0x66]); // 'ttcf'
  data.setUint32(4, 0x00010000);
  data.setUint32(8, fonts.length);
  let directoryAt = headerSize;
  let at = dataStart;
  fonts.forEach((font, i) => {
    data.setUint32(12 + 4 * i, directoryAt);
    out.set(font.subarray(0, 12 + 16 * directories[i]!.tables.length), directoryAt);
    directories[i]!.tables.forEach((t, n) => {
      out.set(font.subarray(t.offset, t.offset + t.length), at);
      data.setUint32(directoryAt + 12 + 16 * n + 8, at);
      at += Math.ceil(t.length / 4) * 4;
    });
    directoryAt += 12 + 16 * directories[i]!.tables.length;
  });
  return out;
}

/** The fonts of a collection. */
export function parseCollection(bytes: Uint8Array): FkFont[] {
  return (fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as unknown as { fonts: FkFont[] }).fonts;
}
