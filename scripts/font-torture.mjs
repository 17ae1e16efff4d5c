#!/usr/bin/env node
/**
 * Font torture: every character a font maps (its cmap) printed with octavo, one PDF per face —
 * load → shape → subset → embed — then checked with `qpdf --check` (structure), `pdffonts` (the
 * face is embedded, as a subset with a ToUnicode map) and `pdftotext` (every character printed
 * comes back, or its canonical decomposition where shaping split it). Not part of `npm test` (a whole Debian font package takes many minutes);
 * test/text/font-torture.test.ts runs a sample of it.
 *
 *   npm run build && node scripts/font-torture.mjs /usr/share/fonts/truetype/noto /usr/share/fonts/opentype/noto
 *   node scripts/font-torture.mjs --package fonts-noto-core --package fonts-noto-cjk [--limit N] [--sample N]
 *
 * Prints one line per face (characters, pages, ms, problems) and a summary; exits 1 when a face
 * failed. `--sample N` prints every N-th character only (faster, for a first look).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { performance } from 'node:perf_hooks';

const run = promisify(execFile);
const fontkit = createRequire(import.meta.url)('fontkit');
const FONT_FILE = /\.(ttf|otf|ttc|otc|woff|woff2)$/i;

/** Characters that print nothing to extract: controls, spaces, format characters, surrogates, noncharacters. */
const SILENT = /[\p{Cc}\p{Cf}\p{Z}\p{Cs}\p{Noncharacter_Code_Point}\p{Default_Ignorable_Code_Point}]/u;

/** The characters of one face worth printing (mapped to a glyph other than .notdef), every `sample`-th of them. */
export function printableCharacters(program, sample = 1) {
  const characters = [...new Set(program.characterSet)].sort((a, b) => a - b)
    .filter((cp) => cp > 0x20 && !SILENT.test(String.fromCodePoint(cp)) && program.glyphForCodePoint(cp).id !== 0);
  return sample <= 1 ? characters : characters.filter((_, i) => i % sample === 0);
}

/** The faces of a font file, as fontkit reads them (a collection has several). */
export function facesOf(file) {
  const parsed = fontkit.openSync(file);
  return Array.isArray(parsed.fonts) ? parsed.fonts : [parsed];
}

function weightOf(program) {
  const weight = program['OS/2']?.usWeightClass ?? 400;
  return weight >= 1 && weight <= 9 ? weight * 100 : Math.min(1000, Math.max(1, weight));
}

function styleOf(program) {
  const selection = program['OS/2']?.fsSelection;
  return selection?.italic ? 'italic' : selection?.oblique ? 'oblique' : 'normal';
}

/**
 * Prints `characters` of face `program` (from `file`) with an engine made by `createEngine` and
 * checks the PDF. Returns { characters, pages, ms, problems: string[] }.
 */
export async function tortureFace(createEngine, file, program, characters) {
  const problems = [];
  const started = performance.now();
  const family = program.getName('preferredFamily') ?? program.familyName;
  const engine = createEngine({ fonts: [file], systemFonts: false });
  const text = characters.map((cp) => String.fromCodePoint(cp)).join(' ');
  const template = `<style>@page { size: A4; margin: 10mm } body { margin: 0; font: ${weightOf(program)} ${styleOf(program) === 'normal' ? '' : styleOf(program)} 9px/1.6 "${family}"; overflow-wrap: anywhere }</style><p>${escapeHtml(text)}</p>`;
  let result;
  try {
    result = await engine.renderDetailed({ template, data: {} });
  } catch (error) {
    return { characters: characters.length, pages: 0, ms: performance.now() - started, problems: [`render failed: ${error?.message ?? error}`] };
  }
  // characters drawn as .notdef, or text fontkit could not shape (drawn without the layout tables)
  const missing = result.diagnostics.filter((d) => /no available font has a glyph|could not be shaped/.test(d.message));
  for (const d of missing) problems.push(d.message.slice(0, 160));
  const folder = mkdtempSync(join(tmpdir(), 'font-torture-'));
  try {
    const path = join(folder, 'face.pdf');
    writeFileSync(path, result.pdf);
    await checkPdf(path, program, characters, problems);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return { characters: characters.length, pages: result.pages, ms: performance.now() - started, problems };
}

async function checkPdf(path, program, characters, problems) {
  try {
    await run('qpdf', ['--check', path], { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    problems.push(`qpdf --check: ${(error.stdout ?? '').split('\n').filter((l) => /error|warning/i.test(l)).slice(0, 2).join('; ') || error.message}`);
  }
  const fonts = (await run('pdffonts', [path])).stdout;
  const postscript = (program.postscriptName ?? '').replaceAll(' ', '_');
  const line = fonts.split('\n').find((l) => l.includes(`+${postscript}`));
  if (line === undefined) problems.push(`pdffonts: ${postscript} not listed`);
  else if (!/\byes\s+yes\s+yes\b/.test(line)) problems.push(`pdffonts: ${line.trim()}`);
  const text = (await run('pdftotext', ['-enc', 'UTF-8', path, '-'], { maxBuffer: 256 * 1024 * 1024 })).stdout;
  const extracted = codePointSet(text);
  const decomposed = codePointSet(text.normalize('NFD'));
  // a two-part vowel (U+09CB) that shaping splits comes back as its canonical equivalent (U+09C7 U+09BE)
  const equivalent = (cp) => [...String.fromCodePoint(cp).normalize('NFD')].every((c) => decomposed.has(c.codePointAt(0)));
  const lost = characters.filter((cp) => !extracted.has(cp) && !equivalent(cp));
  if (lost.length > 0) {
    const names = lost.slice(0, 12).map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
    problems.push(`pdftotext: ${lost.length} of ${characters.length} characters not extracted (${names}${lost.length > 12 ? ' …' : ''})`);
  }
}

function codePointSet(text) {
  return new Set([...text].map((c) => c.codePointAt(0)));
}

function escapeHtml(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('{', '&#123;').replaceAll('}', '&#125;');
}

function fontFiles(paths, packages) {
  const files = [];
  for (const name of packages) {
    files.push(...execFileSync('dpkg', ['-L', name], { encoding: 'utf8' }).split('\n').filter((f) => FONT_FILE.test(f)));
  }
  const walk = (path) => {
    if (statSync(path).isDirectory()) for (const item of readdirSync(path).sort()) walk(join(path, item));
    else if (FONT_FILE.test(extname(path))) files.push(path);
  };
  for (const path of paths) walk(resolve(path));
  return [...new Set(files)].sort();
}

function parseCli(argv) {
  const paths = [];
  const packages = [];
  let limit = Infinity;
  let sample = 1;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--package') packages.push(argv[++i]);
    else if (argv[i] === '--limit') limit = Number(argv[++i]);
    else if (argv[i] === '--sample') sample = Number(argv[++i]);
    else paths.push(argv[i]);
  }
  return { files: fontFiles(paths, packages).slice(0, limit), sample };
}

async function main() {
  const { files, sample } = parseCli(process.argv.slice(2));
  const { createEngine } = await import(new URL('../dist/index.js', import.meta.url).href);
  const totals = { files: files.length, faces: 0, characters: 0, failed: 0, skipped: 0, ms: 0 };
  for (const file of files) {
    let faces;
    try {
      faces = facesOf(file);
    } catch (error) {
      totals.failed++;
      console.log(`FAIL ${file}: fontkit cannot read it: ${error.message}`);
      continue;
    }
    for (const [index, program] of faces.entries()) {
      const tables = program.directory?.tables ?? {};
      if (!tables.glyf && !tables['CFF '] && !tables.CFF2) {
        totals.skipped++;
        console.log(`skip ${file}#${index} ${program.postscriptName}: no outlines (bitmap-only; octavo ignores such fonts with a warning)`);
        continue;
      }
      const characters = printableCharacters(program, sample);
      const outcome = await tortureFace(createEngine, file, program, characters);
      totals.faces++;
      totals.characters += outcome.characters;
      totals.ms += outcome.ms;
      if (outcome.problems.length > 0) totals.failed++;
      const status = outcome.problems.length === 0 ? 'ok  ' : 'FAIL';
      console.log(`${status} ${file}#${index} ${program.postscriptName}: ${outcome.characters} chars, ${outcome.pages} pages, ${Math.round(outcome.ms)} ms${outcome.problems.map((p) => `\n       ${p}`).join('')}`);
    }
  }
  console.log(`\n${totals.files} files, ${totals.faces} faces, ${totals.characters} characters, ${totals.failed} faces failed, ${totals.skipped} bitmap-only faces skipped, ${Math.round(totals.ms / 1000)} s`);
  process.exitCode = totals.failed > 0 ? 1 : 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
