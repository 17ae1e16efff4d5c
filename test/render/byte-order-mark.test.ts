/**
 * A byte-order mark at the start of a template, a stylesheet or an SVG image is dropped as browsers
 * drop it (issue 28): kept, it printed as a U+FEFF character on a line of its own, pushing the page
 * down. Each document with a BOM must give the very bytes of the same document without it. A
 * UTF-16 mark (little- or big-endian) says how the rest is encoded, in files, payloads and
 * stylesheets; without one, `@charset`, `<meta charset>` and an XML declaration name a legacy
 * encoding (issue 31).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import renderCommand from '../../src/cli/commands/render.js';
import { readBody } from '../../src/service/http-support.js';
import { decodeText } from '../../src/decode-text.js';
import { pdfText, runCommand } from '../cli/io.js';
import { PROCESS_TEST_TIMEOUT_MS } from '../helpers/processes.js';

/** `text` as UTF-16 after its byte-order mark. */
function utf16(text: string, endian: 'le' | 'be'): Buffer {
  const le = Buffer.from(text, 'utf16le');
  return endian === 'le' ? Buffer.concat([Buffer.from([0xff, 0xfe]), le]) : Buffer.concat([Buffer.from([0xfe, 0xff]), le.swap16()]);
}

const BOM = '\uFEFF';
const folder = mkdtempSync(join(tmpdir(), 'octavo-bom-'));
const engine = createEngine();

async function pdfOf(template: string): Promise<{ pdf: Uint8Array; warnings: string[] }> {
  const result = await engine.renderDetailed({ template, baseDir: folder, deterministic: true });
  return { pdf: result.pdf, warnings: result.diagnostics.map((d) => d.message) };
}

describe('byte-order marks', () => {
  it('in the template', async () => {
    const page = '<h1 style="break-before: right">Chapter</h1><p>Text</p>';
    const plain = await pdfOf(page);
    const marked = await pdfOf(`${BOM}${page}`);
    expect(marked.warnings).toEqual([]);
    expect(Buffer.from(marked.pdf).equals(Buffer.from(plain.pdf))).toBe(true);
  });

  it('in a stylesheet (its first selector still matches) and an SVG image', async () => {
    writeFileSync(join(folder, 'plain.css'), 'p { color: rgb(0, 0, 255) }');
    writeFileSync(join(folder, 'marked.css'), `${BOM}p { color: rgb(0, 0, 255) }`);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>';
    writeFileSync(join(folder, 'plain.svg'), svg);
    writeFileSync(join(folder, 'marked.svg'), `${BOM}${svg}`);
    const page = (name: string): string => `<link rel="stylesheet" href="${name}.css"><p>Text</p><img src="${name}.svg">`;
    const plain = await pdfOf(page('plain'));
    const marked = await pdfOf(page('marked'));
    expect(marked.warnings).toEqual([]);
    expect(Buffer.from(marked.pdf).equals(Buffer.from(plain.pdf))).toBe(true);
  });

  it('in UTF-16, little- and big-endian: a stylesheet and an SVG image give the same PDF as in UTF-8', async () => {
    const css = 'p { color: rgb(0, 0, 255) } .gone { display: none }';
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>';
    writeFileSync(join(folder, 'utf8.css'), css);
    writeFileSync(join(folder, 'utf8.svg'), svg);
    for (const endian of ['le', 'be'] as const) {
      writeFileSync(join(folder, `${endian}.css`), utf16(css, endian));
      writeFileSync(join(folder, `${endian}.svg`), utf16(svg, endian));
    }
    const page = (name: string): string => `<link rel="stylesheet" href="${name}.css"><p>Text</p><p class="gone">gone</p><img src="${name}.svg">`;
    const plain = await pdfOf(page('utf8'));
    for (const endian of ['le', 'be']) {
      const marked = await pdfOf(page(endian));
      expect(marked.warnings).toEqual([]);
      expect(Buffer.from(marked.pdf).equals(Buffer.from(plain.pdf))).toBe(true);
    }
  });

  it('in UTF-16: a template file and a JSON payload given to the CLI', async () => {
    writeFileSync(join(folder, 'letter.html'), utf16('<p>Grüße {{name}} Ωmega</p>', 'le'));
    writeFileSync(join(folder, 'data.json'), utf16('{"name": "Zoë"}', 'be'));
    const result = await runCommand(renderCommand, ['letter.html', '--data', 'data.json', '--out', 'letter.pdf'], { cwd: folder });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(pdfText(join(folder, 'letter.pdf'))).toContain('Grüße Zoë Ωmega');
  }, PROCESS_TEST_TIMEOUT_MS);

  it('in UTF-16: a JSON body sent to the service', async () => {
    for (const endian of ['le', 'be'] as const) {
      const request = new Request('http://127.0.0.1/', { method: 'POST', body: utf16('{"name": "Zoë"}', endian) });
      expect(JSON.parse(await readBody(request, 1024))).toEqual({ name: 'Zoë' });
    }
  });

  it('without a mark, a legacy encoding named by @charset, <meta charset> or an XML declaration', async () => {
    writeFileSync(join(folder, 'latin.css'), Buffer.from('@charset "windows-1252";\np::after { content: " café €" }', 'latin1').map((byte) => (byte === 0xac ? 0x80 : byte)));
    const { pdf, warnings } = await pdfOf('<link rel="stylesheet" href="latin.css"><p>Text</p>');
    expect(warnings).toEqual([]);
    writeFileSync(join(folder, 'latin.pdf'), pdf);
    expect(pdfText(join(folder, 'latin.pdf'))).toContain('Text café €');

    writeFileSync(join(folder, 'meta.html'), Buffer.from('<html><head><meta charset="iso-8859-1"></head><body><p>Jalapeño</p></body></html>', 'latin1'));
    const result = await runCommand(renderCommand, ['meta.html', '--out', 'meta.pdf'], { cwd: folder });
    expect(result.code).toBe(0);
    expect(pdfText(join(folder, 'meta.pdf'))).toContain('Jalapeño');

    expect(decodeText(Buffer.from('<?xml version="1.0" encoding="ISO-8859-2"?><svg>\xb1</svg>', 'latin1'), 'xml')).toBe('<?xml version="1.0" encoding="ISO-8859-2"?><svg>ą</svg>');
    // a UTF-16 label read in ASCII bytes is UTF-8, as in browsers; an unknown label leaves UTF-8
    expect(decodeText(Buffer.from('<meta charset="utf-16"><p>é</p>'), 'html')).toBe('<meta charset="utf-16"><p>é</p>');
    expect(decodeText(Buffer.from('@charset "klingon"; p::after { content: "é" }'), 'css')).toBe('@charset "klingon"; p::after { content: "é" }');
  }, PROCESS_TEST_TIMEOUT_MS);
});
