// The floor: the same content drawn by bare PDFKit with the same fonts, parsed once per process —
// every run of text octavo paints, as a string at the position octavo found for it, and every
// filled rectangle; nothing laid out, measured or broken into lines. Built from octavo's own
// display list, so each document gets its exact floor without a hand-written twin.
import { Buffer } from 'node:buffer';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { ROOT } from './documents.mjs';

const PT = 0.75; // display lists are in CSS px, PDFKit in points

const hex = (c) => `#${[c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** What the floor draws, from an octavo display list: fonts by file, then per page text and rectangles. */
export function floorScript(display) {
  const faces = new Map();
  const pages = display.pages.map((page) => {
    const ops = [];
    for (const item of page.items) {
      if (item.kind === 'glyphs') {
        const text = item.glyphs.map((g) => String.fromCodePoint(...g.codePoints)).join('');
        if (text.trim() === '') continue;
        faces.set(item.face.postscriptName, item.face);
        const top = item.y - (item.face.ascent / item.face.unitsPerEm) * item.size;
        ops.push(['t', item.face.postscriptName, item.size * PT, item.x * PT, top * PT, text, hex(item.color)]);
      } else if (item.kind === 'fill-rect') {
        ops.push(['r', item.rect.x * PT, item.rect.y * PT, item.rect.width * PT, item.rect.height * PT, hex(item.color)]);
      }
    }
    return { width: page.width * PT, height: page.height * PT, ops };
  });
  return { fonts: fontFiles([...faces.keys()]), pages };
}

let bundled;
/** The font file of each PostScript name, among the fonts octavo bundles. */
function fontFiles(names) {
  bundled ??= new Map(readdirSync(new URL('fonts/', ROOT), { recursive: true })
    .filter((file) => /\.(ttf|otf)$/i.test(file))
    .map((file) => {
      const path = fileURLToPath(new URL(`fonts/${file}`, ROOT));
      return [fontkit.openSync(path).postscriptName, path];
    }));
  return Object.fromEntries(names.map((name) => [name, bundled.get(name)]));
}

/** Opens the script's fonts once; returns a function drawing the script into a PDF. */
export function createFloor(script) {
  const fonts = Object.entries(script.fonts).map(([name, path]) => [name, fontkit.openSync(path)]);
  return () => new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true });
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const [name, font] of fonts) doc.registerFont(name, font);
    for (const page of script.pages) {
      doc.addPage({ size: [page.width, page.height], margin: 0 });
      for (const op of page.ops) {
        if (op[0] === 't') doc.font(op[1]).fontSize(op[2]).fillColor(op[6]).text(op[5], op[3], op[4], { lineBreak: false });
        else doc.rect(op[1], op[2], op[3], op[4]).fill(op[5]);
      }
    }
    doc.end();
  });
}
