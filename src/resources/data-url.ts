/**
 * `data:` URLs (RFC 2397, WHATWG Fetch §"data: URL processor"): `data:[<mediatype>][;base64],<data>`.
 * Decoded without any loader or file access; the decoded size is bounded before decoding.
 */
import { OctavoError } from '../errors.js';
import { limitExceeded } from '../limits.js';

export interface DataUrl {
  /** Lower-cased media type without parameters ("image/png"); "text/plain" when absent. */
  readonly mediaType: string;
  readonly bytes: Uint8Array;
}

export function isDataUrl(url: string): boolean {
  return /^\s*data:/i.test(url);
}

function shortUrl(url: string): string {
  return url.length > 60 ? `${url.slice(0, 60)}…` : url;
}

/** Percent-decodes to bytes: `%XX` is a byte, any other character its UTF-8 encoding. */
function percentDecode(text: string): Uint8Array {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? '';
    const hex = text.slice(index + 1, index + 3);
    if (char === '%' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      const codePoint = text.codePointAt(index) ?? 0;
      if (codePoint > 0xffff) index++;
      for (const byte of encoder.encode(String.fromCodePoint(codePoint))) bytes.push(byte);
    }
  }
  return Uint8Array.from(bytes);
}

export function decodeDataUrl(url: string, maxBytes: number): DataUrl {
  const text = url.trim();
  const comma = text.indexOf(',');
  if (comma === -1) throw new OctavoError('resource_not_found', `malformed data: URL (no comma): ${shortUrl(text)}`);
  const header = text.slice(5, comma).split(';').map((part) => part.trim());
  const base64 = header.length > 1 && header[header.length - 1]?.toLowerCase() === 'base64';
  const mediaType = (header[0] ?? '').toLowerCase() || 'text/plain';
  const payload = text.slice(comma + 1);
  const estimate = base64 ? Math.floor((payload.length * 3) / 4) : payload.length;
  if (estimate > maxBytes * 3 + 3) { // percent-encoding triples the length at most
    throw limitExceeded('maxResourceBytes', maxBytes, `data: URL is larger than ${maxBytes} bytes`);
  }
  let bytes: Uint8Array;
  if (base64) {
    const clean = percentDecode(payload.replace(/\s+/g, ''));
    const alphabet = Buffer.from(clean).toString('latin1').replace(/[\s=]+$/g, '');
    if (!/^[A-Za-z0-9+/\-_]*$/.test(alphabet)) {
      throw new OctavoError('resource_not_found', `malformed base64 in data: URL: ${shortUrl(text)}`);
    }
    bytes = new Uint8Array(Buffer.from(alphabet, 'base64'));
  } else {
    bytes = percentDecode(payload);
  }
  if (bytes.byteLength > maxBytes) throw limitExceeded('maxResourceBytes', maxBytes, `data: URL is larger than ${maxBytes} bytes`);
  return { mediaType, bytes };
}
