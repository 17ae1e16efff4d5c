/**
 * A render paints each page's flow as soon as the page is laid out and drops its fragments
 * (render.ts); the page boxes and margin boxes are painted once the page count is known. The
 * display list must be exactly the one painted from the whole laid-out document (what
 * `engine.layout()` returns), for everything that needs all pages: "Page X of Y", running strings
 * and elements, counters in margin boxes, blank pages, links, bookmarks, named destinations and
 * tagging — and for the documents still laid out whole (fixed boxes, cross-references). Each
 * page is written to the PDF as it is painted (margin boxes added at the end): the PDF shows what
 * the PDF of the whole display list shows.
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { paintDocument } from '../helpers/paint.js';
import type { DocumentDisplayList } from '../../src/paint/display-list.js';
import { fingerprint } from '../../src/pdf/fingerprint.js';
import { checkDiagnostics } from '../helpers/diagnostics.js';
import { writePdf } from '../../src/pdf/writer.js';
import { qpdfCheck } from '../helpers/qpdf.js';
import { withPdfFile } from '../helpers/tmp.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const engine = createInternalEngine();

const hash = (display: DocumentDisplayList): string =>
  Buffer.from(fingerprint({ display, metadata: {}, encryption: undefined, compress: true })).toString('hex');

/** The display list of a render, and the one painted from the whole laid-out document. */
async function paintedBothWays(template: string, tagged: boolean): Promise<{ streamed: DocumentDisplayList; whole: DocumentDisplayList }> {
  const request = { template, data: {}, tagged };
  const laid = await engine.layout(request);
  checkDiagnostics(laid.diagnostics, []);
  return { streamed: await engine.display(request), whole: paintDocument(laid.pages, { tagged }) };
}

const glyphText = (display: DocumentDisplayList, page: number): string => display.pages[page]!.items
  .map((item) => (item.kind === 'glyphs' ? item.glyphs.map((g) => String.fromCodePoint(...g.codePoints)).join('') : ''))
  .join(' ');

const PAGE = `@page { size: 300px 200px; margin: 30px; font: 10px/12px "Liberation Sans";
  @top-left { content: string(chapter) } @top-right { content: element(brand) }
  @bottom-center { content: "Page " counter(page) " of " counter(pages) } @bottom-right { content: "Ch. " counter(chapter) } }
  body { margin: 0; font: 10px/12px "Liberation Sans" } p { margin: 0; height: 50px }
  h1 { counter-increment: chapter; string-set: chapter content(text); font: 10px/20px "Liberation Sans"; margin: 0; bookmark-level: 1 }
  .brand { position: running(brand) } .right { break-before: right }
  th, td { padding: 2px; border: 1px solid black } table { border-collapse: collapse }`;

const BODY = `<div class=brand>ACME</div><h1 id=one>One</h1><p><a href="#two">to two</a></p><p></p><p>x</p>
  <h1 id=two class=right>Two</h1><p><a href="https://example.com/">out</a></p>
  <table><thead><tr><th>Head</th></tr></thead><tbody>${'<tr><td>row</td></tr>'.repeat(40)}</tbody></table>`;

describe('painting page by page', () => {
  it('paints what painting the whole document paints: margin boxes, running content, blank pages, links, bookmarks', async () => {
    for (const tagged of [false, true]) {
      const { streamed, whole } = await paintedBothWays(`<style>${PAGE}</style>${BODY}`, tagged);
      expect(streamed.pages.length).toBeGreaterThan(4);
      expect(hash(streamed)).toBe(hash(whole));
      const last = streamed.pages.length - 1;
      expect(glyphText(streamed, last)).toContain(`Page ${last + 1} of ${last + 1}`);
      expect(glyphText(streamed, last)).toContain('Two');
      expect(streamed.pages.flatMap((p) => p.items).filter((i) => i.kind === 'bookmark')).toHaveLength(2);
      expect(streamed.pages.flatMap((p) => p.items).filter((i) => i.kind === 'link')).toHaveLength(2);
    }
  });

  it('lays out whole, and paints the same, a document with a fixed box (it is on every page) or cross-references', async () => {
    const fixed = await paintedBothWays(`<style>${PAGE} .stamp { position: fixed; top: 0; right: 0 }</style>${BODY}<div class=stamp>STAMP</div>`, false);
    expect(hash(fixed.streamed)).toBe(hash(fixed.whole));
    for (let page = 0; page < fixed.streamed.pages.length; page++) expect(glyphText(fixed.streamed, page)).toContain('STAMP');
    const toc = `<style>${PAGE} a.toc::after { content: " p. " target-counter(attr(href url), page) }</style><a class=toc href="#two">Two</a>${BODY}`;
    const references = await paintedBothWays(toc, true);
    expect(hash(references.streamed)).toBe(hash(references.whole));
    expect(glyphText(references.streamed, 0)).toMatch(/Two\s+p\. 3 /);
  });

  it('writes each page to the PDF as it is painted: the same text as the PDF of the whole display list', async () => {
    const pdftotext = (pdf: Uint8Array): Promise<string> => withPdfFile(pdf, async (path) => (await promisify(execFile)('pdftotext', ['-layout', path, '-'])).stdout);
    for (const tagged of [false, true]) {
      const request = { template: `<style>${PAGE}</style>${BODY}`, data: {}, tagged, deterministic: true };
      const streamed = await engine.render(request);
      await qpdfCheck(streamed);
      const whole = await writePdf(await engine.display(request), { metadata: {}, encryption: undefined, deterministic: true, compress: true, tagged });
      expect(await pdftotext(streamed)).toBe(await pdftotext(whole));
      expect(Buffer.from(await engine.render(request)).equals(Buffer.from(streamed))).toBe(true);
    }
  });
});
