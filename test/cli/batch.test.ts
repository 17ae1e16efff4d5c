/** `octavo render --batch`: a thousand invoices through the service's worker pool, failures by NDJSON line. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import command from '../../src/cli/commands/render.js';
import { outputName } from '../../src/cli/shared/batch.js';
import { UsageError } from '../../src/cli/shared/command.js';
import { pdfText, qpdfCheck, runCommand } from './io.js';
import { png } from '../resources/image-bytes.js';
import { selfSignedP12 } from '../pdf/signing-fixture.js';

let dir: string;
const run = (args: string[]) => runCommand(command, args, { cwd: dir });

const INVOICE = `<html lang="en-IE"><head><style>@page { size: A6; margin: 10mm } body { font: 9pt sans-serif }</style></head>
<body><h1>Invoice {{invoice.number}}</h1><p>{{customer}}</p>
{{#each lines}}<p>{{description}}: {{formatCurrency (multiply quantity price) "EUR"}}</p>{{/each}}
<p>Total {{formatCurrency (sumProduct lines "quantity" "price") "EUR"}}</p></body></html>`;

function invoice(n: number): string {
  return JSON.stringify({ invoice: { number: `INV-${n}` }, customer: `Customer ${n}`, lines: [{ description: 'Design', quantity: n % 5 + 1, price: 120 }, { description: 'Hosting', quantity: 1, price: 9.5 }] });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-batch-'));
  writeFileSync(join(dir, 'invoice.html'), INVOICE);
  const lines = Array.from({ length: 1000 }, (_, i) => invoice(i + 1));
  writeFileSync(join(dir, 'invoices.ndjson'), `${lines.join('\n')}\n`);
  writeFileSync(join(dir, 'mixed.ndjson'), [invoice(1), '', '{"invoice": ', '{"customer": "no number"}', invoice(1), invoice(2)].join('\n'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('octavo render --batch', () => {
  it('renders 1,000 invoices on every core and reports throughput', async () => {
    const result = await run(['invoice.html', '--batch', 'invoices.ndjson', '--out-dir', 'out', '--name-field', 'invoice.number']);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual(Array.from({ length: 10 }, (_, i) => `${(i + 1) * 100}/1000 documents`));
    const summary = result.stdout.toString('utf8');
    expect(summary).toMatch(/^1000 documents \(1000 written to out, 0 failed\), 1000 pages, [\d.]+ s, [\d.]+ documents\/s\n$/);
    expect(result.code).toBe(0);
    const files = readdirSync(join(dir, 'out'));
    expect(files.length).toBe(1000);
    expect(files).toContain('INV-1000.pdf');
    expect(qpdfCheck(join(dir, 'out', 'INV-7.pdf')).ok).toBe(true);
    expect(pdfText(join(dir, 'out', 'INV-7.pdf'))).toMatch(/Invoice INV-7[\s\S]*Design: €360\.00[\s\S]*Total €369\.50/);
    console.log(`batch of 1,000 invoices: ${summary.trim()}`);
  }, 900_000); // about 25 s of CPU time: many minutes on a loaded machine

  it('names files by line number and reports each failure with its NDJSON line', async () => {
    const result = await run(['invoice.html', '--batch', 'mixed.ndjson', '--out-dir', 'mixed']);
    expect(result.code).toBe(1);
    expect(result.stdout.toString('utf8')).toMatch(/^5 documents \(3 written to mixed, 2 failed\), 3 pages/);
    const failures = result.stderr.split('\n').filter((line) => line.startsWith('octavo:')).sort();
    expect(failures).toEqual([
      'octavo: mixed.ndjson:3: invalid JSON: Unexpected end of JSON input',
      'octavo: mixed.ndjson:4: sumProduct: expected a list, got a missing value (invoice.html:4:27)',
    ]);
    expect(readdirSync(join(dir, 'mixed')).sort()).toEqual(['1.pdf', '5.pdf', '6.pdf']);
  });

  it('names files by a field and refuses a missing or repeated name', async () => {
    const result = await run(['invoice.html', '--batch', 'mixed.ndjson', '--out-dir', 'named', '--name-field', 'invoice.number']);
    expect(result.code).toBe(1);
    const failures = result.stderr.split('\n').filter((line) => line.startsWith('octavo:')).sort();
    expect(failures).toEqual([
      'octavo: mixed.ndjson:3: invalid JSON: Unexpected end of JSON input',
      'octavo: mixed.ndjson:4: the payload has no "invoice.number" to name its file',
      'octavo: mixed.ndjson:5: INV-1.pdf is already the output of line 1',
    ]);
    expect(result.stdout.toString('utf8')).toMatch(/^5 documents \(2 written to named, 3 failed\), 2 pages/);
    expect(readdirSync(join(dir, 'named')).sort()).toEqual(['INV-1.pdf', 'INV-2.pdf']);
  });

  it('takes the single render\'s flags: --strict and --max-pages', async () => {
    writeFileSync(join(dir, 'note.html'), '<p>{{title}}</p><p>{{note}}</p>');
    writeFileSync(join(dir, 'notes.ndjson'), '{"title": "a", "note": "n"}\n{"title": "b"}\n');
    const lenient = await run(['note.html', '--batch', 'notes.ndjson', '--out-dir', 'lenient']);
    expect(lenient.code).toBe(0);
    const strict = await run(['note.html', '--batch', 'notes.ndjson', '--out-dir', 'strict', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/^octavo: notes\.ndjson:2: .*"note".*note\.html:1:\d+/m);
    expect(readdirSync(join(dir, 'strict'))).toEqual(['1.pdf']);
    writeFileSync(join(dir, 'pages.html'), '<style>p { break-after: page }</style>{{#each pages}}<p>{{this}}</p>{{/each}}');
    writeFileSync(join(dir, 'pages.ndjson'), '{"pages": [1, 2]}\n{"pages": [1, 2, 3, 4]}\n');
    const limited = await run(['pages.html', '--batch', 'pages.ndjson', '--out-dir', 'pages', '--max-pages', '3']);
    expect(limited.stderr).toMatch(/^octavo: pages\.ndjson:2: the document's forced page breaks make more than 3 pages/m);
    expect(readdirSync(join(dir, 'pages'))).toEqual(['1.pdf']);
  });

  it('takes --root, PDF/A and signature flags like a single render', async () => {
    mkdirSync(join(dir, 'site', 'letters'), { recursive: true });
    writeFileSync(join(dir, 'site', 'logo.png'), png(4, 2, [0, 0, 255]));
    writeFileSync(join(dir, 'site', 'letters', 'letter.html'), '<img src="../logo.png"><p>Dear {{name}}</p>');
    writeFileSync(join(dir, 'site', 'letters', 'names.ndjson'), '{"name": "Ada"}\n{"name": "Grace"}\n');
    // without --root the logo is outside the sandbox: not read, and each letter renders without it
    const denied = await run(['site/letters/letter.html', '--batch', 'site/letters/names.ndjson', '--out-dir', 'denied']);
    expect(denied.code).toBe(0);
    expect(execFileSync('pdfimages', ['-list', join(dir, 'denied', '1.pdf')], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(2);
    const { p12, passphrase } = selfSignedP12();
    writeFileSync(join(dir, 'signer.p12'), p12);
    const result = await run(['site/letters/letter.html', '--batch', 'site/letters/names.ndjson', '--out-dir', 'letters', '--root', 'site',
      '--pdfa', '2b', '--sign', 'signer.p12', '--sign-passphrase', passphrase, '--sign-reason', 'Approved']);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('octavo:'))).toEqual([]);
    expect(result.code).toBe(0);
    for (const name of ['1.pdf', '2.pdf']) {
      const file = join(dir, 'letters', name);
      expect(qpdfCheck(file).ok).toBe(true);
      expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(3);
      const bytes = readFileSync(file).toString('latin1');
      expect(bytes).toMatch(/pdfaid:part[^0-9]*2/);
      expect(bytes).toContain('/ByteRange');
      expect(execFileSync('pdfsig', [file], { encoding: 'utf8' })).toMatch(/Signature is Valid/);
    }
    expect(pdfText(join(dir, 'letters', '2.pdf'))).toContain('Dear Grace');
  });

  it('makes safe file names', () => {
    expect(outputName({ n: '../../etc/passwd' }, 'n', 1)).toBe('etc_passwd.pdf');
    expect(outputName({ n: 'Rechnung Nr. 7/2024' }, 'n', 1)).toBe('Rechnung_Nr._7_2024.pdf');
    expect(outputName({}, undefined, 12)).toBe('12.pdf');
  });

  it('checks its flags', async () => {
    await expect(run(['invoice.html', '--batch', 'x.ndjson'])).rejects.toThrow(UsageError);
    await expect(run(['invoice.html', '--out-dir', 'x'])).rejects.toThrow(UsageError);
    await expect(run(['invoice.html', '--batch', 'x.ndjson', '--out-dir', 'o', '--data', 'd.json'])).rejects.toThrow(UsageError);
  });
});
