import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { OctavoError } from '../../src/errors.js';
import type { DocumentDisplayList } from '../../src/paint/display-list.js';
import type { WritePdfOptions } from '../../src/pdf/write.js';
import { writePdf } from '../../src/pdf/writer.js';
import { validateRenderOptions } from '../../src/validate-options.js';
import { rasterize } from '../helpers/pixels.js';
import { qpdf, qpdfCheck } from '../helpers/qpdf.js';
import { withPdfFile } from '../helpers/tmp.js';
import { glyphItem, loadFace } from './font-fixture.js';
import { selfSignedP12 } from './signing-fixture.js';

const run = promisify(execFile);

const display = (pages = 1): DocumentDisplayList => ({
  pages: Array.from({ length: pages }, (_, i) => ({ width: 300, height: 200, items: [glyphItem(loadFace('sans'), `Contract page ${i + 1}`, { x: 10, y: 30, size: 12 })] })),
});

const write = (options: Partial<WritePdfOptions>, pages = 1): Promise<Uint8Array> =>
  writePdf(display(pages), { metadata: {}, encryption: undefined, deterministic: false, compress: true, ...options });

/** pdfsig's report (it exits non-zero for invalid signatures; the report is what matters). */
async function pdfsig(pdf: Uint8Array, args: string[] = []): Promise<string> {
  return withPdfFile(pdf, async (path) => {
    try {
      return (await run('pdfsig', ['-nocert', ...args, path])).stdout;
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      return `${e.stdout ?? ''}${e.stderr ?? ''}`;
    }
  });
}

describe('digital signatures', () => {
  const identity = selfSignedP12();

  test('an invisible signature is valid and covers the whole document', async () => {
    const pdf = await write({ metadata: { title: 'Contract' }, signature: { p12: identity.p12, passphrase: identity.passphrase, reason: 'Approval', location: 'Zürich' } });
    await qpdfCheck(pdf);
    const report = await pdfsig(pdf);
    expect(report).toContain('Signature #1');
    expect(report).toContain('Signer Certificate Common Name: Octavo Test Signer');
    expect(report).toContain('Signature Type: adbe.pkcs7.detached');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    const s = Buffer.from(pdf).toString('latin1');
    expect(s).toMatch(/\/SigFlags 3/);
    expect(s).toMatch(/\/Rect \[0 0 0 0\]/);
  });

  test('changing one byte of the signed content invalidates it', async () => {
    const pdf = await write({ compress: false, signature: { p12: identity.p12, passphrase: identity.passphrase } });
    const tampered = Buffer.from(pdf);
    const at = tampered.indexOf('/Producer');
    expect(at).toBeGreaterThan(0);
    tampered.write('/Producex', at, 'latin1');
    expect(await pdfsig(new Uint8Array(tampered))).not.toContain('Signature is Valid.');
  });

  test('deterministic signed documents are byte-identical', async () => {
    const options = { deterministic: true, signature: { p12: identity.p12, passphrase: identity.passphrase, name: 'Ada Lovelace' } };
    const a = await write(options);
    const b = await write(options);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const report = await pdfsig(a);
    expect(report).toContain('Signature is Valid.');
    // signing time = the document's fixed creation date
    expect(report).toMatch(/Signing Time: Jan 01 2000/);
  });

  test('a visible signature on page 2 has its rectangle and an appearance with the signer', async () => {
    const pdf = await write({
      compress: false,
      deterministic: true,
      signature: { p12: identity.p12, passphrase: identity.passphrase, location: 'Bern', visible: { page: 2, rect: [20, 100, 200, 60] } },
    }, 2);
    await qpdfCheck(pdf);
    expect(await pdfsig(pdf)).toContain('Total document signed');
    const json = JSON.parse((await qpdf(pdf, ['--json', '--json-key=pages', '--json-key=acroform'])).stdout) as {
      acroform: { fields: { fieldtype: string; pageposfrom1: number }[] };
    };
    expect(json.acroform.fields).toHaveLength(1);
    expect(json.acroform.fields[0]).toMatchObject({ fieldtype: '/Sig', pageposfrom1: 2 });
    // px [20, 100, 200, 60] on a 200 px (150 pt) tall page -> pt [15 30 165 75]
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Rect [15 30 165 75]');
    const [, page2] = await rasterize(pdf);
    // the frame is drawn inside the field (px 20..220 x 100..160)
    expect(page2![100]!.slice(20, 220)).toMatch(/[^_]/);
  });

  test('in a tagged PDF the signature widget is a Form structure element', async () => {
    const pdf = await write({ tagged: true, signature: { p12: identity.p12, passphrase: identity.passphrase, visible: { page: 1, rect: [10, 50, 100, 40] } } });
    await qpdfCheck(pdf);
    const tree = await withPdfFile(pdf, async (path) => (await run('pdfinfo', ['-struct', path])).stdout);
    expect(tree).toMatch(/Form\s+Object \d+ 0/);
    expect(await pdfsig(pdf)).toContain('Signature is Valid.');
  });

  test('signature and encryption together: valid with the user password', async () => {
    const pdf = await write({ encryption: { userPassword: 'u', ownerPassword: 'o' }, signature: { p12: identity.p12, passphrase: identity.passphrase } });
    await qpdfCheck(pdf, 'u');
    const report = await pdfsig(pdf, ['-upw', 'u']);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Total document signed');
  });

  test('a wrong passphrase or a broken file is invalid_options before any work', () => {
    const invalid = (signature: unknown): unknown => {
      try {
        validateRenderOptions({ template: '', signature } as never);
        return undefined;
      } catch (error) {
        return error;
      }
    };
    const wrong = invalid({ p12: identity.p12, passphrase: 'nope' });
    expect(wrong).toBeInstanceOf(OctavoError);
    expect((wrong as OctavoError).code).toBe('invalid_options');
    expect((wrong as OctavoError).message).toContain('signature.p12');
    expect((invalid({ p12: new Uint8Array([1, 2, 3]) }) as OctavoError).code).toBe('invalid_options');
    expect((invalid({ p12: identity.p12, passphrase: identity.passphrase, visible: { page: 0, rect: [0, 0, 10, 10] } }) as OctavoError).message).toContain('signature.visible.page');
    expect(invalid({ p12: identity.p12, passphrase: identity.passphrase })).toBeUndefined();
  });

  test('a visible signature on a page that does not exist is invalid_options', async () => {
    await expect(write({ signature: { p12: identity.p12, passphrase: identity.passphrase, visible: { page: 3, rect: [0, 0, 10, 10] } } }))
      .rejects.toSatisfy((e: unknown) => e instanceof OctavoError && e.code === 'invalid_options');
  });
});
