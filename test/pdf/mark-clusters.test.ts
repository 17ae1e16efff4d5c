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
import { createEngine } from '../../src/api.js';
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

  it('takes the syllables the shaper numbered as they are, and joins no mark to them', () => {
    // शर्मा drawn श म ा reph: the syllable र्मा starts at the second glyph
    const drawn = glyphs([0x936], [0x92e], [0x93e], [0x930, 0x94d]);
    drawn[1] = { ...drawn[1]!, cluster: { glyphs: 3, text: 'र्मा' } };
    expect(markClusters(drawn)).toEqual([{ start: 1, end: 4, text: 'र्मा' }]);
    // a base whose next glyph starts a syllable keeps that glyph out of its own cluster
    const next = glyphs([0x915], [0x93f], [0x938, 0x94d], [0x925]);
    next[1] = { ...next[1]!, cluster: { glyphs: 3, text: 'स्थि' } };
    expect(markClusters(next)).toEqual([{ start: 1, end: 4, text: 'स्थि' }]);
    // a syllable cut by the end of the run (an ellipsis) falls back to the marks around a base
    const cut = glyphs([0x93f], [0x915]);
    cut[0] = { ...cut[0]!, cluster: { glyphs: 3, text: 'कि' } };
    expect(markClusters(cut)).toEqual([{ start: 0, end: 2, text: 'कि' }]);
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
const INDIC = ['noto sans devanagari', 'noto sans bengali', 'noto sans tamil', 'noto sans kannada', 'noto sans sinhala'];
const missingIndic = INDIC.filter((family) => !families.has(family));
const skippedIndic = missingIndic.length > 0 ? ` — SKIPPED: ${missingIndic.join(', ')} not installed (fonts-noto-core; .ci/run installs it)` : '';

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

describe.skipIf(missingIndic.length > 0)(`Indic syllables drawn out of the order of their characters${skippedIndic}`, () => {
  // Each line as Chromium 156 prints it, extracted by pdftotext: before the shaper's syllables were
  // used, the reph came back after its syllable (शमार्), split vowels in parts (কোথায় as ে…া),
  // and a subjoined form split its word (ಕಾರ್ಯಕ್ರ ಮ).
  const LINES = [
    'शर्मा निर्मित स्थिति कार्यक्रम प्रतिष्ठित अर्थव्यवस्था',
    'কর্মী কোথায় বাংলাদেশের চৌধুরী',
    'தமிழ் கொண்டு பொருள் கோயில்',
    'ಕನ್ನಡ ಕಾರ್ಯಕ್ರಮ ಸರ್ಕಾರ ಕೊಡು',
    'සිංහල කොළඹ ලංකාව',
  ];

  it('come back from the PDF in logical order, whole words', async () => {
    const engine = createEngine({ systemFonts: true });
    const template = `<!DOCTYPE html><body style="font-size: 16px">${LINES.map((line) => `<p>${line}</p>`).join('')}`;
    const pdf = await engine.render({ template, data: {} });
    await qpdfCheck(pdf);
    await withPdfFile(pdf, async (path) => {
      const text = (await run('pdftotext', [path, '-'])).stdout;
      expect(text.split(/\n+/).map((line) => line.trim()).filter(Boolean)).toEqual(LINES);
    });
  });
});
