/**
 * Characters that CSS makes rather than the document's text — page-margin boxes (`"Seite "
 * counter(page) " von " counter(pages)`), counters in other counter styles (`lower-greek`),
 * `::before` strings, leaders, a broken image's alt text — count among the characters a document prints
 * (src/resources/code-points.ts): a web font split into `unicode-range` subsets (Fira Sans as
 * Google Fonts serves it, WOFF2) loads the subsets they need, so they print in that font and
 * extract with pdftotext.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { SUBSETS } from '../net/asset-server.js';
import type { StrictRenderOptions } from '../helpers/render.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);
const FONTS = new URL('../fixtures/fonts/fira-sans/', import.meta.url);

const fontFaces = Object.entries(SUBSETS).map(([subset, range]) =>
  `@font-face { font-family: Fira; src: url(fira-sans-${subset}-400-normal.woff2) format("woff2"); unicode-range: ${range} }`).join('\n');

async function inspect(template: string, expectDiagnostics: StrictRenderOptions['expectDiagnostics'] = []): Promise<{ text: string; fonts: string[] }> {
  const pdf = await renderPdf(template, { baseDir: FONTS.pathname, expectDiagnostics });
  return withPdfFile(pdf, async (path) => ({
    text: (await run('pdftotext', ['-enc', 'UTF-8', '-layout', path, '-'])).stdout,
    fonts: (await run('pdffonts', [path])).stdout.split('\n').filter((line) => line.includes('+')).map((line) => line.slice(line.indexOf('+') + 1, line.indexOf(' '))),
  }));
}

describe('text made by CSS in a font split by unicode-range', () => {
  test('page-margin boxes with counters in other styles print in the web font', async () => {
    // the body is Latin only: the Cyrillic and Greek subsets are wanted by the margin boxes alone
    const { text, fonts } = await inspect(`<style>${fontFaces}
      @page { size: 300px 200px; margin: 40px;
        @bottom-center { content: "Страница " counter(page, lower-greek) " von " counter(pages) " — Übersicht"; font: 10px Fira } }
      body { font: 12px Fira; margin: 0 }</style><p>Hello</p>`);
    expect(text).toMatch(/Страница α von 1 — Übersicht/);
    expect(fonts.length).toBeGreaterThanOrEqual(2); // latin, cyrillic and greek subsets of Fira Sans
    expect(new Set(fonts)).toEqual(new Set(['FiraSans-Regular']));
  });

  test('::before strings and list markers in another script print in the web font', async () => {
    const { text, fonts } = await inspect(`<style>${fontFaces}
      @page { size: 300px 200px; margin: 20px } body { font: 12px Fira; margin: 0 }
      h2::before { content: "Глава " counter(chapter, lower-greek) ". "; counter-increment: chapter }
      ol { list-style-type: lower-greek }</style><h2>One</h2><ol><li>x</li><li>y</li></ol>`);
    expect(text).toMatch(/Глава α\. One/);
    expect(text).toMatch(/α\. x/);
    expect(text).toMatch(/β\. y/);
    expect(new Set(fonts)).toEqual(new Set(['FiraSans-Regular']));
  });

  test("a broken image's alt text in another script prints in the web font", async () => {
    const { text, fonts } = await inspect(`<!doctype html><style>${fontFaces}
      @page { size: 300px 200px; margin: 20px } body { font: 12px Fira; margin: 0 }</style><p>Logo: <img src="logo.png" alt="Логотип" width="100" height="40"></p>`,
    [{ code: 'resource', message: /^image not loaded: .*logo\.png/ }]);
    expect(text).toMatch(/Logo: Логотип/);
    expect(new Set(fonts)).toEqual(new Set(['FiraSans-Regular']));
    expect(fonts.length).toBeGreaterThanOrEqual(2);
  });
});
