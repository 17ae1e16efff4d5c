/**
 * Raw table bytes of a parsed fontkit font (OpenType spec, "Organization of an OpenType font":
 * the table directory gives each table's offset and length). fontkit keeps the file bytes and the
 * directory of a TTFFont (and of a TTC member, whose offsets are file-absolute); a WOFFFont
 * inflates a compressed table on request. WOFF2 files reach here as the TrueType file they hold
 * (src/sfnt/woff2.ts converts them before fontkit parses them), except collections, whose glyf/loca
 * stay transformed; those and CFF-flavoured fonts (no glyf at all) are not read here (the caller
 * falls back to fontkit's own subsetter). fontkit is not imported — this reads the internals of the
 * object src/text already parsed; each is listed in src/text/fontkit-internals.ts and a missing one throws.
 */
import { FontkitInternalsError, rawTableBytes } from '../../text/fontkit-internals.js';

/** The fontkit internals read here (TTFFont / WOFFFont, fontkit 2.x). */
interface FontkitInternals {
  readonly type?: unknown;
  readonly directory?: { readonly tables?: Readonly<Record<string, { readonly length?: unknown } | undefined>> };
  readonly stream?: { pos: number };
  _getTableStream?(tag: string): { readonly buffer?: unknown; readonly pos?: unknown } | null;
}

/** Tables a CIDFontType2 program needs (ISO 32000-1 §9.9, Table 126 note), the hinting ones optional. */
export const REQUIRED_TABLES = ['head', 'hhea', 'maxp', 'loca', 'glyf', 'hmtx'] as const;
export const HINTING_TABLES = ['cvt ', 'fpgm', 'prep'] as const;

export type RequiredTag = (typeof REQUIRED_TABLES)[number];
export type HintingTag = (typeof HINTING_TABLES)[number];

export interface RawTables {
  readonly required: Readonly<Record<RequiredTag, Uint8Array>>;
  readonly hinting: ReadonlyMap<HintingTag, Uint8Array>;
}

export type RawTablesResult = { readonly ok: true; readonly tables: RawTables } | { readonly ok: false; readonly reason: string };

/** Font formats whose tables are stored untransformed. */
const RAW_FORMATS = new Set(['TTF', 'WOFF']);

/** The raw tables of `program`, or why they cannot be read directly. */
export function readRawTables(program: object): RawTablesResult {
  const font = program as FontkitInternals;
  const tables = font.directory?.tables;
  // every font fontkit parses has them: without one, fontkit changed (a FontkitInternalsError), no font to fall back on
  if (typeof font._getTableStream !== 'function') throw new FontkitInternalsError('TTFFont#_getTableStream', 'is missing or has another shape');
  if (typeof font.stream?.pos !== 'number') throw new FontkitInternalsError('TTFFont#stream', 'is missing or has another shape');
  if (tables === undefined) throw new FontkitInternalsError('TTFFont#directory.tables', 'is missing or has another shape');
  if (typeof font.type !== 'string' || !RAW_FORMATS.has(font.type)) return { ok: false, reason: `${String(font.type)} tables are transformed` };
  if (tables['CFF '] !== undefined || tables['CFF2'] !== undefined) return { ok: false, reason: 'CFF outlines' };
  const position = font.stream.pos;
  try {
    const required: Partial<Record<RequiredTag, Uint8Array>> = {};
    for (const tag of REQUIRED_TABLES) {
      const bytes = rawTableBytes(font, tag);
      if (bytes === undefined) return { ok: false, reason: `no readable ${tag} table` };
      required[tag] = bytes;
    }
    const hinting = new Map<HintingTag, Uint8Array>();
    for (const tag of HINTING_TABLES) {
      const bytes = rawTableBytes(font, tag);
      if (bytes !== undefined && bytes.length > 0) hinting.set(tag, bytes);
    }
    return { ok: true, tables: { required: required as Record<RequiredTag, Uint8Array>, hinting } };
  } finally {
    font.stream.pos = position;
  }
}
