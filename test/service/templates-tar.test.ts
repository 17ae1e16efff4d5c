/**
 * A template folder uploaded as a `.tar.gz` (templates-api/tar): read exactly when sound; the
 * refusals of a `.zip` — traversal, absolute paths, links, devices, too many files, a bomb, a
 * header whose size lies — are typed (400 / 413); truncated and bit-flipped archives never throw
 * anything else (fast-check).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isServiceError } from '../../src/service/api/errors.js';
import { readTarGz } from '../../src/service/templates-api/tar/read-tar-gz.js';
import { templateOf } from '../../src/service/templates-api/upload.js';
import { createSpool } from './helpers/spool.js';
import { makeTarGz } from './helpers/tar.js';

const LIMITS = { maxFiles: 10, maxTotalBytes: 1024 * 1024 };
const spool = createSpool();
afterAll(() => spool.cleanup());

async function code(bytes: Uint8Array, limits = LIMITS): Promise<string> {
  try {
    await readTarGz(spool.file(bytes), limits);
    return 'ok';
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return error.code;
  }
}

describe('template folder as a .tar.gz archive', () => {
  it('reads a sound archive exactly, ./ prefixes and folders included; template.html becomes the source', async () => {
    const archive = makeTarGz([
      { name: './', type: '5' }, { name: './template.html', data: '<h1>{{title}}</h1>' }, { name: './css/', type: '5' },
      { name: './css/site.css', data: 'h1{color:red}'.repeat(50) }, { name: 'img/logo.svg', data: '<svg/>' },
    ]);
    const files = await readTarGz(spool.file(archive), LIMITS);
    expect([...files.keys()]).toEqual(['template.html', 'css/site.css', 'img/logo.svg']);
    expect(Buffer.from(files.get('css/site.css')!).toString()).toBe('h1{color:red}'.repeat(50));
    for (const filename of ['folder.tar.gz', 'FOLDER.TGZ']) {
      const upload = await templateOf({ fields: new Map([['name', 't']]), files: new Map([['archive', [{ filename, path: spool.file(archive), size: archive.length }]]]) });
      expect({ name: upload.name, html: upload.html, files: [...upload.files.keys()] }).toEqual({ name: 't', html: '<h1>{{title}}</h1>', files: ['css/site.css', 'img/logo.svg'] });
    }
  });

  it('refuses traversal, absolute paths, backslashes, links, devices, fifos and repeated names', async () => {
    for (const name of ['../evil.css', 'a/../../evil.css', '/etc/passwd', 'C:/x', 'a\\b.css', 'a//b.css']) {
      expect(await code(makeTarGz([{ name, data: 'x' }])), name).toBe('validation_error');
    }
    for (const type of ['1', '2', '3', '4', '6']) {
      expect(await code(makeTarGz([{ name: 'template.html', data: '<p/>' }, { name: 'entry', type, linkname: '/etc/passwd' }])), type).toBe('validation_error');
    }
    expect(await code(makeTarGz([{ name: 'a.css', data: 'x' }, { name: './a.css', data: 'y' }]))).toBe('validation_error');
  });

  it('refuses too many files, a bomb before inflating it, and a header that lies about its size (413 at the limit)', async () => {
    expect(await code(makeTarGz(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' }))))).toBe('validation_error');
    const bomb = makeTarGz([{ name: 'zeros.bin', data: new Uint8Array(64 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await code(bomb)).toBe('payload_too_large');
    // headers say 10 bytes, then 64 MiB of zeros follow: the inflated bytes are counted, not the headers trusted
    const lying = makeTarGz([{ name: 'small.txt', data: 'x'.repeat(10) }], new Uint8Array(64 * 1024 * 1024));
    expect(lying.length).toBeLessThan(200_000);
    expect(await code(lying)).toBe('payload_too_large');
    const under = makeTarGz([{ name: 'template.html', data: '<p/>' }, { name: 'big.bin', data: new Uint8Array(2 * 1024 * 1024), declaredSize: 100 }]);
    expect(['payload_too_large', 'validation_error']).toContain(await code(under));
  });

  it('arbitrary bytes and truncated or bit-flipped archives: a result or a typed 400/413, nothing else', async () => {
    const sound = makeTarGz([{ name: 'template.html', data: '<p>x</p>' }, { name: 'a/b.css', data: 'p{}'.repeat(400) }, { name: 'c/', type: '5' }]);
    await fc.assert(fc.asyncProperty(
      fc.oneof(
        fc.uint8Array({ maxLength: 1024 }),
        fc.tuple(fc.nat(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 })).map(([cut, flips]) => {
          const bytes = sound.slice(0, cut % (sound.length + 1));
          for (const [at, value] of flips) if (bytes.length > 0) bytes[at % bytes.length] = value;
          return bytes;
        }),
      ),
      async (bytes) => { expect(['ok', 'validation_error', 'payload_too_large']).toContain(await code(bytes)); },
    ), { numRuns: Number(process.env['FUZZ_RUNS'] ?? 200) });
  }, 60_000);
});
