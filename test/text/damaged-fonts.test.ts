/**
 * Damaged fonts loaded by `@font-face`: each renders, with a warning, in bounded time, or is
 * refused with one — never a stall, never an exception that is not an OctavoError. The cases
 * found by fuzzing are fixed regressions; a seeded property then mutates bytes of every table of
 * a TrueType, a CFF, a WOFF and a WOFF2 font (FUZZ_SEED=N tries other inputs).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import { refusalCode } from '../helpers/refusal.js';
import { cpuTime } from '../helpers/cpu-time.js';
import { FIRST_ENTRY_FLAGS, morxTable, withMorx } from '../helpers/morx-font.js';
import { renderPdf } from '../helpers/render.js';
import { withWoff2Table } from '../helpers/woff2-edit.js';

const bundled = (name: string): Uint8Array => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../fonts/${name}`, import.meta.url))));
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(fileURLToPath(new URL(`../fixtures/fonts/${name}`, import.meta.url))));

/** Offset and length of each table of an sfnt font. */
function tablesOf(font: Uint8Array): Map<string, { readonly offset: number; readonly length: number }> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const record = 12 + 16 * i;
    tables.set(String.fromCharCode(...font.subarray(record, record + 4)), { offset: view.getUint32(record + 8), length: view.getUint32(record + 12) });
  }
  return tables;
}

/** A copy of `font` with `edit` applied to the bytes of table `tag`. */
function withTable(font: Uint8Array, tag: string, edit: (table: DataView) => void): Uint8Array {
  const copy = font.slice();
  const table = tablesOf(copy).get(tag)!;
  edit(new DataView(copy.buffer, table.offset, table.length));
  return copy;
}

/** A paragraph in the font, loaded by @font-face from `font.ttf` (the bytes given); the rule's url() is at line 2, column 41. */
function document(text: string): string {
  return `<style>\n@font-face { font-family: Damaged; src: url(https://fonts.test/font.ttf) } p { font: 20px Damaged }</style><p>${text}</p>`;
}
/** Where warnings about the font of `document` point. */
const AT_RULE = { line: 2, column: 41 } as const;
/** How warnings about the font of `document` name it. */
const FONT = (name: string): string => `font "${name}" from https://fonts.test/font.ttf \\(@font-face "Damaged"\\)`;
const fontLoader = (font: Uint8Array): { load: () => Promise<Uint8Array> } => ({ load: () => Promise.resolve(font) });

const DEJAVU = bundled('dejavu/DejaVuSans.ttf');
const engine = createEngine({ systemFonts: false });

describe('damaged fonts found by fuzzing', () => {
  it('a GPOS ScriptList offset with 0x6B in its high byte: the font is shaped without GPOS, within seconds', async () => {
    // fontkit read the other tables of the file as GPOS lists, decoding each again per offset: 15-60 s
    const font = withTable(DEJAVU, 'GPOS', (gpos) => gpos.setUint8(4, 0x6b));
    const { ms } = await cpuTime(() => renderPdf(document('AVATAR Type WAVE'), {
      engine, resources: fontLoader(font),
      expectDiagnostics: [{ code: 'font', ...AT_RULE, message: new RegExp(`^${FONT('DejaVuSans')} could not be shaped \\(GPOS: .+ run past the table's end \\(40586 bytes\\)\\); glyphs drawn without its GPOS table$`) }],
    }));
    expect(ms).toBeLessThan(3_000);
  });

  it('a cmap that maps a character past the font\'s glyphs: the character falls back to another font', async () => {
    // a format 12 group (the cmap fontkit reads) starting at glyph 0x130000; the PDF subset failed on it
    const font = withTable(DEJAVU, 'cmap', (cmap) => {
      for (let i = 0; i < cmap.getUint16(2); i++) {
        const subtable = cmap.getUint32(4 + 8 * i + 4);
        if (cmap.getUint16(subtable) !== 12) continue;
        for (let group = 0; group < cmap.getUint32(subtable + 12); group++) {
          const at = subtable + 16 + 12 * group;
          if (cmap.getUint32(at) <= 0x41 && cmap.getUint32(at + 4) >= 0x41) cmap.setUint32(at + 8, 0x130000);
        }
      }
    });
    const result = await engine.renderDetailed({ template: document('AVATAR'), resources: fontLoader(font) });
    expect(result.diagnostics).toEqual([]);
    expect(Buffer.from(result.pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('a cmap subtable whose arrays run past the end of the file: the font is refused when it loads', async () => {
    // FUZZ_SEED=8743: byte 34 of WeasyPrint's cmap (an encoding record's offset) set to 13; fontkit
    // reads a subtable's arrays a character at a time, and a lookup past the file's end threw a
    // RangeError in the middle of layout (render_error)
    const font = withTable(fixture('weasyprint.otf'), 'cmap', (cmap) => cmap.setUint8(34, 13));
    const pdf = await renderPdf(document('AVATAR Type WAVE fi fl Vá Tè x\u0301'), {
      engine, resources: fontLoader(font),
      expectDiagnostics: [{ code: 'font', ...AT_RULE, message: /^@font-face "Damaged" was ignored: .*not a usable font \(its cmap table runs past the end of the file\)/ }],
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('a loca offset past glyf: the font is refused when it loads', async () => {
    const locaFormat = new DataView(DEJAVU.buffer, tablesOf(DEJAVU).get('head')!.offset).getInt16(50);
    const font = withTable(DEJAVU, 'loca', (loca) => (locaFormat === 1 ? loca.setUint32(4 * 3, 0xfffff0) : loca.setUint16(2 * 3, 0xfff0)));
    await renderPdf(document('AVATAR Type'), {
      engine, resources: fontLoader(font),
      expectDiagnostics: [{ code: 'font', ...AT_RULE, message: /^@font-face "Damaged" was ignored: .*not a usable font \(its loca table does not fit its glyf table\)/ }],
    });
  });

  it('a CFF charstring with an operator fontkit does not know: that glyph is drawn empty, with a warning', async () => {
    // glyph 167 (è): its callsubr (10) turned into 9, which Type 2 charstrings do not define; an Error escaped the render
    const font = withTable(fixture('weasyprint.otf'), 'CFF ', (cff) => cff.setUint8(2789, 9));
    // twice: the second render shapes from the engine's caches, and still warns
    for (let render = 0; render < 2; render++) {
      await renderPdf(document('Tè'), {
        engine, resources: fontLoader(font),
        expectDiagnostics: [{ code: 'font', ...AT_RULE, message: new RegExp(`^${FONT('WeasyPrint')} has glyph outlines that cannot be read \\(glyph 167: Unknown op: 9\\); drawn empty$`) }],
      });
    }
  });
  it('TrueType glyphs whose points run past their bytes, which fontkit reads on into the next glyph: written empty in the PDF, with a warning', async () => {
    // "a": its last contour ending at point 32767; "o": 65535 bytes of instructions. The subset
    // copied both as they were, for each viewer to read its own way, and nothing was said
    const font = withTable(bundled('liberation/LiberationSans-Regular.ttf'), 'glyf', (glyf) => {
      const sans = bundled('liberation/LiberationSans-Regular.ttf');
      const loca = tablesOf(sans).get('loca')!;
      // long loca offsets (head.indexToLocFormat 1)
      const start = (id: number): number => new DataView(sans.buffer).getUint32(loca.offset + 4 * id);
      glyf.setUint16(start(68) + 10 + 2 * (glyf.getInt16(start(68)) - 1), 0x7fff);
      glyf.setUint16(start(82) + 10 + 2 * glyf.getInt16(start(82)), 0xffff);
    });
    const pdf = await renderPdf(document('a bob cat'), {
      engine, resources: fontLoader(font),
      expectDiagnostics: [{ code: 'font', ...AT_RULE, message: new RegExp(`^${FONT('LiberationSans')} has glyph outlines that cannot be read \\(glyph 68: its glyf data runs past its bytes\\); drawn empty$`) }],
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('a CFF table octavo reads and fontkit cannot decode: rendered, its glyphs drawn empty, with a warning', async () => {
    // byte 34 of the table set to 29 (FUZZ_SEED=8403): PDFKit made its font through fontkit's CFF
    // subsetter, which threw "Not a CFF Font" while the PDF was written — a fault, not a warning
    const font = withTable(fixture('weasyprint.otf'), 'CFF ', (cff) => cff.setUint8(34, 29));
    const pdf = await renderPdf(document('AVATAR'), {
      engine, resources: fontLoader(font),
      expectDiagnostics: [{ code: 'font', ...AT_RULE, message: new RegExp(`^${FONT('WeasyPrint')} has glyph outlines that cannot be read \\(glyph 0: fontkit cannot decode its CFF table\\); drawn empty$`) }],
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('a CFF table with fewer charstrings than the font has glyphs: the font is refused when it loads', async () => {
    // FUZZ_SEED=8762: the CharStrings INDEX count (byte 1261) set from 251 to 1; loading passed and
    // fontkit's subsetter threw while the PDF was written (render_error)
    const font = withTable(fixture('weasyprint.otf'), 'CFF ', (cff) => cff.setUint8(1261, 1));
    const pdf = await renderPdf(document('AVATAR Type WAVE fi fl Vá Tè x\u0301'), {
      engine, resources: fontLoader(font),
      expectDiagnostics: [{ code: 'font', ...AT_RULE, message: /^@font-face "Damaged" was ignored: .*not a usable font \(its CFF table has 1 charstrings for 251 glyphs\)/ }],
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });
});

describe('variable fonts', () => {
  const inter = (): Uint8Array => new Uint8Array(readFileSync(fileURLToPath(new URL('../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', import.meta.url))));

  it('a CFF table whose header size octavo\'s reader refuses, with fewer charstrings than glyphs: refused when it loads', async () => {
    // FUZZ_SEED=8804: the header size (byte 2) set to 0 and the CharStrings INDEX count to 1; octavo's
    // reader refused the table, so the count went unchecked, and fontkit's subsetter (which ignores
    // the header size) threw while the PDF was written (render_error)
    const font = withTable(fixture('weasyprint.otf'), 'CFF ', (cff) => {
      cff.setUint8(2, 0);
      cff.setUint8(1261, 1);
    });
    const pdf = await renderPdf(document('AVATAR Type WAVE fi fl Vá Tè x\u0301'), {
      engine, resources: fontLoader(font),
      expectDiagnostics: [{ code: 'font', ...AT_RULE, message: /^@font-face "Damaged" was ignored: .*not a usable font \(its CFF table has 1 charstrings for 251 glyphs\)/ }],
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('an fvar axis named by a name the name table lacks: the font is refused when it loads', async () => {
    // FUZZ_SEED=8769 (a WOFF2 file): fontkit reads each axis's name when it lists the axes, and a
    // missing one threw a TypeError while the font loaded (render_error)
    const font = withWoff2Table(inter(), 'fvar', (fvar) => fvar.setUint16(fvar.getUint16(4) + 18, 999));
    const pdf = await renderPdf(document('Variable'), {
      engine, resources: fontLoader(font),
      expectDiagnostics: [{ code: 'font', ...AT_RULE, message: /^@font-face "Damaged" was ignored: .*not a usable font \(its fvar table names an axis its name table does not have\)/ }],
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('the same file undamaged loads and draws without a warning', async () => {
    const font = withWoff2Table(inter(), 'fvar', () => undefined);
    await renderPdf(document('Variable'), { engine, resources: fontLoader(font) });
  });
});

describe('AAT morx fonts (laid out by fontkit\'s AAT engine)', () => {
  it('a sound morx table is laid out by the AAT engine, without a warning', async () => {
    const result = await engine.renderDetailed({ template: document('AVATAR WAVE'), resources: fontLoader(withMorx(morxTable())) });
    expect(result.diagnostics).toEqual([]);
  });

  it('an entry that does not advance and leads back to its state: drawn without the layout tables, with a warning, within seconds', async () => {
    // one byte of the first entry's flags set DONT_ADVANCE: fontkit ran the state machine forever
    const morx = morxTable();
    morx[FIRST_ENTRY_FLAGS] = 0x40;
    const { ms } = await cpuTime(() => renderPdf(document('AVATAR'), {
      engine, resources: fontLoader(withMorx(morx)),
      expectDiagnostics: [{ code: 'font', ...AT_RULE, message: new RegExp(`^${FONT('DejaVuSans')} could not be shaped \\(its morx state machine does not end`) }],
    }));
    expect(ms).toBeLessThan(3_000);
  });

  it('a morx subtable shorter than its header, counted 2^31 times: drawn without morx, with a warning (it filled the heap)', async () => {
    // FUZZ_SEED=8402: the subtable count's high byte set to 0x7F and a subtable's length to 0 —
    // fontkit decoded that subtable over and over without moving on, until the process ran out of memory
    const morx = morxTable();
    for (const [position, value] of [[95, 138], [14, 0], [115, 0], [20, 127]] as const) morx[position] = value;
    const { ms } = await cpuTime(() => renderPdf(document('AVATAR'), {
      engine, resources: fontLoader(withMorx(morx)),
      expectDiagnostics: [{ code: 'font', ...AT_RULE, message: new RegExp(`^${FONT('DejaVuSans')} could not be shaped \\(morx: morx subtable 1 of chain 0 at byte 112 claims 0 bytes, less than its header\\); glyphs drawn without its morx table$`) }],
    }));
    expect(ms).toBeLessThan(3_000);
  });

  it(`every mutated morx table renders or fails with an OctavoError, each within 2 s of CPU (${Number(process.env['FUZZ_RUNS'] ?? 60)} runs)`, async () => {
    const sound = morxTable();
    await fc.assert(fc.asyncProperty(fc.array(fc.record({ position: fc.nat(sound.length - 1), value: fc.oneof(fc.constantFrom(0, 0x40, 0x7f, 0xff), fc.nat(255)) }), { minLength: 1, maxLength: 4 }), async (edits) => {
      const morx = sound.slice();
      for (const { position, value } of edits) morx[position] = value;
      const { ms } = await cpuTime(async () => {
        try {
          await engine.renderDetailed({ template: document('AVATAR Type WAVE'), resources: fontLoader(withMorx(morx)) });
        } catch (error) {
          refusalCode(error, `morx mutated (${JSON.stringify(edits)})`);
        }
      });
      expect(ms, `morx mutated (${JSON.stringify(edits)})`).toBeLessThan(2_000);
    }), { numRuns: Number(process.env['FUZZ_RUNS'] ?? 60), seed: Number(process.env['FUZZ_SEED'] ?? 0) + 37 });
  }, 120_000);
});

describe('font warnings say which @font-face rule and file', () => {
  it('a damaged font of the second of three rules in a linked stylesheet: the warning points at that rule, naming its file as written', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'octavo-fontloc-'));
    try {
      mkdirSync(join(folder, 'fonts'));
      writeFileSync(join(folder, 'fonts', 'good.ttf'), DEJAVU);
      writeFileSync(join(folder, 'fonts', 'damaged.ttf'), withTable(DEJAVU, 'GPOS', (gpos) => gpos.setUint8(4, 0x6b)));
      writeFileSync(join(folder, 'fonts.css'), [
        '@font-face { font-family: Body; src: url(fonts/good.ttf) }',
        '@font-face { font-family: Title;',
        '  src: url(fonts/damaged.ttf) }',
        '@font-face { font-family: Note; src: url(fonts/good.ttf) }',
      ].join('\n'));
      const template = '<link rel="stylesheet" href="fonts.css"><h1 style="font-family: Title">AVATAR</h1><p style="font-family: Body">Body</p><p style="font-family: Note">Note</p>';
      // twice: the second render shapes from the engine's caches and says the same
      for (let render = 0; render < 2; render++) {
        await renderPdf(template, {
          engine, baseDir: folder, templateName: 'invoice.html',
          expectDiagnostics: [{ code: 'font', file: join(folder, 'fonts.css'), line: 3, column: 8, message: /^font "DejaVuSans" from fonts\/damaged\.ttf \(@font-face "Title"\) could not be shaped \(GPOS: / }],
        });
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a damaged extra font (createEngine fonts) is named by its file', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'octavo-fontloc-'));
    try {
      const file = join(folder, 'damaged.ttf');
      writeFileSync(file, withTable(fixture('weasyprint.otf'), 'CFF ', (cff) => cff.setUint8(2789, 9)));
      await renderPdf('<p style="font: 20px WeasyPrint">Tè</p>', {
        engine: createEngine({ systemFonts: false, fonts: [file] }),
        expectDiagnostics: [{ code: 'font', message: `font "WeasyPrint" from ${file} has glyph outlines that cannot be read (glyph 167: Unknown op: 9); drawn empty` }],
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** FUZZ_SEED moves the property to other inputs. */
const SEED = Number(process.env['FUZZ_SEED'] ?? 0);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60);

/** Fonts and the parts mutated: an sfnt font's tables, a WOFF or WOFF2 file as a whole. */
const FUZZED: readonly { readonly name: string; readonly bytes: Uint8Array; readonly tables: readonly string[] }[] = [
  { name: 'DejaVu Sans', bytes: DEJAVU, tables: ['GSUB', 'GPOS', 'GDEF', 'kern', 'cmap', 'hmtx', 'hhea', 'glyf', 'loca', 'head', 'maxp', 'name', 'OS/2', 'post'] },
  { name: 'WeasyPrint (CFF)', bytes: fixture('weasyprint.otf'), tables: ['CFF ', 'cmap', 'hmtx', 'GSUB', 'GPOS', 'GDEF', 'name', 'post', 'OS/2', 'maxp'] },
  { name: 'WeasyPrint (WOFF)', bytes: fixture('weasyprint.woff'), tables: [] },
  { name: 'Fira Sans (WOFF2)', bytes: fixture('fira-sans-latin-ext-400-normal.woff2'), tables: [] },
];

const mutation = fc.record({
  font: fc.nat(FUZZED.length - 1),
  table: fc.nat(),
  edits: fc.array(fc.record({
    position: fc.nat(),
    // half the edits in a table's first 64 bytes: its header, counts and first offsets
    nearStart: fc.boolean(),
    value: fc.oneof(fc.constantFrom(0, 0xff, 0x6b), fc.nat(255)),
  }), { minLength: 1, maxLength: 8 }),
});

describe('fuzzing fonts', () => {
  it(`every mutated font renders or fails with an OctavoError, each within 2 s of CPU (${RUNS} runs)`, async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(fc.asyncProperty(mutation, async ({ font, table, edits }) => {
      const fuzzed = FUZZED[font]!;
      const bytes = fuzzed.bytes.slice();
      const tag = fuzzed.tables.length === 0 ? undefined : fuzzed.tables[table % fuzzed.tables.length]!;
      const region = tag === undefined ? { offset: 0, length: bytes.length } : tablesOf(bytes).get(tag)!;
      for (const edit of edits) bytes[region.offset + (edit.position % (edit.nearStart ? Math.min(64, region.length) : region.length))] = edit.value;
      const { result, ms } = await cpuTime(async () => {
        try {
          const rendered = await engine.renderDetailed({ template: document('AVATAR Type WAVE fi fl Vá Tè x\u0301'), resources: fontLoader(bytes) });
          return Buffer.from(rendered.pdf.subarray(0, 5)).toString();
        } catch (error) {
          return `OctavoError ${refusalCode(error, `${fuzzed.name} with ${tag ?? 'its file'} mutated (${JSON.stringify(edits)})`)}`;
        }
      });
      outcomes.set(result, (outcomes.get(result) ?? 0) + 1);
      expect(ms, `${fuzzed.name} with ${tag ?? 'its file'} mutated (${JSON.stringify(edits)})`).toBeLessThan(2_000);
    }), { numRuns: RUNS, seed: SEED + 36 });
    console.log(`fuzz fonts: ${[...outcomes].map(([outcome, count]) => `${outcome} ${count}`).join(', ')}`);
  }, 120_000);
});
