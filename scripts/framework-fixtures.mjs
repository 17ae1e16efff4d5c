#!/usr/bin/env node
/**
 * Writes the stylesheets of the CSS-framework fixtures (test/fixtures/frameworks/<name>/) from the
 * framework packages pinned in devDependencies: Bootstrap 5 and 4, Bulma and Foundation copied as
 * published; Tailwind CSS 3 and 4 compiled for the classes the fixture's page.html uses, as a
 * user's Tailwind template arrives with its compiled CSS. Tailwind 4's own scanner is a native
 * module; its JavaScript compiler is given the candidate class names read from the page instead.
 *
 * Foundation is not a devDependency: foundation-sites asks for motion-ui@latest, which brings
 * sass-embedded and its per-platform native binaries. Install it for the run only:
 *
 *   npm install --no-save foundation-sites@6.9.0 && node scripts/framework-fixtures.mjs
 *
 * Pico is installed for the run only too (one stylesheet, copied as published):
 *
 *   npm install --no-save @picocss/pico@2.1.1 && node scripts/framework-fixtures.mjs pico
 *
 * KaTeX's page is written too: formulas rendered by `katex.renderToString` (as a Markdown or
 * report generator writes them into HTML), with its stylesheet, WOFF2 fonts and licence beside
 * it. KaTeX is not a devDependency either (its command line asks for a Node newer than 20):
 *
 *   npm install --no-save katex@0.19.1 && node scripts/framework-fixtures.mjs katex
 *
 * Bootstrap 3 (3.4.1, the last; the framework of many invoice and report templates on the web) is
 * installed for the run only too, under the alias `bootstrap3`. Pinning it as a devDependency would
 * put a third Bootstrap in every `npm ci` for one stylesheet and one font that this script copies
 * once; the committed copies are what the tests read. Its stylesheet goes to css/ and the
 * Glyphicons font to fonts/, as its `url(../fonts/…)` expects, WOFF2 only (the format Chromium and
 * octavo take from its src list):
 *
 *   npm install --no-save bootstrap3@npm:bootstrap@3.4.1 && node scripts/framework-fixtures.mjs bootstrap3
 *
 * The icon fonts' page (`icons/page.html`, written by hand) takes its stylesheets and fonts from five
 * packages, copied as published but for the formats no browser asks for: Font Awesome 4.7 and 7
 * (`@fortawesome/fontawesome-free`), Bootstrap Icons, Material Icons and Material Symbols, each
 * stylesheet with the WOFF2 files it references (Chromium takes WOFF2 from any `src` list that
 * has it: the EOT, WOFF, TTF and SVG copies are never asked for) and the package's licence. They
 * are not devDependencies (together some 70 MB unpacked, for files written once); Material
 * Symbols' variable font (4 MB) is cut to the ligatures the page uses, all its axes kept, by
 * fontTools (`python3` with fontTools and brotli: Debian's python3-fonttools python3-brotli, or
 * `$PYTHON`):
 *
 *   npm install --no-save font-awesome@4.7.0 @fortawesome/fontawesome-free@7.3.1 bootstrap-icons@1.13.2 \
 *     material-icons@1.13.14 material-symbols@0.47.5 && node scripts/framework-fixtures.mjs icons
 *
 * `$FIXTURE_PACKAGES` names another folder whose node_modules holds them (an `npm install --prefix`).
 *
 * Names given as arguments (`tailwind4`, `bulma`…) write those fixtures only.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = join(ROOT, 'test/fixtures/frameworks');
const require = createRequire(join(ROOT, 'package.json'));

const COPIED = [
  ['bootstrap5', 'bootstrap/dist/css/bootstrap.min.css', 'bootstrap.min.css'],
  ['bootstrap4', 'bootstrap4/dist/css/bootstrap.min.css', 'bootstrap.min.css'],
  ['bulma', 'bulma/css/bulma.min.css', 'bulma.min.css'],
  ['foundation', 'foundation-sites/dist/css/foundation.min.css', 'foundation.min.css'],
  ['pico', '@picocss/pico/css/pico.min.css', 'pico.min.css'],
];

/** Every class name of the page (what Tailwind's scanner would find in it). */
async function candidates(name) {
  const html = await readFile(join(FIXTURES, name, 'page.html'), 'utf8');
  return [...new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)).filter(Boolean))];
}

async function tailwind3() {
  const postcss = require('postcss');
  const tailwind = require('tailwindcss3');
  const html = await readFile(join(FIXTURES, 'tailwind3', 'page.html'), 'utf8');
  const config = { content: [{ raw: html, extension: 'html' }], theme: {}, plugins: [] };
  const result = await postcss([tailwind(config)]).process('@tailwind base;\n@tailwind components;\n@tailwind utilities;\n', { from: undefined });
  const version = require('tailwindcss3/package.json').version;
  await writeFile(join(FIXTURES, 'tailwind3', 'tailwind.css'), `/* tailwindcss v${version} | MIT License | compiled for page.html by scripts/framework-fixtures.mjs */\n${result.css}`);
}

async function tailwind4() {
  const base = dirname(require.resolve('tailwindcss/package.json'));
  const { compile } = await import(pathToFileURL(join(base, 'dist/lib.mjs')).href);
  const loadStylesheet = async (id, from) => {
    const path = id === 'tailwindcss' ? join(base, 'index.css') : join(id.startsWith('.') ? from : base, id.replace(/^tailwindcss\//, ''));
    return { path, base: dirname(path), content: await readFile(path, 'utf8') };
  };
  const compiler = await compile('@import "tailwindcss";', { base, loadStylesheet });
  await writeFile(join(FIXTURES, 'tailwind4', 'tailwind.css'), compiler.build(await candidates('tailwind4')));
}

/** Inline formulas in a paragraph and display formulas, the kinds a lab report or a technical note has. */
const KATEX_PAGE = [
  ['p', 'The energy of a photon is $E = h\\nu = \\frac{hc}{\\lambda}$, and the mean of $n$ samples is $\\bar{x} = \\frac{1}{n}\\sum_{i=1}^{n} x_i$.'],
  ['display', '\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}'],
  ['p', 'The roots of $ax^2+bx+c=0$ are'],
  ['display', 'x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}'],
  ['p', 'A matrix and a series:'],
  ['display', 'A = \\begin{pmatrix} 1 & 2 & 3\\\\ 4 & 5 & 6 \\end{pmatrix}, \\qquad \\sum_{k=0}^{\\infty} \\frac{x^k}{k!} = e^x'],
  ['p', 'Greek letters and operators: $\\alpha, \\beta, \\gamma \\in \\mathbb{R}$, $\\lim_{h \\to 0} \\frac{f(x+h)-f(x)}{h}$, $\\binom{n}{k}$ and $\\left( \\frac{a}{b} \\right)^{2}$; a vector $\\vec{v} = (v_1, \\ldots, v_n)^\\top$ of norm $\\lVert v \\rVert_2 \\le 1$.'],
  ['display', 'f(x) = \\begin{cases} x^2 & \\text{if } x \\ge 0 \\\\ -x & \\text{otherwise} \\end{cases} \\qquad \\hat{\\theta} = \\arg\\max_{\\theta} \\prod_{i} p(x_i \\mid \\theta)'],
];

async function katex() {
  const katex = require('katex');
  const dist = dirname(require.resolve('katex/dist/katex.min.css'));
  const dir = join(FIXTURES, 'katex');
  await mkdir(join(dir, 'fonts'), { recursive: true });
  await copyFile(join(dist, 'katex.min.css'), join(dir, 'katex.min.css'));
  await copyFile(join(dist, '..', 'LICENSE'), join(dir, 'LICENSE'));
  // the stylesheet lists WOFF2 first: browsers and octavo take it, the WOFF and TTF copies are never asked for
  for (const font of (await readdir(join(dist, 'fonts'))).filter((f) => f.endsWith('.woff2'))) await copyFile(join(dist, 'fonts', font), join(dir, 'fonts', font));
  const render = (tex, displayMode) => katex.renderToString(tex, { displayMode, throwOnError: true, output: 'html' });
  const body = KATEX_PAGE.map(([kind, text]) => (kind === 'display' ? render(text, true) : `<p>${text.replace(/\$([^$]+)\$/g, (_, tex) => render(tex, false))}</p>`)).join('\n');
  await writeFile(join(dir, 'page.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>KaTeX ${katex.version}</title>
<!-- formulas rendered by katex.renderToString (KaTeX ${katex.version}, MIT) by scripts/framework-fixtures.mjs -->
<link rel="stylesheet" href="katex.min.css">
<style>@page { size: A4; margin: 15mm } body { font-family: "Liberation Serif", serif; font-size: 16px; line-height: 1.5 } h1 { font-size: 24px }</style>
</head><body>
<h1>Lab notes</h1>
${body}
</body></html>
`);
}

/** Bootstrap 3: its stylesheet, the Glyphicons font in the format browsers pick (WOFF2) and its licence. */
async function bootstrap3() {
  const dist = dirname(dirname(require.resolve('bootstrap3/dist/css/bootstrap.min.css')));
  const dir = join(FIXTURES, 'bootstrap3');
  await mkdir(join(dir, 'css'), { recursive: true });
  await mkdir(join(dir, 'fonts'), { recursive: true });
  await copyFile(join(dist, 'css', 'bootstrap.min.css'), join(dir, 'css', 'bootstrap.min.css'));
  await copyFile(join(dist, 'fonts', 'glyphicons-halflings-regular.woff2'), join(dir, 'fonts', 'glyphicons-halflings-regular.woff2'));
  await copyFile(join(dist, '..', 'LICENSE'), join(dir, 'LICENSE'));
}

/** Where an icon package's file is: in the project's node_modules or `$FIXTURE_PACKAGES`'. */
function iconPackageFile(file) {
  const paths = [ROOT, ...(process.env.FIXTURE_PACKAGES === undefined ? [] : [process.env.FIXTURE_PACKAGES])];
  try {
    return require.resolve(file, { paths });
  } catch {
    throw new Error(`${file} is not installed (see the comment at the top of this script for the icon fonts)`);
  }
}

/** Each package's files for the icons fixture: [package file, path under icons/] (the package's own layout, so the stylesheets' URLs hold). */
const ICON_FILES = [
  ['font-awesome/css/font-awesome.min.css', 'font-awesome-4/css/font-awesome.min.css'],
  ['font-awesome/fonts/fontawesome-webfont.woff2', 'font-awesome-4/fonts/fontawesome-webfont.woff2'],
  ['@fortawesome/fontawesome-free/css/fontawesome.min.css', 'fontawesome-free/css/fontawesome.min.css'],
  ['@fortawesome/fontawesome-free/css/solid.min.css', 'fontawesome-free/css/solid.min.css'],
  ['@fortawesome/fontawesome-free/css/regular.min.css', 'fontawesome-free/css/regular.min.css'],
  ['@fortawesome/fontawesome-free/webfonts/fa-solid-900.woff2', 'fontawesome-free/webfonts/fa-solid-900.woff2'],
  ['@fortawesome/fontawesome-free/webfonts/fa-regular-400.woff2', 'fontawesome-free/webfonts/fa-regular-400.woff2'],
  ['@fortawesome/fontawesome-free/LICENSE.txt', 'fontawesome-free/LICENSE.txt'],
  ['bootstrap-icons/font/bootstrap-icons.min.css', 'bootstrap-icons/font/bootstrap-icons.min.css'],
  ['bootstrap-icons/font/fonts/bootstrap-icons.woff2', 'bootstrap-icons/font/fonts/bootstrap-icons.woff2'],
  ['bootstrap-icons/LICENSE', 'bootstrap-icons/LICENSE'],
  // filled.css: the "Material Icons" face alone (material-icons.css adds the four other styles)
  ['material-icons/iconfont/filled.css', 'material-icons/iconfont/filled.css'],
  ['material-icons/iconfont/material-icons.woff2', 'material-icons/iconfont/material-icons.woff2'],
  ['material-icons/LICENSE', 'material-icons/LICENSE'],
  ['material-symbols/outlined.css', 'material-symbols/outlined.css'],
  ['material-symbols/LICENSE', 'material-symbols/LICENSE'],
];

/** The Material Symbols ligatures page.html uses: the subset keeps their glyphs and letters. */
const SYMBOLS_WORDS = ['favorite', 'home', 'settings', 'check_circle'];

/**
 * Cuts a ligature icon font to the ligatures of `words` (their letters and ligature glyphs, with no
 * layout closure: the closure would keep every ligature spelt with those letters), keeping its
 * variation axes and tables, as WOFF2.
 */
const SUBSET_LIGATURES = `
import sys
from fontTools.ttLib import TTFont
from fontTools import subset
source, target, words = sys.argv[1], sys.argv[2], sys.argv[3].split(',')
font = TTFont(source)
cmap = font.getBestCmap()
ligatures = {}
for lookup in font['GSUB'].table.LookupList.Lookup:
    for table in lookup.SubTable:
        if table.LookupType == 7: table = table.ExtSubTable
        if table.LookupType != 4: continue
        for first, entries in table.ligatures.items():
            for ligature in entries: ligatures.setdefault((first, *ligature.Component), ligature.LigGlyph)
keep = set()
for word in words:
    sequence = tuple(cmap[ord(c)] for c in word)
    if sequence not in ligatures: sys.exit('no ligature for ' + word)
    keep.update(sequence)
    keep.add(ligatures[sequence])
options = subset.Options()
options.layout_closure = False
options.layout_features = ['liga', 'rlig', 'calt', 'ccmp']
options.name_IDs = ['*']
options.flavor = 'woff2'
subsetter = subset.Subsetter(options)
subsetter.populate(glyphs=sorted(keep))
subsetter.subset(font)
font.save(target)
`;

async function icons() {
  const dir = join(FIXTURES, 'icons');
  for (const [from, to] of ICON_FILES) {
    await mkdir(dirname(join(dir, to)), { recursive: true });
    await copyFile(iconPackageFile(from), join(dir, to));
  }
  // Font Awesome 4.7 ships no licence file: its README's licence section (font SIL OFL 1.1, CSS MIT)
  const readme = await readFile(iconPackageFile('font-awesome/README.md'), 'utf8');
  const licence = readme.slice(readme.indexOf('## License'), readme.indexOf('\n## ', readme.indexOf('## License') + 1));
  await writeFile(join(dir, 'font-awesome-4/LICENSE.md'), `# Font Awesome 4.7.0 (from the package's README.md)\n\n${licence.trim()}\n`);
  const symbols = iconPackageFile('material-symbols/material-symbols-outlined.woff2');
  execFileSync(process.env.PYTHON ?? 'python3', ['-c', SUBSET_LIGATURES, symbols, join(dir, 'material-symbols/material-symbols-outlined.woff2'), SYMBOLS_WORDS.join(',')], { stdio: 'inherit' });
}

// `node scripts/framework-fixtures.mjs [name...]` writes the named fixtures only (all by default).
const only = new Set(process.argv.slice(2));
const wanted = (name) => only.size === 0 || only.has(name);

for (const [name, from, to] of COPIED.filter(([name]) => wanted(name))) {
  let source;
  try {
    source = require.resolve(from);
  } catch {
    throw new Error(`${from} is not installed (see the comment at the top of this script for Foundation and Pico)`);
  }
  await copyFile(source, join(FIXTURES, name, to));
}
if (wanted('tailwind3')) await tailwind3();
if (wanted('tailwind4')) await tailwind4();
if (wanted('katex')) await katex();
if (wanted('bootstrap3')) await bootstrap3();
if (wanted('icons')) await icons();
