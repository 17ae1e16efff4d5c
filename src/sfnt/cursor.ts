/**
 * A bounds-checked big-endian reader over font bytes. Every read past the end throws a
 * FontFormatError instead of yielding `undefined`/NaN, so a truncated or hostile file fails where
 * it is read, with what was being read.
 */

export class FontFormatError extends Error {
  override name = 'FontFormatError';
}

export class Cursor {
  constructor(
    readonly bytes: Uint8Array,
    public at = 0,
    readonly end = bytes.length,
    private readonly what = 'font data',
  ) {
    if (end > bytes.length || at > end) throw new FontFormatError(`${what}: ${end - at} bytes do not fit in ${bytes.length}`);
  }

  private need(count: number): number {
    const at = this.at;
    if (at + count > this.end) throw new FontFormatError(`${this.what} ends early (${count} bytes wanted at ${at}, ${this.end} available)`);
    this.at = at + count;
    return at;
  }

  u8(): number {
    return this.bytes[this.need(1)]!;
  }

  u16(): number {
    const at = this.need(2);
    return (this.bytes[at]! << 8) | this.bytes[at + 1]!;
  }

  i16(): number {
    const value = this.u16();
    return value >= 0x8000 ? value - 0x10000 : value;
  }

  u32(): number {
    const at = this.need(4);
    const b = this.bytes;
    return ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
  }

  /** `count` bytes, as a view (no copy). */
  take(count: number): Uint8Array {
    const at = this.need(count);
    return this.bytes.subarray(at, at + count);
  }

  /** A cursor over the next `count` bytes, which this one skips. */
  sub(count: number, what: string): Cursor {
    const at = this.need(count);
    return new Cursor(this.bytes, at, at + count, what);
  }

  /** WOFF2 UIntBase128 (W3C WOFF2 §4.1): 1-5 bytes of 7 bits, no leading zero byte, < 2^32. */
  base128(): number {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = this.u8();
      if (i === 0 && byte === 0x80) throw new FontFormatError(`${this.what}: UIntBase128 with a leading zero`);
      if (value > 0x1ffffff) throw new FontFormatError(`${this.what}: UIntBase128 overflows 32 bits`);
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new FontFormatError(`${this.what}: UIntBase128 longer than 5 bytes`);
  }

  /** WOFF2 255UInt16 (W3C WOFF2 §4.2). */
  u255(): number {
    const code = this.u8();
    if (code === 253) return this.u16();
    if (code === 255) return this.u8() + 253;
    if (code === 254) return this.u8() + 506;
    return code;
  }
}
