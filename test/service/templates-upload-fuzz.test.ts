/**
 * The template upload parser (templates-api/multipart.ts and upload.ts) on arbitrary bytes
 * (fast-check): random bodies, and well-formed uploads cut short or with bytes flipped, end in a
 * template or in a typed `ServiceError` — never another exception, never a hang.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isServiceError } from '../../src/service/api/errors.js';
import { readTemplateUpload } from '../../src/service/templates-api/upload.js';

const BOUNDARY = 'octavo-fuzz-7f3a';
const LIMITS = { maxFiles: 8, maxTotalBytes: 4096, maxFields: 4, maxFieldBytes: 256 };

function request(body: Uint8Array, contentType = `multipart/form-data; boundary=${BOUNDARY}`): Request {
  return new Request('http://127.0.0.1/v1/document-templates', { method: 'POST', body, headers: { 'content-type': contentType } });
}

function wellFormed(name: string, html: string, files: [string, string][]): Uint8Array {
  const part = (headers: string, body: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${body}\r\n`;
  let text = part('Content-Disposition: form-data; name="name"', name);
  text += part('Content-Disposition: form-data; name="template"; filename="template.html"\r\nContent-Type: text/html', html);
  for (const [path, body] of files) text += part(`Content-Disposition: form-data; name="files"; filename="${path}"`, body);
  return new Uint8Array(Buffer.from(`${text}--${BOUNDARY}--\r\n`, 'utf8'));
}

/** Resolves to 'ok' or the error code; anything else thrown fails the property. */
async function outcome(body: Uint8Array, contentType?: string): Promise<string> {
  try {
    await readTemplateUpload(request(body, contentType), LIMITS);
    return 'ok';
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return error.code;
  }
}

const TYPED = new Set(['ok', 'validation_error', 'payload_too_large', 'unsupported_media_type']);
const runs = Number(process.env['FUZZ_RUNS'] ?? 150);

describe('template upload on arbitrary bytes', () => {
  it('random bodies and content types: a typed answer', async () => {
    await fc.assert(fc.asyncProperty(
      fc.uint8Array({ maxLength: 2048 }),
      fc.constantFrom(`multipart/form-data; boundary=${BOUNDARY}`, 'multipart/form-data; boundary=', 'multipart/form-data; x', 'multipart/form-data;boundary="a b"'),
      async (bytes, type) => { expect(TYPED.has(await outcome(bytes, type))).toBe(true); },
    ), { numRuns: runs });
  }, 60_000);

  it('well-formed uploads cut short, with bytes changed, or with hostile paths: a template or a typed error', async () => {
    const path = fc.oneof(fc.constantFrom('css/a.css', '../x', '/abs', 'a//b', 'a\\b', '.', 'ok.png'), fc.string({ maxLength: 12 }));
    await fc.assert(fc.asyncProperty(
      fc.string({ maxLength: 40 }), fc.string({ maxLength: 200 }), fc.array(fc.tuple(path, fc.string({ maxLength: 100 })), { maxLength: 10 }),
      fc.nat(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
      async (name, html, files, cut, flips) => {
        const body = wellFormed(name, html, files);
        const mutated = body.slice(0, flips.length === 0 && cut % 3 === 0 ? body.length : cut % (body.length + 1));
        for (const [at, value] of flips) if (mutated.length > 0) mutated[at % mutated.length] = value;
        expect(TYPED.has(await outcome(mutated))).toBe(true);
      },
    ), { numRuns: runs });
  }, 60_000);

  it('an intact upload is read exactly; a traversal path is refused', async () => {
    expect(await outcome(wellFormed('t', '<p/>', [['css/a.css', 'x']]))).toBe('ok');
    const read = await readTemplateUpload(request(wellFormed('t', '<p>é</p>', [['css/a.css', 'x'], ['img/b.svg', '<svg/>']])), LIMITS);
    expect({ name: read.name, html: read.html, files: [...read.files.keys()] }).toEqual({ name: 't', html: '<p>é</p>', files: ['css/a.css', 'img/b.svg'] });
    expect(await outcome(wellFormed('t', '<p/>', [['../a.css', 'x']]))).toBe('validation_error');
    expect(await outcome(wellFormed('t', '<p/>', [['big.bin', 'x'.repeat(5000)]]))).toBe('payload_too_large');
  });
});
