import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS } from '../helpers/processes.js';
import command, { defaultOutput, parseRenderArgs } from '../../src/cli/commands/render.js';
import { UsageError } from '../../src/cli/shared/command.js';
import { pdfPages, pdfText, qpdfCheck, runCommand } from './io.js';

let dir: string;
const run = (args: string[], stdin?: string) => runCommand(command, args, { cwd: dir, ...(stdin === undefined ? {} : { stdin }) });

const TEMPLATE = `<!DOCTYPE html>
<html><head><style>body { font-family: "Liberation Sans"; font-size: 12pt }</style></head>
<body><h1>Hello {{name}}</h1><p>Total: {{formatCurrency total "EUR"}}</p></body></html>`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-cli-'));
  writeFileSync(join(dir, 'hello.html'), TEMPLATE);
  writeFileSync(join(dir, 'data.json'), JSON.stringify({ name: 'Ada Lovelace', total: 1234.5 }));
  writeFileSync(join(dir, 'broken.json'), '{\n  "name": "Ada",\n  "total": ,\n}');
  writeFileSync(join(dir, 'syntax.html'), '<p>ok</p>\n<p>{{#each items}}{{name}}</p>');
  writeFileSync(join(dir, 'helper.html'), '<p>\n  {{frobnicate total 2}}</p>');
  writeFileSync(join(dir, 'missing-field.html'), '<p>ok</p>\n<p>  {{customer.name}}</p>');
  mkdirSync(join(dir, 'shared'));
  mkdirSync(join(dir, 'site'));
  writeFileSync(join(dir, 'shared', 'style.css'), 'h1 { color: rgb(200, 0, 0) }');
  writeFileSync(join(dir, 'site', 'page.html'), '<link rel="stylesheet" href="../shared/style.css"><h1>Shared {{name}}</h1>');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('argument parsing', () => {
  it('reads the template, data, output and encryption flags', () => {
    const args = parseRenderArgs(['t.html', '--data', 'd.json', '--out', '-', '--user-password', 'u', '--owner-password', 'o',
      '--deny', 'printing,copying,screenreaders,forms,assembly,modifying,annotating', '--encryption', 'aes-128', '--deterministic']);
    expect(args).toEqual({
      template: 't.html', data: 'd.json', out: '-', root: undefined, fontDirs: [], deterministic: true, shrinkToFit: false, wholePxAdvances: false, limits: { strict: false },
      encryption: {
        userPassword: 'u', ownerPassword: 'o', algorithm: 'aes-128',
        permissions: {
          printing: false, copying: false, contentAccessibility: false, fillingForms: false,
          documentAssembly: false, modifying: false, annotating: false,
        },
      },
    });
    expect(parseRenderArgs(['t.html']).encryption).toBeUndefined();
  });

  it.each([
    [[]],
    [['a.html', 'b.html']],
    [['a.html', '--bogus']],
    [['a.html', '--deny', 'printing,teleporting']],
    [['a.html', '--encryption', 'rot13']],
    [['a.html', '--data']],
  ])('refuses %j as a usage error', (args) => {
    expect(() => parseRenderArgs(args)).toThrow(UsageError);
  });

  it('derives the default output name from the template', () => {
    expect(defaultOutput('invoices/march.html')).toBe('invoices/march.pdf');
    expect(defaultOutput('letter.HTM')).toBe('letter.pdf');
    expect(defaultOutput('template')).toBe('template.pdf');
  });
});

describe('input errors (exit 2)', () => {
  it('names a missing template file', async () => {
    const result = await run(['nope.html']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("octavo render: cannot read template file 'nope.html': no such file\n");
  });

  it('names a missing data file', async () => {
    const result = await run(['hello.html', '--data', 'x.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("octavo render: cannot read data file 'x.json': no such file\n");
  });

  it('points at invalid JSON in the data file', async () => {
    const result = await run(['hello.html', '--data', 'broken.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^octavo render: invalid JSON in data file 'broken\.json' at 3:12: /);
    const piped = await run(['hello.html', '--data', '-'], '[1, 2');
    expect(piped.code).toBe(2);
    expect(piped.stderr).toMatch(/'<stdin>' at 1:6: unexpected end of input/);
  });

  it('refuses a --root that does not contain the template', async () => {
    const result = await run(['site/page.html', '--root', 'shared']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('must contain the template');
  });
});

describe('template errors (exit 1, file:line:column)', () => {
  it('reports Handlebars syntax errors', async () => {
    const result = await run(['syntax.html']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^octavo: syntax\.html:2:\d+: /);
  });

  it('reports unknown helpers', async () => {
    const result = await run(['helper.html']);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe("octavo: helper.html:2:3: unknown helper 'frobnicate'");
  });

  it('prints nothing for a missing field, and reports it with --strict', async () => {
    const lenient = await run(['missing-field.html', '--data', 'data.json', '--out', 'lenient.pdf']);
    expect([lenient.code, lenient.stderr]).toEqual([0, '']);
    expect(pdfText(join(dir, 'lenient.pdf')).trim()).toBe('ok');
    const result = await run(['missing-field.html', '--data', 'data.json', '--strict']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^octavo: missing-field\.html:2:6: "customer\.name" is not defined in the data\n/);
    expect(result.stderr).toContain('  hint: ');
  });

  it('parses --strict, --max-pages and --timeout', () => {
    expect(parseRenderArgs(['t.html', '--strict', '--max-pages', '3', '--timeout', '1.5']).limits).toEqual({ strict: true, maxPages: 3, timeoutMs: 1500 });
    expect(() => parseRenderArgs(['t.html', '--max-pages', '0'])).toThrow(UsageError);
    expect(() => parseRenderArgs(['t.html', '--max-pages', '2.5'])).toThrow(UsageError);
    expect(() => parseRenderArgs(['t.html', '--timeout', 'soon'])).toThrow(UsageError);
  });

  it('--shrink-to-fit scales content wider than the page down to fit; without it the warning names the widths', async () => {
    writeFileSync(join(dir, 'wide.html'), '<style>@page { size: A4; margin: 15mm } body { margin: 0 }</style>\n<div style="width: 1000px; text-align: right">END</div>');
    const cut = await run(['wide.html', '--out', 'wide-cut.pdf']);
    expect([cut.code, cut.stderr.split(' (')[0]]).toEqual([0, 'octavo: wide.html:2:1: warning[layout]: content is 1000px wide, the page area 681px: what is beyond is cut']);
    expect(pdfText(join(dir, 'wide-cut.pdf')).trim()).toBe('');
    const shrunk = await run(['wide.html', '--out', 'wide-shrunk.pdf', '--shrink-to-fit']);
    expect([shrunk.code, shrunk.stderr]).toEqual([0, '']);
    expect(pdfText(join(dir, 'wide-shrunk.pdf')).trim()).toBe('END');
    expect(parseRenderArgs(['t.html', '--shrink-to-fit']).shrinkToFit).toBe(true);
  });

  it('--whole-px-advances rounds each glyph to whole px, as Chromium prints with full hinting', async () => {
    // eight "text " at 10px Liberation Sans: 151.2px with the font's advances, 160px in whole px
    writeFileSync(join(dir, 'advances.html'), '<style>@page { size: 300px 100px; margin: 0 } body { margin: 0 } p { width: 155px; font: 10px/20px "Liberation Sans" }</style><p>text text text text text text text text</p>');
    const exact = await run(['advances.html', '--out', 'advances-exact.pdf']);
    const whole = await run(['advances.html', '--out', 'advances-whole.pdf', '--whole-px-advances']);
    expect([exact.code, exact.stderr, whole.code, whole.stderr]).toEqual([0, '', 0, '']);
    const lines = (file: string): string[] => pdfText(join(dir, file)).split('\n').map((l) => l.trim()).filter(Boolean);
    expect(lines('advances-exact.pdf')).toEqual(['text text text text text text text text']);
    expect(lines('advances-whole.pdf')).toEqual(['text text text text text text text', 'text']);
    expect(parseRenderArgs(['t.html', '--whole-px-advances']).wholePxAdvances).toBe(true);
  });

  it('fails a document longer than --max-pages', async () => {
    writeFileSync(join(dir, 'pages.html'), '<style>@page { size: 200px 100px; margin: 0 } p { break-after: page }</style>{{#each pages}}<p>{{this}}</p>{{/each}}');
    writeFileSync(join(dir, 'pages.json'), JSON.stringify({ pages: [1, 2, 3, 4] }));
    const result = await run(['pages.html', '--data', 'pages.json', '--max-pages', '3', '--out', 'pages.pdf']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^octavo: .*3 pages/);
    expect(existsSync(join(dir, 'pages.pdf'))).toBe(false);
    expect((await run(['pages.html', '--data', 'pages.json', '--max-pages', '4', '--out', 'pages.pdf'])).code).toBe(0);
  });

  // the thread loads the engine cold: limits generous enough for a loaded machine
  it('renders in a thread under --timeout, and stops one that runs too long', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const fast = await run(['hello.html', '--data', 'data.json', '--timeout', '300', '--out', 'timed.pdf']);
    expect([fast.code, fast.stderr]).toEqual([0, '']);
    expect(pdfText(join(dir, 'timed.pdf'))).toContain('Hello Ada Lovelace');
    const strictInThread = await run(['missing-field.html', '--strict', '--timeout', '300']);
    expect([strictInThread.code, strictInThread.stderr.split('\n')[0]]).toEqual([1, 'octavo: missing-field.html:2:6: "customer.name" is not defined in the data']);
    writeFileSync(join(dir, 'long.html'), '{{#each rows}}<p>row {{this}} of a long document with enough words to wrap</p>{{/each}}');
    writeFileSync(join(dir, 'long.json'), JSON.stringify({ rows: Array.from({ length: 4000 }, (_, i) => i) }));
    const slow = await run(['long.html', '--data', 'long.json', '--timeout', '0.05', '--out', 'long.pdf']);
    expect([slow.code, slow.stderr.split('\n')[0]]).toEqual([1, 'octavo: rendering took longer than the limit of 0.05 s']);
    expect(existsSync(join(dir, 'long.pdf'))).toBe(false);
  });

  it('never leaves a half-written output file', async () => {
    writeFileSync(join(dir, 'keep.pdf'), 'previous');
    const result = await run(['helper.html', '--out', 'keep.pdf']);
    expect(result.code).toBe(1);
    expect(readFileSync(join(dir, 'keep.pdf'), 'utf8')).toBe('previous');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('rendering (exit 0)', () => {
  it('--font-dir DIR: its fonts print the characters the bundled fonts lack, with no font named', async () => {
    mkdirSync(join(dir, 'my-fonts'), { recursive: true });
    copyFileSync(new URL('../fixtures/fonts/SourceSerif4-Regular.woff2', import.meta.url), join(dir, 'my-fonts', 'SourceSerif4-Regular.woff2'));
    writeFileSync(join(dir, 'dash.html'), '<p>a\u2E3Ab</p>');
    const without = await run(['dash.html', '--out', 'dash-without.pdf']);
    expect(without.code).toBe(0);
    expect(without.stderr).toMatch(/no available font has a glyph for U\+2E3A/);
    const result = await run(['dash.html', '--font-dir', 'my-fonts', '--out', 'dash.pdf']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(pdfText(join(dir, 'dash.pdf')).trim()).toBe('a\u2E3Ab');
    expect(execFileSync('pdffonts', [join(dir, 'dash.pdf')], { encoding: 'utf8' })).toMatch(/\+SourceSerif4-Regular\s+CID TrueType/);
  });

  it('writes TEMPLATE.pdf next to the template by default', async () => {
    const result = await run(['hello.html', '--data', 'data.json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const pdf = join(dir, 'hello.pdf');
    expect(result.stdout.toString()).toMatch(/^hello\.pdf: 1 page, \d+ bytes, \d+ ms\n$/);
    expect(qpdfCheck(pdf).ok).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain('Hello Ada Lovelace');
    expect(text).toContain('€1,234.50');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('reads data from stdin and writes the PDF to stdout', async () => {
    const result = await run(['hello.html', '--data', '-', '--out', '-'], JSON.stringify({ name: 'Piped', total: 1 }));
    expect(result.code).toBe(0);
    expect(result.stdout.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const path = join(dir, 'piped.pdf');
    writeFileSync(path, result.stdout);
    expect(qpdfCheck(path).ok).toBe(true);
    expect(pdfText(path)).toContain('Hello Piped');
  });

  it('gives identical bytes with --deterministic', async () => {
    const a = await run(['hello.html', '--data', 'data.json', '--out', '-', '--deterministic']);
    const b = await run(['hello.html', '--data', 'data.json', '--out', '-', '--deterministic']);
    expect(a.code).toBe(0);
    expect(Buffer.compare(a.stdout, b.stdout)).toBe(0);
  });

  it('encrypts with passwords, permissions and algorithm', async () => {
    const result = await run(['hello.html', '--data', 'data.json', '--out', 'secret.pdf', '--user-password', 'open-sesame',
      '--owner-password', 'owner', '--deny', 'printing,copying', '--encryption', 'aes-256']);
    expect(result.code).toBe(0);
    const path = join(dir, 'secret.pdf');
    expect(qpdfCheck(path, 'open-sesame').ok).toBe(true);
    const shown = execFileSync('qpdf', ['--show-encryption', '--password=open-sesame', path], { encoding: 'utf8' });
    expect(shown).toMatch(/print high resolution: not allowed/);
    expect(shown).toMatch(/extract for any purpose: not allowed/);
    expect(shown).toMatch(/modify other: allowed/);
    expect(shown).toMatch(/AESv3/);
    expect(pdfText(path, undefined, 'open-sesame')).toContain('Hello Ada Lovelace');
  });

  it('widens the sandbox with --root', async () => {
    // outside the root: not read, a located warning, and the document renders without it (as in a browser)
    const denied = await run(['site/page.html', '--data', 'data.json', '--out', 'site/denied.pdf']);
    expect(denied.code).toBe(0);
    expect(denied.stderr).toMatch(/^octavo: site\/page\.html:\d+:\d+: warning\[resource\]: .*outside the resource root/m);
    expect(existsSync(join(dir, 'site', 'denied.pdf'))).toBe(true);
    const allowed = await run(['site/page.html', '--data', 'data.json', '--root', '.', '--out', 'site/page.pdf']);
    expect(allowed.stderr).toBe('');
    expect(allowed.code).toBe(0);
    expect(pdfPages(join(dir, 'site', 'page.pdf'))).toBe(1);
    expect(pdfText(join(dir, 'site', 'page.pdf'))).toContain('Shared Ada Lovelace');
  });
});
