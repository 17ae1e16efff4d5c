/**
 * A byte-order mark at the start of a template, a stylesheet or an SVG image is dropped as browsers
 * drop it (issue 28): kept, it printed as a U+FEFF character on a line of its own, pushing the page
 * down. Each document with a BOM must give the very bytes of the same document without it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

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
});
