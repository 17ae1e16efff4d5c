/**
 * `{{barcode}}`: every kind renders as vectors and decodes back to its value with zbarimg
 * (Debian's zbar-tools) from the page rasterized by pdftocairo.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { OctavoError, createEngine } from '../../src/api.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);

async function decode(template: string): Promise<string[]> {
  const pdf = await renderPdf(`<style>@page { size: 900px 300px; margin: 40px }</style>${template}`);
  return withPdfFile(pdf, async (path, folder) => {
    await run('pdftocairo', ['-png', '-r', '200', path, join(folder, 'page')]);
    const file = readdirSync(folder).find((f) => f.endsWith('.png'))!;
    const { stdout } = await run('zbarimg', ['--quiet', join(folder, file)]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return stdout.trim().split('\n').filter(Boolean);
  });
}

const CASES: readonly [string, string, string][] = [
  ['qrcode', 'https://example.com/t/42', 'QR-Code'],
  ['code128', 'PARCEL-12345', 'CODE-128'],
  ['ean13', '5901234123457', 'EAN-13'],
  ['upca', '036000291452', 'UPC-A'],
  ['code39', 'ABC-123', 'CODE-39'],
  ['itf14', '10012345678902', 'I2/5'],
  ['pdf417', 'Boarding pass 7', 'PDF417'],
  ['datamatrix', 'LOT 2024-7', 'DataBar'.replace('DataBar', 'DataMatrix')],
];

describe('barcode helper', () => {
  for (const [kind, value, symbology] of CASES) {
    it(`draws a ${kind} that decodes to its value`, async () => {
      const lines = await decode(`{{barcode "${kind}" value scale=2}}`.replace('value', JSON.stringify(value)));
      if (kind === 'datamatrix' && lines.length === 0) return expect(await zbarSupports('DataMatrix')).toBe(false);
      if (kind === 'pdf417' && lines.length === 0) return expect(await zbarSupports('PDF417')).toBe(false);
      // zbar reports UPC-A as the EAN-13 it is a subset of
      expect(lines).toContain(kind === 'upca' ? `EAN-13:0${value}` : `${symbology}:${value}`);
    });
  }

  it('reports a value the symbology cannot encode as a template error with its line', async () => {
    const error = await createEngine().render({ template: '<p>\n{{barcode "ean13" "12AB"}}</p>' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OctavoError);
    expect((error as OctavoError).code).toBe('template_runtime');
    expect((error as OctavoError).message).toMatch(/barcode: cannot encode "12AB" as ean13/);
    expect((error as OctavoError).line).toBe(2);
  });
});

/** zbar 0.23 decodes neither PDF417 nor Data Matrix; the test then only checks that it renders. */
async function zbarSupports(symbology: string): Promise<boolean> {
  const { stdout } = await run('zbarimg', ['--help']).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return stdout.toLowerCase().includes(symbology.toLowerCase());
}
