/**
 * Table checksums (OpenType spec, "Calculating checksums"): the sum, modulo 2^32, of the table
 * read as big-endian uint32 values, zero-padded to a multiple of four bytes; and the head
 * table's checkSumAdjustment, which makes the whole font sum to 0xB1B0AFBA.
 */
import { u32 } from './binary.js';

/** The font-wide sum the `head` table's checkSumAdjustment completes. */
export const CHECKSUM_MAGIC = 0xb1b0afba;

/** Checksum of `length` bytes at `start` (a trailing partial word counts as zero-padded). */
export function tableChecksum(bytes: Uint8Array, start: number, length: number): number {
  let sum = 0;
  const whole = start + (length & ~3);
  let at = start;
  for (; at < whole; at += 4) sum = (sum + u32(bytes, at)) >>> 0;
  const rest = length & 3;
  if (rest > 0) {
    let last = 0;
    for (let i = 0; i < 4; i++) last = (last << 8) | (i < rest ? bytes[at + i]! : 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

/** checkSumAdjustment for a font whose words (with the adjustment field at zero) sum to `fontSum`. */
export function checksumAdjustment(fontSum: number): number {
  return (CHECKSUM_MAGIC - fontSum) >>> 0;
}
