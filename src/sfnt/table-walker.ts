/**
 * Reads of one font table for a structural check (layout-table-check.ts): every read checked
 * against the table's end and counted against a work budget proportional to the table's size, so
 * that a check of any bytes ends, and fails with what was being read and where.
 */

/**
 * Bytes a check may read per byte of the table (and a floor for small tables). Sound fonts share
 * some subtables (coverages, anchors, rule sets) and stay far below it (the bundled and installed
 * fonts measured: at most 8 times, for a 2 KB GDEF, and 3 times above 4 KB); a table whose offsets
 * point at one large structure over and over goes past it.
 */
const WORK_PER_BYTE = 16;
const WORK_FLOOR = 1 << 16;

/** What a check throws; layoutTableDamage turns it into its verdict. */
export class TableDamage extends Error {}

export const hex = (value: number): string => `0x${value.toString(16).toUpperCase()}`;

/** Reads of one table, each checked against its end and counted against the work budget. */
export class TableWalker {
  private readonly view: DataView;
  private work = 0;
  private readonly budget: number;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.budget = WORK_FLOOR + WORK_PER_BYTE * bytes.length;
  }

  get length(): number {
    return this.bytes.length;
  }

  fail(problem: string): never {
    throw new TableDamage(problem);
  }

  /**
   * `count` records of `size` bytes at `at` are read: they must lie in the table and fit the
   * budget. The message (`what` and `suffix`) is put together only when it fails: a check makes
   * hundreds of thousands of reads.
   */
  need(at: number, count: number, size: number, what: string, suffix = ''): void {
    const bytes = Math.max(0, count) * size;
    if (at + bytes > this.length) {
      this.fail(count === 1 ? `${what}${suffix} at byte ${at} runs past the table's end (${this.length} bytes)` : `${what}${suffix} (${count} of ${size} bytes at byte ${at}) run past the table's end (${this.length} bytes)`);
    }
    this.work += bytes;
    if (this.work > this.budget) this.fail(`decoding it reads more than ${WORK_PER_BYTE} times its ${this.length} bytes (${what}${suffix} reached over and over)`);
  }

  /** The u16 at `at` without a check or any work counted, -1 past the end: for fast paths that then `take` their reads. */
  peekU16(at: number): number {
    return at + 2 <= this.length ? this.view.getUint16(at) : -1;
  }

  /** Counts `bytes` of reads already bounds-checked; false (nothing counted) when they would pass the budget. */
  take(bytes: number): boolean {
    if (this.work + bytes > this.budget) return false;
    this.work += bytes;
    return true;
  }

  u8(at: number, what: string): number {
    this.need(at, 1, 1, what);
    return this.view.getUint8(at);
  }

  u16(at: number, what: string, suffix = ''): number {
    this.need(at, 1, 2, what, suffix);
    return this.view.getUint16(at);
  }

  u32(at: number, what: string): number {
    this.need(at, 1, 4, what);
    return this.view.getUint32(at);
  }

  /** The offset16 at `at` from `base`, undefined when null (fontkit decodes 0 as no table). */
  offset16(base: number, at: number, what: string): number | undefined {
    this.need(at, 1, 2, what, ' offset');
    return this.target(base, this.view.getUint16(at), at, what);
  }

  offset32(base: number, at: number, what: string): number | undefined {
    this.need(at, 1, 4, what, ' offset');
    return this.target(base, this.view.getUint32(at), at, what);
  }

  private target(base: number, offset: number, at: number, what: string): number | undefined {
    if (offset === 0) return undefined;
    const target = base + offset;
    if (target >= this.length) this.fail(`${what} offset ${hex(offset)} at byte ${at} points beyond the table's end (${this.length} bytes)`);
    return target;
  }

  /** An array of `count` offset16s at `at` from `base`, each target checked by `visit`. */
  offsets16(base: number, at: number, count: number, what: string, visit: (target: number) => void): void {
    this.need(at, count, 2, what, ' offsets');
    for (let i = 0; i < count; i++) {
      const target = this.offset16(base, at + 2 * i, what);
      if (target !== undefined) visit(target);
    }
  }
}

export function unknownFormat(walker: TableWalker, what: string, format: number, at: number): never {
  return walker.fail(`${what} at byte ${at} has format ${format}, which fontkit cannot decode`);
}

export function offsetArray(walker: TableWalker, at: number, what: string, item: (at: number) => void): void {
  walker.offsets16(at, at + 2, walker.u16(at, what, ' count'), what, item);
}

/** fontkit reads `glyphCount - 1` input glyphs; a count of 0 reads none. */
