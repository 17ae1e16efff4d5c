/**
 * A bounded structural check of the layout tables fontkit decodes (GDEF, GSUB, GPOS, the TrueType
 * `kern` table and the chains of AAT's `morx`), run on a table's bytes before fontkit is given it.
 *
 * Why: fontkit (restructure) follows every offset and count it reads without looking at the table's
 * length. Its stream is the whole font file, so an offset past the table's end reads other tables as
 * if they were lists and counts, and it decodes the target of every offset afresh: a ScriptList
 * moved by one damaged byte (DejaVu Sans with 0x6B in its high byte) held a render for 15–60 s.
 *
 * The check walks the table as fontkit's decoders do (src/tables/opentype.js, GSUB.js, GPOS.js,
 * GDEF.js, kern.js and variations.js in fontkit 2), the items of its lazy arrays included (fontkit
 * decodes them when a glyph needs them), and without sharing: a structure reached by two offsets is
 * read twice, as fontkit reads it. It fails when a read would leave the table, when a format is one
 * fontkit cannot decode, or when the bytes read add up to more than a multiple of the table's size
 * (table-walker.ts) — so the check itself and every decoding fontkit does of a table it passed are bounded by
 * the table's size.
 */

import { checkCoverage, checkGpos, checkGsub, classDefAt, coverageAt } from './otl-table-check.js';
import { hex, offsetArray, TableDamage, TableWalker, unknownFormat } from './table-walker.js';

/** The tables this check knows, in the order fontkit's layout reads them. */
export const CHECKED_LAYOUT_TABLES = ['GDEF', 'GSUB', 'GPOS', 'kern', 'morx'] as const;
export type CheckedLayoutTable = (typeof CHECKED_LAYOUT_TABLES)[number];

/**
 * Why the table would make fontkit read outside it or without bound (`"ScriptList offset 0x6B0A at
 * byte 4 points beyond the table's end (40586 bytes)"`), or undefined when it is sound.
 */
export function layoutTableDamage(tag: CheckedLayoutTable, bytes: Uint8Array): string | undefined {
  const walker = new TableWalker(bytes);
  try {
    CHECKS[tag](walker);
    return undefined;
  } catch (error) {
    if (error instanceof TableDamage) return error.message;
    throw error;
  }
}

type Check = (walker: TableWalker) => void;

const CHECKS: Record<CheckedLayoutTable, Check> = {
  GSUB: checkGsub,
  GPOS: checkGpos,
  GDEF: checkGdef,
  kern: checkKern,
  morx: checkMorx,
};

// ─── GDEF and its ItemVariationStore (fontkit's tables/GDEF.js, variations.js) ───

function checkItemVariationStore(walker: TableWalker, at: number): void {
  const regions = walker.offset32(at, at + 2, 'VariationRegionList');
  if (regions !== undefined) {
    const axisCount = walker.u16(regions, 'VariationRegionList axis count');
    walker.need(regions + 4, walker.u16(regions + 2, 'VariationRegionList region count') * axisCount, 6, 'VariationRegions');
  }
  const count = walker.u16(at + 6, 'ItemVariationData count');
  walker.need(at + 8, count, 4, 'ItemVariationData offsets');
  for (let i = 0; i < count; i++) {
    const data = walker.offset32(at, at + 8 + 4 * i, 'ItemVariationData');
    if (data === undefined) continue;
    const itemCount = walker.u16(data, 'ItemVariationData item count');
    const shortCount = walker.u16(data + 2, 'ItemVariationData short delta count');
    const regionCount = walker.u16(data + 4, 'ItemVariationData region index count');
    walker.need(data + 6, regionCount, 2, 'ItemVariationData region indexes');
    walker.need(data + 6 + 2 * regionCount, itemCount, 2 * shortCount + Math.max(0, regionCount - shortCount), 'DeltaSets');
  }
}

function checkGdef(walker: TableWalker): void {
  const version = walker.u32(0, 'version');
  if (version !== 0x00010000 && version !== 0x00010002 && version !== 0x00010003) walker.fail(`version ${hex(version)} is not 1.0, 1.2 or 1.3`);
  classDefAt(walker, 0, 4);
  const attachList = walker.offset16(0, 6, 'AttachList');
  if (attachList !== undefined) {
    coverageAt(walker, attachList, attachList);
    walker.offsets16(attachList, attachList + 4, walker.u16(attachList + 2, 'AttachList glyph count'), 'AttachPoint', (point) => {
      walker.need(point + 2, walker.u16(point, 'AttachPoint count'), 2, 'AttachPoint indexes');
    });
  }
  const ligCaretList = walker.offset16(0, 8, 'LigCaretList');
  if (ligCaretList !== undefined) {
    coverageAt(walker, ligCaretList, ligCaretList);
    walker.offsets16(ligCaretList, ligCaretList + 4, walker.u16(ligCaretList + 2, 'LigGlyph count'), 'LigGlyph', (ligGlyph) => {
      offsetArray(walker, ligGlyph, 'CaretValue', (caret) => {
        const format = walker.u16(caret, 'CaretValue format');
        if (format === 1 || format === 2) walker.need(caret + 2, 1, 2, 'CaretValue');
        else if (format === 3) {
          walker.need(caret + 2, 1, 2, 'CaretValue');
          const device = walker.offset16(caret, caret + 4, 'CaretValue device');
          if (device !== undefined) walker.need(device, 1, 6, 'Device');
        } else unknownFormat(walker, 'CaretValue', format, caret);
      });
    });
  }
  classDefAt(walker, 0, 10);
  if (version >= 0x00010002) {
    const sets = walker.offset16(0, 12, 'MarkGlyphSetsDef');
    if (sets !== undefined) {
      const count = walker.u16(sets + 2, 'MarkGlyphSets count');
      walker.need(sets + 4, count, 4, 'MarkGlyphSets coverage offsets');
      for (let i = 0; i < count; i++) {
        const coverage = walker.offset32(sets, sets + 4 + 4 * i, 'MarkGlyphSet coverage');
        if (coverage !== undefined) checkCoverage(walker, coverage);
      }
    }
  }
  if (version === 0x00010003) {
    const store = walker.offset32(0, 14, 'ItemVariationStore');
    if (store !== undefined) checkItemVariationStore(walker, store);
  }
}

// ─── kern (fontkit's tables/kern.js) ───

/**
 * fontkit reads each subtable's header and data, then moves to the subtable's start plus its
 * length, backwards too. A length shorter than the header would have it read the same bytes again
 * for as many subtables as the count claims (up to 2^32 in Apple's version), so each subtable must
 * start after the previous one and lie in the table.
 */
function checkKern(walker: TableWalker): void {
  const version = walker.u16(0, 'version');
  if (version !== 0 && version !== 1) walker.fail(`version ${version} is not 0 or 1`);
  const count = version === 0 ? walker.u16(2, 'subtable count') : walker.u32(4, 'subtable count');
  let at = version === 0 ? 4 : 8;
  const header = version === 0 ? 6 : 8;
  for (let i = 0; i < count; i++) {
    const length = version === 0 ? walker.u16(at + 2, 'subtable length') : walker.u32(at, 'subtable length');
    const format = walker.u8(version === 0 ? at + 4 : at + 5, 'subtable format');
    if (length < header) walker.fail(`kern subtable ${i} at byte ${at} claims ${length} bytes, less than its header`);
    checkKernSubtable(walker, at, at + header, format);
    at += length;
    // the last subtable's length may be short (a 16-bit length cannot hold a large format 0 subtable)
    if (i + 1 < count && at >= walker.length) walker.fail(`kern subtable ${i + 1} at byte ${at} starts past the table's end (${walker.length} bytes)`);
  }
}

function checkKernSubtable(walker: TableWalker, start: number, at: number, format: number): void {
  if (format === 0) {
    walker.need(at + 8, walker.u16(at, 'kern pair count'), 6, 'kern pairs');
  } else if (format === 2) {
    const rowWidth = walker.u16(at, 'kern row width');
    let leftMax = 0;
    for (const field of [2, 4]) {
      const classTable = walker.offset16(start, at + field, 'kern class table');
      if (classTable === undefined) walker.fail(`kern format 2 subtable at byte ${start} has no class table`);
      const glyphs = walker.u16(classTable + 2, 'kern class table glyph count');
      walker.need(classTable + 4, glyphs, 2, 'kern class table offsets');
      if (field === 2) for (let i = 0; i < glyphs; i++) leftMax = Math.max(leftMax, walker.bytes[classTable + 4 + 2 * i]! << 8 | walker.bytes[classTable + 5 + 2 * i]!);
    }
    const array = walker.offset16(start, at + 6, 'kern array');
    if (array === undefined) walker.fail(`kern format 2 subtable at byte ${start} has no kerning array`);
    if (rowWidth === 0 || rowWidth % 2 !== 0) walker.fail(`kern format 2 subtable at byte ${start} has a row width of ${rowWidth} bytes`);
    // fontkit's lazy array of values: from the array through the last row the left classes reach
    walker.need(array, 1, Math.max(0, leftMax - (array - start) + rowWidth), 'kern values');
  } else if (format === 3) {
    const glyphCount = walker.u16(at, 'kern glyph count');
    const valueCount = walker.u8(at + 2, 'kern value count');
    const leftClasses = walker.u8(at + 3, 'kern left class count');
    const rightClasses = walker.u8(at + 4, 'kern right class count');
    walker.need(at + 6, 1, 2 * valueCount + 2 * glyphCount + leftClasses * rightClasses, 'kern format 3 arrays');
  } else unknownFormat(walker, 'kern subtable', format, start);
}

// ─── morx (fontkit's tables/morx.js) ───

/**
 * fontkit decodes every chain and subtable when the table is first read, each subtable ending at
 * its `length` (a padding of `length` less what was decoded, negative when that is more): a
 * subtable shorter than its 12-byte header does not move the stream on, and a count of 2^31 such
 * subtables filled the heap (4 GB, found by fuzzing a morx table). Each must be at least its header
 * long and lie in the table; the state tables inside are read lazily, one entry at a time, and
 * their runs bounded by the processor's guard (text/fontkit-internals.ts boundMorx).
 */
function checkMorx(walker: TableWalker): void {
  const chains = walker.u32(4, 'chain count');
  let at = 8;
  for (let c = 0; c < chains; c++) {
    walker.need(at, 1, 16, 'morx chain header');
    const features = walker.u32(at + 8, 'feature count');
    const subtables = walker.u32(at + 12, 'subtable count');
    walker.need(at + 16, features, 12, 'morx feature entries');
    at += 16 + 12 * features;
    for (let s = 0; s < subtables; s++) {
      const length = walker.u32(at, 'morx subtable length');
      if (length < 12) walker.fail(`morx subtable ${s} of chain ${c} at byte ${at} claims ${length} bytes, less than its header`);
      walker.need(at, 1, length, 'morx subtable');
      at += length;
    }
  }
}
