/**
 * Glyph clusters whose marks are drawn out of their characters' order are written in ActualText
 * spans, so that Thai and Hindi text extract (and copy, and search) in logical order, as from
 * Chromium's PDFs: pdftotext gave จิง้ for จิ้ง and िकताब for किताब without them.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { markClusters } from '../../src/pdf/mark-clusters.js';
import type { ShapedGlyph } from '../../src/text/types.js';
import { createEngine } from '../../src/index.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import { qpdfCheck } from '../helpers/qpdf.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);

/** Glyphs standing for these code point groups, in drawing order. */
const glyphs = (...groups: number[][]): ShapedGlyph[] => groups.map((codePoints, id) => ({ id, advance: 10, xOffset: 0, yOffset: 0, codePoints }));

describe('mark clusters', () => {
  it('groups a base with the marks drawn after it, in logical order', () => {
    // จิ้ง: จ, sara i, mai tho, ง
    expect(markClusters(glyphs([0xe08], [0xe34], [0xe49], [0xe07]))).toEqual([{ start: 0, end: 3, text: 'จิ้' }]);
  });

  it('puts a vowel sign drawn before its consonant after it', () => {
    // कि: the sign i is drawn first; कु: the sign u after
    expect(markClusters(glyphs([0x93f], [0x915], [0x924]))).toEqual([{ start: 0, end: 2, text: 'कि' }]);
    expect(markClusters(glyphs([0x915], [0x941]))).toEqual([{ start: 0, end: 2, text: 'कु' }]);
    // लिए हिंदी: two clusters in a row, the second with a sign on each side
    expect(markClusters(glyphs([0x93f], [0x939], [0x902], [0x926], [0x940])).map((c) => c.text)).toEqual(['हिं', 'दी']);
  });

  it('leaves runs without marks, and right-to-left runs, alone', () => {
    expect(markClusters(glyphs([0x66], [0x69], [0x6e]))).toEqual([]);
    expect(markClusters(glyphs([0x66, 0x66, 0x69], []))).toEqual([]);
    expect(markClusters(glyphs([0x5d1], [0x5b8]))).toEqual([]);
  });
});

const families = installedFamilies();
const missing = !families.has('noto sans devanagari') || !families.has('loma');
const skipped = missing ? ' — SKIPPED: Noto Sans Devanagari or Loma not installed (fonts-noto-core, fonts-thai-tlwg; .ci/run installs them)' : '';

describe.skipIf(missing)(`Thai and Hindi text extracted from the PDF${skipped}`, () => {
  it('comes back in logical order, as from Chromium', async () => {
    const engine = createEngine({ systemFonts: true });
    const pdf = await engine.render({ template: '<!DOCTYPE html><p lang=hi>किताब लिए हिंदी</p><p lang=th>สุนัขจิ้งจอก</p>', data: {} });
    await qpdfCheck(pdf);
    await withPdfFile(pdf, async (path) => {
      const text = (await run('pdftotext', [path, '-'])).stdout;
      expect(text.split(/\n+/).map((line) => line.trim()).filter(Boolean)).toEqual(['किताब लिए हिंदी', 'สุนัขจิ้งจอก']);
    });
  });
});
