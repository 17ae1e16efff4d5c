/**
 * Issue 26, property-based fuzzing of untrusted bytes: real PNG, JPEG, GIF, WebP, BMP, ICO, AVIF,
 * SVG, TTF, OTF, WOFF and WOFF2 files, mutated (bit flips, truncation, header size fields set to
 * extremes), fed to the engine as `<img>` data: URLs or `@font-face` sources. Every case must end
 * with a PDF or an OctavoError within 5 s of CPU time — never another exception, a hang or (the
 * test process dying) a native crash. FUZZ_RUNS=N per format (default 6: the whole file stays
 * within ~30 s of CPU); FUZZ_SEED=N tries other inputs. The inputs fuzzing found are kept below
 * as regression tests.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import { refusalCode } from '../helpers/refusal.js';
import { cpuTime } from '../helpers/cpu-time.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 6);
const SEED = Number(process.env['FUZZ_SEED'] ?? 0);
/** The work one input may cost: the render's CPU time, which unlike wall time does not grow with the machine's load. */
const CASE_CPU_MS = 5_000;
/** Wall time only catches a hang: at a load average of 30 a render of 1 s of CPU took 15 s. */
const CASE_HANG_MS = 60_000;
const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): Uint8Array => new Uint8Array(readFileSync(join(root, path)));
const image = (name: string): Uint8Array => read(`test/resources/images/${name}`);

const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">'
  + '<g fill="red"><rect x="2" y="2" width="20" height="10"/><circle cx="30" cy="20" r="8" fill="blue"/></g>'
  + '<path d="M0 0 L40 30" stroke="green"/><text x="2" y="28">Hi</text></svg>');

/** Offsets of the size fields in each format's header (mutated to extremes by `headerSizes`). */
const IMAGES: Record<string, { bytes: Uint8Array; type: string; sizeFields: number[] }> = {
  png: { bytes: image('python.png'), type: 'image/png', sizeFields: [16, 17, 18, 19, 20, 21, 22, 23] },
  jpeg: { bytes: image('python.jpg'), type: 'image/jpeg', sizeFields: [] },
  gif: { bytes: image('python.gif'), type: 'image/gif', sizeFields: [6, 7, 8, 9] },
  webp: { bytes: image('python.webp'), type: 'image/webp', sizeFields: [26, 27, 28, 29] },
  'webp-lossless': { bytes: image('python-lossless.webp'), type: 'image/webp', sizeFields: [21, 22, 23, 24] },
  // three 24×16 frames (Pillow): an animation's own chunks, ANIM and ANMF, and a GIF's many frames
  'webp-animated': { bytes: image('three-frames.webp'), type: 'image/webp', sizeFields: [24, 25, 26, 27, 28, 29] },
  'gif-animated': { bytes: image('three-frames.gif'), type: 'image/gif', sizeFields: [6, 7, 8, 9] },
  bmp: { bytes: image('python.bmp'), type: 'image/bmp', sizeFields: [18, 19, 20, 21, 22, 23, 24, 25] },
  ico: { bytes: image('python.ico'), type: 'image/x-icon', sizeFields: [6, 7, 38, 39, 40, 41, 42, 43, 44, 45] },
  avif: { bytes: image('python.avif'), type: 'image/avif', sizeFields: [] },
  svg: { bytes: SVG, type: 'image/svg+xml', sizeFields: [] },
};

const FONTS: Record<string, { bytes: Uint8Array; format: string }> = {
  ttf: { bytes: read('node_modules/bwip-js/fonts/OCRB7.ttf'), format: 'truetype' },
  otf: { bytes: read('test/fixtures/fonts/weasyprint.otf'), format: 'opentype' },
  woff: { bytes: read('test/fixtures/fonts/weasyprint.woff'), format: 'woff' },
  woff2: { bytes: read('test/fixtures/fonts/SourceSerif4-Regular.woff2'), format: 'woff2' },
};

/** A mutation of `bytes`: bit flips, a truncation, or (when the format has them) extreme header sizes. */
function mutated(bytes: Uint8Array, sizeFields: readonly number[]): fc.Arbitrary<Uint8Array> {
  const flips = fc.array(fc.tuple(fc.nat(bytes.length - 1), fc.integer({ min: 0, max: 7 })), { minLength: 1, maxLength: 8 }).map((list) => {
    const copy = bytes.slice();
    for (const [at, bit] of list) copy[at]! ^= 1 << bit;
    return copy;
  });
  const cut = fc.nat(bytes.length - 1).map((length) => bytes.slice(0, length));
  const headerFlips = fc.array(fc.tuple(fc.nat(Math.min(63, bytes.length - 1)), fc.nat(255)), { minLength: 1, maxLength: 4 }).map((list) => {
    const copy = bytes.slice();
    for (const [at, value] of list) copy[at] = value;
    return copy;
  });
  const arbitraries = [flips, cut, headerFlips];
  if (sizeFields.length > 0) {
    arbitraries.push(fc.subarray([...sizeFields], { minLength: 1 }).chain((fields) => fc.constantFrom(0x00, 0x01, 0x7f, 0xff).map((value) => {
      const copy = bytes.slice();
      for (const at of fields) copy[at] = value;
      return copy;
    })));
  }
  return fc.oneof(...arbitraries);
}

const engine = createEngine();

async function survives(template: string): Promise<void> {
  const started = performance.now();
  const { ms } = await cpuTime(async () => {
    try {
      const pdf = await engine.render({ template, data: {} });
      expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    } catch (error) {
      refusalCode(error, `render of ${JSON.stringify(template).slice(0, 200)}`);
    }
  });
  expect(ms, 'render CPU time').toBeLessThan(CASE_CPU_MS);
  expect(performance.now() - started, 'render wall time').toBeLessThan(CASE_HANG_MS);
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

describe('mutated real files fed to the engine end with a PDF or an OctavoError', () => {
  it.each(Object.keys(IMAGES))('images: %s', async (name) => {
    const { bytes, type, sizeFields } = IMAGES[name]!;
    await fc.assert(fc.asyncProperty(mutated(bytes, sizeFields), (mutation) =>
      survives(`<p>before</p><img src="data:${type};base64,${base64(mutation)}" alt="fuzzed"><p>after</p>`)),
    { numRuns: RUNS, seed: SEED + name.length });
  }, Math.max(120_000, RUNS * CASE_HANG_MS));

  it.each(Object.keys(FONTS))('fonts: %s', async (name) => {
    const { bytes, format } = FONTS[name]!;
    await fc.assert(fc.asyncProperty(mutated(bytes, []), (mutation) =>
      survives(`<style>@font-face { font-family: Fuzzed; src: url(data:font/${name};base64,${base64(mutation)}) format("${format}") }`
        + 'p { font-family: Fuzzed, sans-serif; font-weight: bold }</style><p>Fuzzed text, fi ffl 0123</p>')),
    { numRuns: RUNS, seed: SEED + 100 + name.length });
  }, Math.max(120_000, RUNS * CASE_HANG_MS));
});

/** A font file with one byte set (found by fuzzing, then narrowed to the byte that matters). */
function damagedFont(path: string, table: string, at: number, value: number): Uint8Array {
  const bytes = read(path);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entry = Array.from({ length: view.readUInt16BE(4) }, (_, i) => 12 + 16 * i).find((record) => view.toString('latin1', record, record + 4) === table)!;
  bytes[view.readUInt32BE(entry + 8) + at] = value;
  return bytes;
}

/** A file with bytes set at offsets (a case of a fuzz run, kept as it was found). */
function flipped(path: string, changes: readonly (readonly [number, number])[]): Uint8Array {
  const bytes = read(path);
  for (const [at, value] of changes) bytes[at] = value;
  return bytes;
}

describe('a font found by fuzzing whose colour glyphs cannot be read: drawn in its plain outlines', () => {
  it('a WOFF2 with one byte of its table directory changed, its COLR read as version 1 with records past its end (FUZZ_SEED=8641: a render_error)', async () => {
    const bytes = flipped('test/fixtures/fonts/SourceSerif4-Regular.woff2', [[53, 34]]);
    const template = `<style>@font-face { font-family: Fuzzed; src: url(data:font/woff2;base64,${base64(bytes)}) format("woff2") }\np { font-family: Fuzzed, sans-serif }</style><p>Fuzzed text</p>`;
    const text = await withPdfFile(await renderPdf(template, {
      expectDiagnostics: [{ code: 'font', message: /has COLR version 1 colour glyphs, which octavo does not draw: its glyphs print in their plain outlines/ }],
    }), (path) => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }));
    expect(text.trim()).toBe('Fuzzed text');
  });
});

describe('a font found by fuzzing with a glyph fontkit decodes only when it subsets it', () => {
  it('a TrueType font with 3 bytes changed, a glyph\'s bytes past the file (FUZZ_SEED=8809: a render_error): rendered, warned in the same render', async () => {
    const bytes = flipped('node_modules/bwip-js/fonts/OCRB7.ttf', [[6, 1], [166, 0], [1275, 173]]);
    const template = `<style>\n@font-face { font-family: Fuzzed; src: url(data:font/ttf;base64,${base64(bytes)}) format("truetype") }\np { font-family: Fuzzed, sans-serif; font-weight: bold }</style><p>Fuzzed text, fi ffl 0123</p>`;
    const text = await withPdfFile(await renderPdf(template, {
      templateName: 'fuzzed.html',
      expectDiagnostics: [{ code: 'font', file: 'fuzzed.html', line: 2, message: /^font "OCRB" from data:font\/ttf;base64,… \(@font-face "Fuzzed"\) has glyph outlines that cannot be read \(glyph 41: Offset is outside the bounds of the DataView\); drawn empty$/ }],
    }), (path) => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }));
    expect(text.trim()).toBe('Fuzzed text, fi ffl 0123');
  });
});

describe('fonts found by fuzzing: left out with a located warning, the document renders', () => {
  // fontkit parsed and shaped them; PDFKit then failed the whole document writing them (render_error)
  it.each([
    ['a TrueType glyph 0 whose loca offset is past glyf', damagedFont('node_modules/bwip-js/fonts/OCRB7.ttf', 'loca', 0, 0x7f), 'its loca table does not fit its glyf table'],
    ['a TrueType post table of an unknown version', damagedFont('node_modules/bwip-js/fonts/OCRB7.ttf', 'post', 0, 0xff), "reading 'isFixedPitch'"],
    ['an OpenType font cut inside hmtx', read('test/fixtures/fonts/weasyprint.otf').subarray(0, 7296), 'Offset is outside the bounds of the DataView'],
    ['an OpenType font whose CFF charset is of an unknown version (8 bytes changed by a fuzz run of s28, seed 90210)', flipped('test/fixtures/fonts/weasyprint.otf', [
      [2064, 0x6], [2779, 0xb7], [2831, 0x80], [3555, 0xb1], [4166, 0xea], [4850, 0xf], [6095, 0x1], [6153, 0x2a],
    ]), 'Unknown version 110'],
    // octavo's CFF reader read its CharStrings INDEX as empty and subset glyph 0 past its end (RangeError, a render_error)
    ['an OpenType font whose CharStrings offset points at an empty INDEX (2 bytes changed, FUZZ_SEED=8711)', flipped('test/fixtures/fonts/weasyprint.otf', [[112, 254], [2786, 132]]), 'Not a CFF Font'],
  ])('%s', async (_, bytes, reason) => {
    const template = `<style>\n@font-face { font-family: Fuzzed; src: url(data:font/ttf;base64,${base64(bytes)}) }\np { font-family: Fuzzed, sans-serif }</style><p>Fuzzed text</p>`;
    const { ms } = await cpuTime(() => renderPdf(template, {
      templateName: 'fuzzed.html',
      expectDiagnostics: [{ code: 'font', file: 'fuzzed.html', line: 2, message: new RegExp(`^@font-face "Fuzzed" was ignored: data:font/ttf;base64,…: not a usable font \\(.*${reason.replace(/[()']/g, '.')}`) }],
    }));
    expect(ms).toBeLessThan(CASE_CPU_MS);
  });
});
