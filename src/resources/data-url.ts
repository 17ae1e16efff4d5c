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

const PERCENT = 0x25;

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/**
 * Percent-decodes to bytes (URL §"percent-decode"): `%XX` is a byte, any other character its
 * UTF-8 encoding. One pass over the UTF-8 bytes into one buffer: linear in the URL's length (a
 * per-character encoder made a 9 MiB data: URL take 25 s).
 */
function percentDecode(text: string): Uint8Array {
  const input = Buffer.from(text, 'utf8');
  if (!input.includes(PERCENT)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  const output = new Uint8Array(input.byteLength);
  let length = 0;
  for (let index = 0; index < input.byteLength; index++) {
    const byte = input[index]!;
    const high = byte === PERCENT ? hexValue(input[index + 1] ?? 0) : -1;
    const low = high >= 0 ? hexValue(input[index + 2] ?? 0) : -1;
    if (low >= 0) {
      output[length++] = high * 16 + low;
      index += 2;
    } else {
      output[length++] = byte;
    }
  }
  return output.subarray(0, length);
}

/** Without its trailing `=` (a loop: `/=+$/` is quadratic on a long run of `=` inside the text). */
function withoutPadding(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
  return text.slice(0, end);
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
    const clean = percentDecode(payload);
    const alphabet = withoutPadding(Buffer.from(clean.buffer, clean.byteOffset, clean.byteLength).toString('latin1').replace(/[\t\n\f\r ]+/g, ''));
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
