#!/usr/bin/env node
/**
 * Compares two renderings of a page by the positions of their words (`pdftotext -bbox`): the
 * share of one PDF's words that the other has, with the same text on the same page, within a
 * distance (3 mm by default). The CSS-framework fixtures are compared so with Chromium.
 *
 *   node scripts/compare-words.mjs compare a.pdf b.pdf|b.words.json [--mm 3]
 *   node scripts/compare-words.mjs reference [name...]
 *
 * `reference` prints each fixture of test/fixtures/frameworks/ (or the named ones) with headless
 * Chromium (`chromium` on the PATH, or $CHROMIUM) and writes its words to the fixture's
 * chromium-words.json, which test/render/frameworks.test.ts compares octavo's words against (so
 * the test needs no browser). Chromium sees only the Liberation fonts, through a fontconfig file
 * of its own, as on a machine with fonts-liberation alone: octavo's bundled fonts are those.
 * Run it again after changing a fixture's page or stylesheet.
 *
 * For the fixtures in INK_FIXTURES (icon fonts, whose glyphs' `pdftotext` boxes say little: Chromium
 * embeds CFF and variable fonts as Type 3, whose boxes are the font's bounding box) each word also
 * gets `ink`: the box of the dark pixels inside the word's box (2px taller each way) on the page
 * rasterized at 384 dpi, in CSS px (quarters). `inkBoxes` measures octavo's PDF in the
 * same boxes, so the two can be compared glyph by glyph. A word whose box overlaps another's gets
 * none (its box would hold part of the other).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MM = 72 / 25.4;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FRAMEWORK_FIXTURES = join(ROOT, 'test/fixtures/frameworks');

/** The words of a PDF: `{ page, text, x, y, width, height }` in points, from `pdftotext -bbox`. */
export function pdfWords(pdfPath) {
  const html = execFileSync('pdftotext', ['-bbox', pdfPath, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const words = [];
  let page = -1;
  for (const match of html.matchAll(/<page [^>]*>|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (match[1] === undefined) { page++; continue; }
    const [x0, y0, x1, y1] = match.slice(1, 5).map(Number);
    // zero-width characters (KaTeX's U+200B struts, Pico's before its nav items) are no text anyone
    // sees: Chromium writes them, octavo does not; a "word" of them alone is dropped
    const text = decode(match[5]).replace(INVISIBLE, '');
    if (text === '') continue;
    words.push({ page, text, x: round(x0), y: round(y0), width: round(x1 - x0), height: round(y1 - y0) });
  }
  return words;
}

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/gu;

function decode(text) {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

function round(v) {
  return Math.round(v * 100) / 100;
}

/**
 * How many of `reference`'s words `candidate` has within `mm` millimetres (top-left corners), with
 * the same text on the same page. Each candidate word answers for one reference word at most,
 * the nearest first, so a word printed once cannot stand for two.
 */
export function compareWords(candidate, reference, mm = 3) {
  const limit = mm * MM;
  const pool = new Map();
  for (const word of candidate) {
    const key = `${word.page}\u0000${word.text}`;
    if (!pool.has(key)) pool.set(key, []);
    pool.get(key).push(word);
  }
  const pairs = [];
  for (const [i, word] of reference.entries()) {
    for (const [j, other] of (pool.get(`${word.page}\u0000${word.text}`) ?? []).entries()) {
      const distance = Math.hypot(other.x - word.x, other.y - word.y);
      if (distance <= limit) pairs.push({ i, j: `${word.page}\u0000${word.text}\u0000${j}`, distance });
    }
  }
  pairs.sort((a, b) => a.distance - b.distance);
  const matched = new Set();
  const used = new Set();
  for (const pair of pairs) {
    if (matched.has(pair.i) || used.has(pair.j)) continue;
    matched.add(pair.i);
    used.add(pair.j);
  }
  const missed = reference.filter((_, i) => !matched.has(i));
  return { total: reference.length, within: matched.size, share: reference.length === 0 ? 1 : matched.size / reference.length, missed };
}

/**
 * A fontconfig file that shows Chromium the Liberation fonts alone: the generic families are
 * theirs, and any other family falls back to Liberation Sans, as octavo's bundled fonts do.
 * Hinting is slight, as distributions configure it (Debian's 10-hinting-slight.conf): with no
 * such line fontconfig asks for full hinting, and Chromium then advances every glyph by whole px
 * (octavo's `glyphAdvances: 'whole-px'`), which is not what it prints on a desktop or server.
 */
function liberationOnly(dir) {
  const files = execFileSync('fc-list', [':family=Liberation Sans', 'file'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  if (files.length === 0) throw new Error('fonts-liberation is not installed (fc-list finds no Liberation Sans)');
  const fontDir = dirname(files[0].replace(/:\s*$/, ''));
  const alias = (generic, family) => `<alias binding="same"><family>${generic}</family><prefer><family>${family}</family></prefer></alias>`;
  const config = `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${fontDir}</dir><cachedir>${join(dir, 'cache')}</cachedir>`
    + alias('sans-serif', 'Liberation Sans') + alias('system-ui', 'Liberation Sans') + alias('serif', 'Liberation Serif') + alias('monospace', 'Liberation Mono')
    + '<match target="pattern"><edit name="family" mode="append_last"><string>Liberation Sans</string></edit></match>'
    + '<match target="pattern"><edit name="hintstyle" mode="append"><const>hintslight</const></edit></match></fontconfig>';
  const file = join(dir, 'fonts.conf');
  writeFileSync(file, config);
  return file;
}

/** Fixtures whose words carry their ink boxes (see the header). */
export const INK_FIXTURES = new Set(['icons']);

/** Device pixels per CSS px of the pages measured for ink: a quarter of a CSS px apart. */
const INK_SCALE = 4;
const PX = 72 / 96 / INK_SCALE;

/** One page of a PDF in grey, INK_SCALE pixels a CSS px: `{ width, height, data }` (PGM). */
function greyPage(pdfPath, page) {
  const pgm = execFileSync('pdftoppm', ['-r', String(96 * INK_SCALE), '-gray', '-f', String(page + 1), '-l', String(page + 1), pdfPath], { maxBuffer: 256 * 1024 * 1024 });
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 64).toString('latin1'));
  if (header === null) throw new Error('pdftoppm gave no PGM');
  return { width: Number(header[1]), height: Number(header[2]), data: pgm.subarray(header[0].length) };
}

/**
 * For each word (`{ page, x, y, width, height }` in points), the box `[x0, y0, x1, y1]` (CSS px, in
 * quarters, ends exclusive) of the pixels darker than 200 of 255 inside it (2px taller each way) on
 * the PDF's page rasterized at 384 dpi, and their area (px², so that a filled icon is told from
 * its outline): `[x0, y0, x1, y1, area]`, or null when it holds none.
 */
export function inkBoxes(pdfPath, words) {
  const pages = new Map();
  return words.map((word) => {
    if (!pages.has(word.page)) pages.set(word.page, greyPage(pdfPath, word.page));
    const image = pages.get(word.page);
    const x0 = Math.max(0, Math.round(word.x / PX)), x1 = Math.min(image.width, Math.round((word.x + word.width) / PX));
    const y0 = Math.max(0, Math.round(word.y / PX) - 2 * INK_SCALE), y1 = Math.min(image.height, Math.round((word.y + word.height) / PX) + 2 * INK_SCALE);
    let box = null;
    let dark = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        if (image.data[y * image.width + x] >= 200) continue;
        dark++;
        if (box === null) box = [x, y, x + 1, y + 1];
        else box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x + 1), Math.max(box[3], y + 1)];
      }
    }
    return box === null ? null : [...box.map((v) => v / INK_SCALE), dark / INK_SCALE ** 2];
  });
}

/** Whether two words' boxes (2px taller each way, as inkBoxes measures) overlap by more than half a point each way. */
function overlap(a, b) {
  const slack = 1.5;
  return a.page === b.page && Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5
    && Math.min(a.y + a.height + slack, b.y + b.height + slack) - Math.max(a.y - slack, b.y - slack) > 0.5;
}

/** Prints `htmlPath` with headless Chromium into `pdfPath`. */
export function chromiumPdf(htmlPath, pdfPath) {
  const dir = mkdtempSync(join(tmpdir(), 'compare-words-'));
  try {
    const env = { ...process.env, FONTCONFIG_FILE: liberationOnly(dir) };
    execFileSync(process.env.CHROMIUM ?? 'chromium', ['--headless', '--no-sandbox', '--disable-gpu', `--user-data-dir=${join(dir, 'profile')}`,
      `--print-to-pdf=${pdfPath}`, '--no-pdf-header-footer', pathToFileURL(htmlPath).href], { env, stdio: 'ignore', timeout: 120_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function reference(names) {
  const all = readdirSync(FRAMEWORK_FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  for (const name of names.length > 0 ? names : all) {
    const dir = join(FRAMEWORK_FIXTURES, name);
    const pdf = join(mkdtempSync(join(tmpdir(), 'compare-words-')), 'chromium.pdf');
    chromiumPdf(join(dir, 'page.html'), pdf);
    let words = pdfWords(pdf);
    if (INK_FIXTURES.has(name)) {
      const ink = inkBoxes(pdf, words);
      // a word whose box overlaps another's (an icon's tall Type 3 box reaching into the next
      // line) would measure part of the other too: it gets no ink box
      words = words.map((word, i) => (words.some((other, j) => j !== i && overlap(word, other)) ? word : { ...word, ink: ink[i] }));
    }
    writeFileSync(join(dir, 'chromium-words.json'), `${JSON.stringify({ generator: 'scripts/compare-words.mjs reference', chromium: chromiumVersion(), words })}\n`);
    rmSync(dirname(pdf), { recursive: true, force: true });
    console.log(`${name}: ${words.length} words`);
  }
}

function chromiumVersion() {
  return execFileSync(process.env.CHROMIUM ?? 'chromium', ['--version'], { encoding: 'utf8' }).trim();
}

async function wordsOf(path) {
  if (path.endsWith('.json')) return JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(path, 'utf8'))).words;
  return pdfWords(path);
}

async function main(argv) {
  const [command, ...rest] = argv;
  if (command === 'reference') return reference(rest);
  if (command === 'compare' && rest.length >= 2) {
    const mmAt = rest.indexOf('--mm');
    const mm = mmAt >= 0 ? Number(rest[mmAt + 1]) : 3;
    const result = compareWords(await wordsOf(rest[0]), await wordsOf(rest[1]), mm);
    console.log(`${result.within}/${result.total} words within ${mm} mm (${(100 * result.share).toFixed(1)} %)`);
    for (const word of result.missed.slice(0, 40)) console.log(`  missed: page ${word.page + 1} "${word.text}" at ${word.x},${word.y}`);
    return undefined;
  }
  console.error('usage: compare-words.mjs compare CANDIDATE.pdf REFERENCE.pdf|REFERENCE.json [--mm 3] | reference [name...]');
  process.exitCode = 2;
  return undefined;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));
