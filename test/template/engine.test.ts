/** The template stage through the public engine: file partials (sandboxed), engine partials, locale and time zone, strict, log. */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, OctavoError } from '../../src/api.js';
import type { RenderOptions } from '../../src/api.js';
import { withPdfFile } from '../helpers/tmp.js';
import { qpdfCheck } from '../helpers/qpdf.js';

const run = promisify(execFile);
let root: string;
let folder: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'octavo-partials-'));
  folder = join(root, 'invoice');
  mkdirSync(join(folder, 'partials', 'shared'), { recursive: true });
  writeFileSync(join(folder, 'partials', 'header.html'), '<h1>{{company}} {{> shared/logo}}</h1>');
  writeFileSync(join(folder, 'partials', 'shared', 'logo.hbs'), '[logo of {{company}}]');
  writeFileSync(join(folder, 'partials', 'broken.html'), '<p>\n  {{#if x}}never closed</p>');
  writeFileSync(join(folder, 'partials', 'strict.html'), 'x\n  {{missing}}');
  writeFileSync(join(root, 'secret.html'), 'SECRET');
  symlinkSync(join(root, 'secret.html'), join(folder, 'partials', 'leak.html'));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function text(engine: ReturnType<typeof createEngine>, options: RenderOptions): Promise<string> {
  const { pdf, diagnostics } = await engine.renderDetailed(options);
  expect(diagnostics).toEqual([]);
  await qpdfCheck(pdf);
  return withPdfFile(pdf, async (path) => (await run('pdftotext', [path, '-'])).stdout.trim());
}

async function failure(engine: ReturnType<typeof createEngine>, options: RenderOptions): Promise<OctavoError> {
  try {
    await engine.render(options);
  } catch (error) {
    expect(error).toBeInstanceOf(OctavoError);
    return error as OctavoError;
  }
  throw new Error('expected the render to fail');
}

describe('partials', () => {
  const engine = createEngine({ partials: { footer: '<p>footer of {{company}}</p>', header: '<h1>engine header</h1>' } });

  it('reads {{> header}} from partials/ beside the template, partials within partials, and engine partials', async () => {
    const out = await text(engine, { template: '{{> header}}<p>body</p>{{> footer}}', data: { company: 'Acme' }, baseDir: folder });
    expect(out.split(/\n+/)).toEqual(['Acme [logo of Acme]', 'body', 'footer of Acme']);
  });

  it('uses engine partials when the template has no folder', async () => {
    expect(await text(engine, { template: '{{> header}}', data: {} })).toBe('engine header');
  });

  it('locates an error inside a partial file in that file', async () => {
    const syntax = await failure(engine, { template: 'a\n{{> broken}}', baseDir: folder });
    expect([syntax.code, syntax.location, syntax.message]).toEqual(['template_syntax', 'partials/broken.html:2:3', '{{#if}} is never closed']);
    const strict = await failure(engine, { template: 'a\n{{> strict}}', baseDir: folder, strict: true });
    expect([strict.code, strict.location]).toEqual(['template_runtime', 'partials/strict.html:2:3']);
  });

  it('never reads outside the sandbox', async () => {
    const escape = await failure(engine, { template: '{{> leak}}', baseDir: folder });
    expect(escape.code).toBe('resource_denied');
    const dots = await failure(engine, { template: '{{> "../secret"}}', baseDir: folder });
    expect([dots.code, dots.message]).toEqual(['template_syntax', "unknown partial '../secret'"]);
  });

  it('reports an unknown partial at its call with the template name', async () => {
    const error = await failure(engine, { template: '<p>\n  {{> sidebar}}', baseDir: folder, templateName: 'invoice.html' });
    expect([error.code, error.location]).toEqual(['template_syntax', 'invoice.html:2:3']);
  });
});

describe('locale and time zone', () => {
  const engine = createEngine();
  const amounts = '{{formatCurrency 1234.5 "EUR"}} {{formatDate when "datetime"}}';
  const data = { when: '2024-03-05T23:30:00Z' };

  it('uses en-US and UTC by default', async () => {
    expect(await text(engine, { template: amounts, data })).toBe('€1,234.50 Mar 5, 2024, 11:30 PM');
  });

  it('takes the template <html lang> and data-time-zone', async () => {
    const template = `<html lang="de-DE" data-time-zone="Europe/Berlin"><body>${amounts}</body></html>`;
    expect(await text(engine, { template, data })).toBe('1.234,50 € 06.03.2024, 00:30');
  });

  it('fills a lang that is itself a mustache', async () => {
    const template = `<html lang="{{locale}}"><body>{{formatNumber 1234.5 1}}</body></html>`;
    expect(await text(engine, { template, data: { locale: 'fr-FR' } })).toBe('1 234,5');
  });

  it('gives the run\'s locale to helpers in engine partials and {{#each}} blocks', async () => {
    const withPartial = createEngine({ partials: { total: '{{#each amounts}}{{formatNumber this 1}};{{/each}}' } });
    const template = '<html lang="de-DE"><body>{{> total}}</body></html>';
    expect(await text(withPartial, { template, data: { amounts: [1234.5, 2] } })).toBe('1.234,5;2,0;');
  });

  it('keeps the settings of renders in flight apart (they are the run\'s, not the module\'s)', async () => {
    const template = '<html lang="{{locale}}"><body>{{formatNumber 1234.5 1}}</body></html>';
    const [german, french, plain] = await Promise.all([
      text(engine, { template, data: { locale: 'de-DE' } }),
      text(engine, { template, data: { locale: 'fr-FR' } }),
      text(engine, { template: '<p>{{formatNumber 1234.5 1}}</p>', data }),
    ]);
    expect([german, french, plain]).toEqual(['1.234,5', '1 234,5', '1,234.5']);
  });

  it('lets the render options win over the template', async () => {
    const template = `<html lang="de-DE"><body>${amounts}</body></html>`;
    expect(await text(engine, { template, data, locale: 'ja-JP', timeZone: 'Asia/Tokyo' })).toBe('€1,234.50 2024/03/06 8:30');
  });
});

describe('render options', () => {
  const engine = createEngine();

  it('prints nothing for a missing field by default and fails under strict', async () => {
    expect(await text(engine, { template: '<p>[{{customer.name}}]</p>', data: {} })).toBe('[]');
    const error = await failure(engine, { template: '<p>\n [{{customer.name}}]</p>', data: {}, strict: true, templateName: 't.html' });
    expect([error.code, error.location]).toEqual(['template_runtime', 't.html:2:3']);
  });

  it('puts {{log}} into the diagnostics', async () => {
    const { diagnostics } = await engine.renderDetailed({ template: '<p>x</p>\n{{log "count" n}}', data: { n: 2 }, templateName: 't.html' });
    expect(diagnostics).toEqual([{ severity: 'warning', code: 'template', message: '{{log}}: count 2', file: 't.html', line: 2, column: 1 }]);
  });

  it('refuses a strict option that is not a boolean', async () => {
    const error = await failure(engine, { template: 'x', strict: 'yes' as unknown as boolean });
    expect(error.code).toBe('invalid_options');
  });
});
