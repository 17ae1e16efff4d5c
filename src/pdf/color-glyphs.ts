/**
 * Colour emoji (a face with colour bitmaps, src/text/color-font.ts): each glyph is its PNG as an
 * image XObject — one per glyph and document, however often it is drawn — placed where FreeType
 * and Chromium put the bitmap (its bearings and size scaled from the strike's ppem to the font
 * size), inside a `/Span << /ActualText >>` (ISO 32000-1 §14.9.4) so text extraction gives back
 * the characters of the sequence. Extractors (poppler's pdftotext) put the actual text where
 * the span's glyphs are, and skip a span without glyphs: each emoji also shows one invisible
 * glyph (render mode 3) of an empty Type 3 font, stretched to the emoji's advance.
 *
 * COLRv0 glyphs (layers of outlines, each in its palette colour) are drawn as their layer glyphs
 * in the embedded font, one over the other, inside the same kind of ActualText span.
 */
import type { LoadedImage } from '../resources/types.js';
import { num } from './content.js';
import type { PageContext } from './context.js';
import { imageMatrix } from './images.js';
import { SYNTHETIC_OBLIQUE_SKEW } from '../text/types.js';
import type { GlyphsItem } from './text.js';
import type { PdfKitDocument, PdfRef } from './pdfkit-document.js';
import { fromCodePoints } from '../append-all.js';

const INVISIBLE_FONT = 'FOctavoEmoji';
const invisibleFonts = new WeakMap<PdfKitDocument, PdfRef>();

/**
 * The glyph's width in the Type 3 font's units: half an em, because poppler guesses a Type 3
 * font's size from its glyphs' widths as if the average were half an em (TextPage::updateFont);
 * at one em its text counted as twice the emoji's size, and lines of emoji came apart.
 */
const CARRIER_WIDTH = 500;

/** The document's empty Type 3 font: code 32 is a glyph CARRIER_WIDTH wide that draws nothing (§9.6.5). */
function invisibleFont(doc: PdfKitDocument): PdfRef {
  let font = invisibleFonts.get(doc);
  if (font === undefined) {
    const glyph = doc.ref({});
    glyph.end(`${CARRIER_WIDTH} 0 d0`);
    font = doc.ref({
      Type: 'Font', Subtype: 'Type3', FontBBox: [0, -250, 1000, 950], FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: { space: glyph }, Encoding: { Type: 'Encoding', Differences: [32, 'space'] }, FirstChar: 32, LastChar: 32, Widths: [CARRIER_WIDTH], Resources: {},
    });
    font.end();
    invisibleFonts.set(doc, font);
  }
  return font;
}

/**
 * The invisible glyph that carries `text` for extractors, `width` px wide at (x, y): at the run's
 * font size (extractors group lines by size), stretched to the width with Tz. The span is inside
 * the text object: poppler gives a span's text the font current at its EMC, and after a `Q` that
 * is the font before the span (none at all for the first emoji of a page, whose text then had
 * no size and a line of its own).
 */
function invisibleText(x: number, y: number, size: number, width: number, text: string): string {
  const scale = Math.max((100 * width * 1000) / (size * CARRIER_WIDTH), 0.01);
  return `q\nBT\n3 Tr\n/${INVISIBLE_FONT} ${num(size)} Tf\n${num(scale)} Tz\n1 0 0 -1 ${num(x)} ${num(y)} Tm\n`
    + `/Span <</ActualText ${utf16Hex(text)}>> BDC\n<20> Tj\nEMC\nET\nQ`;
}

/** A PDF text string in UTF-16BE with its byte order mark, as hex. */
export function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

export function drawColorGlyphs(ctx: PageContext, item: GlyphsItem): void {
  if (item.face.color === undefined || item.size <= 0) return;
  ctx.page.fonts[INVISIBLE_FONT] ??= invisibleFont(ctx.resources.doc);
  // a glyph without a picture (the ZWJ of a sequence the font does not join) joins the text of the one before
  const groups: { x: number; draw: string; text: string; width: number }[] = [];
  let x = item.x;
  for (let i = 0; i < item.glyphs.length; i++) {
    const glyph = item.glyphs[i]!;
    const advance = item.advances[i] ?? glyph.advance;
    const draw = pictureOperators(ctx, item, i, x);
    const text = fromCodePoints(glyph.codePoints);
    const last = groups[groups.length - 1];
    if (draw === '' && last !== undefined) {
      last.text += text;
      last.width += advance;
    } else groups.push({ x, draw, text, width: advance });
    x += advance;
  }
  for (const group of groups) {
    if (group.text === '') ctx.sink.push(group.draw);
    else ctx.sink.push(`${group.draw}${invisibleText(group.x, item.y, item.size, group.width, group.text)}`);
  }
}

/** The operators that draw glyph `i`'s picture with its origin at `x`, each ending in a newline; '' for none. */
function pictureOperators(ctx: PageContext, item: GlyphsItem, i: number, x: number): string {
  const glyph = item.glyphs[i]!;
  const bitmap = item.face.color!.glyph(glyph.id);
  if (bitmap === undefined || bitmap.width <= 0 || bitmap.height <= 0) return '';
  const scale = item.size / bitmap.ppem;
  const rect = { x: x + glyph.xOffset + bitmap.bearingX * scale, y: item.y - glyph.yOffset - bitmap.bearingY * scale, width: bitmap.width * scale, height: bitmap.height * scale };
  const image: LoadedImage = { id: `${item.face.id}#${glyph.id}`, format: 'png', bytes: bitmap.png, width: bitmap.width, height: bitmap.height };
  // (its PNG was checked whole when the glyph was read, text/color-font.ts: a damaged one is drawn as nothing, with a warning)
  const embedded = ctx.resources.images.embed(image);
  if (embedded.obj === null) return '';
  ctx.page.xobjects[embedded.label] = embedded.obj;
  // synthetic oblique leans the picture from its baseline, as the text matrix leans outlines (text.ts)
  const lean = item.syntheticOblique ? `1 0 ${num(-SYNTHETIC_OBLIQUE_SKEW)} 1 ${num(SYNTHETIC_OBLIQUE_SKEW * item.y)} 0 cm\n` : '';
  return `q\n${lean}${imageMatrix(rect, 1).map(num).join(' ')} cm\n/${embedded.label} Do\nQ\n`;
}

/**
 * A run of a COLRv0 font: each glyph with layers as its layer glyphs, each in its colour (the text
 * colour for palette index 0xFFFF), in an ActualText span; the other glyphs as they are.
 */
export function drawLayeredGlyphs(ctx: PageContext, item: GlyphsItem, drawPlain: (ctx: PageContext, item: GlyphsItem) => void): void {
  const layersOf = item.face.colorLayers!;
  let x = item.x;
  for (let i = 0; i < item.glyphs.length; i++) {
    const glyph = item.glyphs[i]!;
    const advance = item.advances[i] ?? glyph.advance;
    const one = (id: number, color = item.color): GlyphsItem => ({ ...item, x, glyphs: [{ ...glyph, id }], advances: [advance], color });
    const layers = layersOf(glyph.id);
    if (layers === undefined) drawPlain(ctx, one(glyph.id));
    else {
      const text = fromCodePoints(glyph.codePoints);
      if (text !== '') ctx.sink.push(`/Span <</ActualText ${utf16Hex(text)}>> BDC`);
      for (const layer of layers) drawPlain(ctx, one(layer.id, layer.color));
      if (text !== '') ctx.sink.push('EMC');
    }
    x += advance;
  }
}
