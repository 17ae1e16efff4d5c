/**
 * `{{barcode kind value}}`: a barcode or 2D code drawn as vectors. bwip-js encodes the symbol
 * and writes it as SVG; the helper returns an `<img>` of that SVG (a data URL, so it needs no
 * triple braces and no file), which octavo's SVG renderer draws as paths.
 *
 *   {{barcode "qrcode" ticket.url eclevel="M" scale=3}}
 *   {{barcode "code128" parcel.id height=12 text=true}}
 *
 * Hash options: `scale` (px per module, default 2), `height` (bar height in mm for linear codes),
 * `text` (print the human-readable text, default false), `eclevel` (QR: L, M, Q, H), `alt`.
 * A value the symbology cannot encode is a template error naming the helper and the value.
 */
import { createRequire } from 'node:module';
import type bwipjs from 'bwip-js';
import Handlebars from 'handlebars';
import type { HelperCall, HelperFamily } from './define.js';
import { HelperError, describe } from './define.js';

let writer: typeof bwipjs | undefined;
/** bwip-js is loaded by the first barcode: it is a tenth of octavo's start-up, and most templates have none. */
function barcodeWriter(): typeof bwipjs {
  writer ??= createRequire(import.meta.url)('bwip-js') as typeof bwipjs;
  return writer;
}

/** Kinds accepted, by the names users write, to bwip-js encoder ids. */
const KINDS: Readonly<Record<string, string>> = {
  qrcode: 'qrcode', qr: 'qrcode', code128: 'code128', ean13: 'ean13', ean8: 'ean8', upca: 'upca', upce: 'upce',
  code39: 'code39', itf14: 'itf14', interleaved2of5: 'interleaved2of5', pdf417: 'pdf417', datamatrix: 'datamatrix',
  'gs1-128': 'gs1-128', gs1128: 'gs1-128', azteccode: 'azteccode', code93: 'code93', codabar: 'rationalizedCodabar',
};

const TWO_D = new Set(['qrcode', 'pdf417', 'datamatrix', 'azteccode']);

function positive(call: HelperCall, key: string, fallback: number): number {
  const value = call.hash[key];
  if (value === undefined) return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 100) throw new HelperError(`barcode: ${key} must be a number from 0 to 100, got ${describe(value)}`, call.loc);
  return n;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function barcode(call: HelperCall): unknown {
  const kindName = String(call.args[0] ?? '').toLowerCase();
  const bcid = KINDS[kindName];
  if (bcid === undefined) throw new HelperError(`barcode: unknown kind ${describe(call.args[0])} (use one of ${Object.keys(KINDS).join(', ')})`, call.loc);
  const raw = call.args[1];
  if (raw === undefined || raw === null || (typeof raw !== 'string' && typeof raw !== 'number')) {
    throw new HelperError(`barcode: the value must be a string or a number, got ${describe(raw)}`, call.loc);
  }
  const text = String(raw);
  const options: Parameters<typeof bwipjs.toSVG>[0] = { bcid, text, scale: positive(call, 'scale', 2), includetext: call.hash['text'] === true, textxalign: 'center' };
  if (!TWO_D.has(bcid)) options.height = positive(call, 'height', 10);
  if (call.hash['eclevel'] !== undefined) (options as unknown as Record<string, unknown>)['eclevel'] = String(call.hash['eclevel']);
  let svg: string;
  try {
    svg = barcodeWriter().toSVG(options);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^bwipp\.\w+#?\d*:\s*/, '') : String(error);
    throw new HelperError(`barcode: cannot encode ${describe(text)} as ${kindName}: ${reason}`, call.loc);
  }
  const alt = typeof call.hash['alt'] === 'string' ? call.hash['alt'] : text;
  const src = `data:image/svg+xml;base64,${Buffer.from(withNaturalSize(svg), 'utf8').toString('base64')}`;
  return new Handlebars.SafeString(`<img class="barcode" src="${src}" alt="${escapeAttribute(alt)}">`);
}

export const barcodeHelpers: HelperFamily = {
  barcode: { minArgs: 2, maxArgs: 2, hashKeys: ['scale', 'height', 'text', 'eclevel', 'alt'], fn: barcode },
};

/**
 * bwip-js writes only a viewBox (its size in px at `scale`); an SVG image with no width and
 * height has no natural size and fills its container's width in browsers, so the viewBox's
 * size is written as the image's own.
 */
function withNaturalSize(svg: string): string {
  const box = /^<svg viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  return box === null ? svg : svg.replace('<svg ', `<svg width="${box[1]}" height="${box[2]}" `);
}
