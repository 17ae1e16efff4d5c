/** Paged media in whole renders, read back from the PDF: running headers, a table of contents, a landscape named page. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import { withPdfFile } from '../helpers/tmp.js';
import { qpdfCheck } from '../helpers/qpdf.js';

const run = promisify(execFile);
const engine = createEngine();

async function pagesText(html: string): Promise<string[]> {
  const pdf = await engine.render({ template: html });
  await qpdfCheck(pdf);
  const text = await withPdfFile(pdf, async (path) => (await run('pdftotext', ['-layout', path, '-'])).stdout);
  return text.split('\f').slice(0, -1);
}

async function pageSizes(html: string): Promise<string[]> {
  const pdf = await engine.render({ template: html });
  const info = await withPdfFile(pdf, async (path) => (await run('pdfinfo', ['-f', '1', '-l', '99', path])).stdout);
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => `${Math.round(Number(m[1]))}x${Math.round(Number(m[2]))}`);
}

const SECTIONS = ['Definitions', 'Services', 'Fees', 'Term', 'Signatures'];

/** A seven-page contract: a table of contents, then one section per page (two for Services), each with a header naming it. */
const CONTRACT = `<style>
  @page { size: A5; margin: 20mm 15mm;
    @top-left { content: string(section) }
    @bottom-center { content: "Page " counter(page) " of " counter(pages) } }
  @page :first { @top-left { content: "Contract" } }
  h1 { string-set: section content(text); break-before: page; font-size: 16px }
  .toc a { display: block; color: black }
  .toc a::after { content: leader(dotted) target-counter(attr(href url), page) }
</style>
<h2>Contents</h2>
<nav class="toc">${SECTIONS.map((s, i) => `<a href="#s${i}">${s}</a>`).join('')}</nav>
${SECTIONS.map((s, i) => `<h1 id="s${i}">${s}</h1><p>Text of ${s}.${s === 'Services' ? ' The supplier shall provide the services.'.repeat(70) : ''}</p>`).join('')}`;

describe('paged media in the PDF', () => {
  it('prints the current section in each header and "Page 3 of 7" on page 3', async () => {
    const pages = await pagesText(CONTRACT);
    expect(pages).toHaveLength(7);
    const headers = pages.map((page) => page.split('\n').find((line) => line.trim() !== '')!.trim());
    expect(headers).toEqual(['Contract', 'Definitions', 'Services', 'Services', 'Fees', 'Term', 'Signatures']);
    expect(pages[2]).toContain('Page 3 of 7');
  });

  it('shows a table of contents whose page numbers are where the headings landed', async () => {
    const pages = await pagesText(CONTRACT);
    const landed = SECTIONS.map((s) => pages.findIndex((page, i) => i > 0 && page.includes(`Text of ${s}.`)) + 1);
    expect(landed).toEqual([2, 3, 5, 6, 7]);
    const toc = SECTIONS.map((s) => new RegExp(`${s} ?(\\. ){5,}(\\d+)\\n`).exec(pages[0]!)?.[2]);
    expect(toc.map(Number)).toEqual(landed);
  });

  it('puts a landscape appendix (a named page) between portrait pages', async () => {
    const sizes = await pageSizes(`<style>@page { size: A5 } @page appendix { size: A5 landscape } .appendix { page: appendix }</style>
      <p>Body</p><section class="appendix"><p>Annex table</p></section><p>Back</p>`);
    expect(sizes).toEqual(['420x595', '595x420', '420x595']);
  });
});

describe('PDF navigation', () => {
  interface QpdfJson { readonly qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>] }

  it('links #id to a named destination on the target page and keeps external links as URI actions', async () => {
    const { qpdf } = await import('../helpers/qpdf.js');
    const pdf = await engine.render({ template: `<style>@page { size: 400px 300px; margin: 0 } body { margin: 0 } h2 { margin: 0 }</style>
      <p style="margin: 0"><a href="#terms">Terms</a> <a href="https://example.com/">site</a></p><h2 id="terms" style="break-before: page; margin-top: 40px">Terms</h2>` });
    await qpdfCheck(pdf);
    const json = JSON.parse((await qpdf(pdf, ['--json=2', '--json-key=qpdf', '--json-key=pages'])).stdout) as QpdfJson & { pages: { object: string }[] };
    const objects = json.qpdf[1];
    const value = (ref: unknown): Record<string, unknown> => objects[`obj:${String(ref)}`]!.value!;
    const dests = Object.values(objects).map((o) => o.value).find((v) => v !== undefined && '/Dests' in v)!['/Dests'] as { '/Names': unknown[] };
    const names = dests['/Names'];
    const terms = names[names.indexOf('u:terms') + 1] as [string, string, number, number];
    // on page 2, 40px (30pt) below its top: 300px = 225pt high
    expect(terms[0]).toBe(json.pages[1]!.object);
    expect(terms[3]).toBeCloseTo(225 - 30, 3);
    const actions = Object.values(objects).map((o) => o.value).filter((v): v is Record<string, unknown> => v?.['/Subtype'] === '/Link').map((link) => value(link['/A']));
    expect(actions.map((a) => a['/S'])).toEqual(['/GoTo', '/URI']);
    expect(actions[0]!['/D']).toBe('u:terms');
    expect(actions[1]!['/URI']).toBe('u:https://example.com/');
  });

  interface Outline { readonly title: string; readonly destpageposfrom1: number; readonly open: boolean; readonly kids: readonly Outline[] }
  const tree = (items: readonly Outline[]): unknown[] => items.map((o) => [o.title, o.destpageposfrom1, o.open, ...(o.kids.length > 0 ? [tree(o.kids)] : [])]);

  it('builds the outline from bookmark-level, bookmark-label and bookmark-state (h1-h6 by default)', async () => {
    const { qpdf } = await import('../helpers/qpdf.js');
    const pdf = await engine.render({ template: `<style>@page { size: 300px 600px; margin: 10px } body { counter-reset: ch }
      h1 { counter-increment: ch; bookmark-label: counter(ch) ". " content(); bookmark-state: closed; break-before: page }
      h3 { bookmark-level: none } .fig { bookmark-level: 2; bookmark-label: "Figure: " attr(title) }</style>
      <h1>Scope</h1><h2>Parties</h2><h3>Not listed</h3><p class=fig title="Map">x</p>
      <h1>Fees  and
      terms</h1><h2>Late <em>payment</em></h2><h6>Deep</h6>` });
    await qpdfCheck(pdf);
    const json = JSON.parse((await qpdf(pdf, ['--json', '--json-key=outlines'])).stdout) as { outlines: Outline[] };
    expect(tree(json.outlines)).toEqual([
      ['1. Scope', 1, false, [['Parties', 1, true], ['Figure: Map', 1, true]]],
      ['2. Fees and terms', 2, false, [['Late payment', 2, true, [['Deep', 2, true]]]]],
    ]);
  });
});
