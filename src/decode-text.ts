/**
 * Bytes to text as browsers decode them (WHATWG Encoding "decode"): a byte-order mark wins and is
 * dropped (UTF-8, UTF-16LE, UTF-16BE); without one, what the file declares — CSS `@charset "…";`
 * at its very start (CSS Syntax 3 §3.2), HTML `<meta charset>` or `<meta http-equiv=Content-Type>`
 * in its first 1024 bytes (HTML §13.2.3.2, simplified), an XML declaration's `encoding` (SVG) —
 * when Node's TextDecoder knows that label (windows-125x, ISO-8859-x, KOI8, Shift_JIS, GBK, EUC-KR…);
 * else UTF-8. JSON is UTF-8 (RFC 8259) but for a byte-order mark. A UTF-16 label declared inside
 * the file means UTF-8, as in browsers (the declaration was readable as ASCII).
 */

export type TextKind = 'html' | 'css' | 'xml' | 'json';

/** `fatal`: bytes that are not text in the encoding throw (a TypeError) instead of becoming U+FFFD. */
export function decodeText(bytes: Uint8Array, kind: TextKind, options: { fatal?: boolean } = {}): string {
  const fatal = options.fatal ?? false;
  const bom = byteOrderMark(bytes);
  if (bom !== undefined) return new TextDecoder(bom.encoding, { fatal }).decode(bytes.subarray(bom.length));
  const encoding = declaredEncoding(bytes, kind) ?? 'utf-8';
  const text = new TextDecoder(encoding, { fatal, ignoreBOM: true }).decode(bytes);
  return encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80] ?? c) : text;
}

/**
 * Bytes 0x80-0x9F of windows-1252 (WHATWG index): Node 20's decoder for that label (and `latin1`,
 * `iso-8859-1`, which name it) gives them as C1 controls, as ISO-8859-1 would; €, quotes, dashes.
 */
const WINDOWS_1252_C1 = [
  '\u20ac', '\u0081', '\u201a', '\u0192', '\u201e', '\u2026', '\u2020', '\u2021', '\u02c6', '\u2030', '\u0160', '\u2039', '\u0152', '\u008d', '\u017d', '\u008f',
  '\u0090', '\u2018', '\u2019', '\u201c', '\u201d', '\u2022', '\u2013', '\u2014', '\u02dc', '\u2122', '\u0161', '\u203a', '\u0153', '\u009d', '\u017e', '\u0178',
];

function byteOrderMark(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

const CSS_CHARSET = /^@charset "([^"]{1,40})";/;
const XML_ENCODING = /^<\?xml\s[^>]*?encoding\s*=\s*["']([^"']{1,40})["']/;
const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:-]{1,40})/i;

function declaredEncoding(bytes: Uint8Array, kind: TextKind): string | undefined {
  if (kind === 'json') return undefined;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const pattern = kind === 'css' ? CSS_CHARSET : kind === 'xml' ? XML_ENCODING : META_CHARSET;
  const label = pattern.exec(head)?.[1];
  return label === undefined ? undefined : knownEncoding(label);
}

/** The encoding a label names, when TextDecoder knows it; UTF-16 declared in ASCII-readable bytes is UTF-8. */
function knownEncoding(label: string): string | undefined {
  let encoding: string;
  try {
    encoding = new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
  return encoding.startsWith('utf-16') ? 'utf-8' : encoding;
}
