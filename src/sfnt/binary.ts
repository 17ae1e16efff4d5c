/**
 * Big-endian reads and writes on byte arrays (OpenType data types, OpenType spec "Data types").
 * Plain index arithmetic instead of DataView objects: the subsetter reads a few fields of many
 * small views, where allocating a DataView per view would cost more than the reads.
 */

export function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}

export function i16(bytes: Uint8Array, at: number): number {
  const value = u16(bytes, at);
  return value >= 0x8000 ? value - 0x10000 : value;
}

/** (shared with the PNG chunk reader, which stands below sfnt/) */
export { u32 } from '../append-all.js';

export function setU16(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = (value >>> 8) & 0xff;
  bytes[at + 1] = value & 0xff;
}

export function setU32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = (value >>> 24) & 0xff;
  bytes[at + 1] = (value >>> 16) & 0xff;
  bytes[at + 2] = (value >>> 8) & 0xff;
  bytes[at + 3] = value & 0xff;
}

/** `length` rounded up to a multiple of 4 (tables and glyphs are long-aligned). */
export function pad4(length: number): number {
  return (length + 3) & ~3;
}

/** The four-character tag as a number, for sorting the table directory. */
export function tagValue(tag: string): number {
  return ((tag.charCodeAt(0) << 24) >>> 0) + ((tag.charCodeAt(1) << 16) | (tag.charCodeAt(2) << 8) | tag.charCodeAt(3));
}
