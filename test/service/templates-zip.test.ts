/**
 * A template folder uploaded as a `.zip` (templates-api/zip): read exactly when sound; traversal,
 * absolute paths, symbolic links, too many files, a deflate bomb and sizes that lie are typed
 * refusals; arbitrary bytes and damaged archives never throw anything else (fast-check).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isServiceError } from '../../src/service/api/errors.js';
import { readZip } from '../../src/service/templates-api/zip/read-zip.js';
import { templateOf } from '../../src/service/templates-api/upload.js';
import { createSpool } from './helpers/spool.js';
import { makeZip } from './helpers/zip.js';

const spool = createSpool();
afterAll(() => spool.cleanup());

const LIMITS = { maxFiles: 10, maxTotalBytes: 1024 * 1024 };

async function code(bytes: Uint8Array, limits = LIMITS): Promise<string> {
  try {
    await readZip(spool.file(bytes), limits);
    return 'ok';
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return error.code;
  }
}

describe('template folder as a zip archive', () => {
  it('reads a sound archive exactly, folders and deflate included; template.html becomes the source', async () => {
    const zip = makeZip([
      { name: 'template.html', data: '<h1>{{title}}</h1>' }, { name: 'css/', data: '' },
      { name: 'css/site.css', data: 'h1{color:red}'.repeat(50), deflate: true }, { name: 'img/logo.svg', data: '<svg/>' },
    ]);
    const files = await readZip(spool.file(zip), LIMITS);
    expect([...files.keys()]).toEqual(['template.html', 'css/site.css', 'img/logo.svg']);
    expect(Buffer.from(files.get('css/site.css')!).toString()).toBe('h1{color:red}'.repeat(50));
    const upload = await templateOf({ fields: new Map([['name', 'z']]), files: new Map([['archive', [{ filename: 'folder.zip', path: spool.file(zip), size: zip.length }]]]) });
    expect({ name: upload.name, html: upload.html, files: [...upload.files.keys()] }).toEqual({ name: 'z', html: '<h1>{{title}}</h1>', files: ['css/site.css', 'img/logo.svg'] });
  });

  it('refuses traversal, absolute paths, backslashes and symbolic links', async () => {
    for (const name of ['../evil.css', 'a/../../evil.css', '/etc/passwd', 'C:/x', 'a\\b.css']) {
      expect(await code(makeZip([{ name, data: 'x' }])), name).toBe('validation_error');
    }
    expect(await code(makeZip([{ name: 'link', data: '/etc/passwd', symlink: true }]))).toBe('validation_error');
  });

  it('refuses a deflate bomb before inflating past the limit, sizes that lie, and too many files', async () => {
    const bomb = makeZip([{ name: 'zeros.bin', data: new Uint8Array(64 * 1024 * 1024), deflate: true }]);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await code(bomb)).toBe('payload_too_large');
    // the same bomb declaring a small size: the inflated bytes are counted, not trusted
    const lying = makeZip([{ name: 'zeros.bin', data: new Uint8Array(8 * 1024 * 1024), deflate: true, declaredSize: 10 }]);
    expect(['payload_too_large', 'validation_error']).toContain(await code(lying));
    expect(await code(makeZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' }))))).toBe('validation_error');
  });

  it('arbitrary bytes and damaged archives: a result or a typed error, nothing else', async () => {
    const sound = makeZip([{ name: 'template.html', data: '<p>x</p>' }, { name: 'a/b.css', data: 'p{}'.repeat(40), deflate: true }]);
    await fc.assert(fc.asyncProperty(
      fc.oneof(
        fc.uint8Array({ maxLength: 1024 }),
        fc.tuple(fc.nat(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 })).map(([cut, flips]) => {
          const bytes = sound.slice(0, Math.max(22, cut % (sound.length + 1)));
          for (const [at, value] of flips) bytes[at % bytes.length] = value;
          return bytes;
        }),
      ),
      async (bytes) => { expect(['ok', 'validation_error', 'payload_too_large']).toContain(await code(bytes)); },
    ), { numRuns: Number(process.env['FUZZ_RUNS'] ?? 200) });
  }, 60_000);
});
