import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { createEngine } from '../../src/render.js';
import type { RenderOptions } from '../../src/options.js';
import { qpdf, qpdfCheck } from '../helpers/qpdf.js';
import { withPdfFile } from '../helpers/tmp.js';
import { encodePng } from './image-fixture.js';

const run = promisify(execFile);
const engine = createEngine();
const png = `data:image/png;base64,${Buffer.from(encodePng([[[255, 0, 0, 255], [0, 0, 255, 255]]])).toString('base64')}`;

const HTML = `<!doctype html><html lang="en"><head><title>Quarterly report</title>
<style>
  @page { size: 400px 700px; margin: 30px; @bottom-center { content: "Page " counter(page) } }
  body { font-family: sans-serif; font-size: 12px }
  .box { background: #eee; border: 1px solid #c00; text-decoration: underline }
</style></head>
<body>
  <h1>Report title</h1>
  <p class="box">First <b>bold</b> words and a <a href="https://example.com/terms">terms link</a>.</p>
  <ul><li>Apples</li><li>Pears <i>ripe</i></li></ul>
  <table><thead><tr><th>Name</th><th>Qty</th></tr></thead><tbody><tr><th scope="row">Kiwi</th><td colspan="2">4</td></tr></tbody></table>
  <img src="${png}" alt="Red and blue squares" style="width: 20px; height: 10px">
  <img src="${png}" alt="" style="width: 20px; height: 10px">
  <p style="opacity: 0.5">Faded note</p>
  <h2>Summary</h2>
  <p lang="de">Deutscher Text</p>
</body></html>`;

const render = (options: Partial<RenderOptions> = {}): Promise<Uint8Array> =>
  engine.render({ template: HTML, tagged: true, deterministic: true, ...options });

const pdfinfo = (pdf: Uint8Array, args: string[]): Promise<string> =>
  withPdfFile(pdf, async (path) => (await run('pdfinfo', [...args, path])).stdout);

/** `pdfinfo -struct-text` as roles and text, indentation kept, attribute lines dropped. */
async function structure(pdf: Uint8Array): Promise<string[]> {
  const out = await pdfinfo(pdf, ['-struct-text']);
  return out.split('\n')
    .filter((line) => line.trim() !== '' && !/^\s+\/\w+/.test(line))
    .map((line) => line.replace(/\s+$/, '').replace(/ \((block|inline)\)/, '').replace(/:$/, ''));
}

describe('tagged PDF', () => {
  test('structure tree from the HTML: headings, paragraphs, lists, tables, figures, links, in document order', async () => {
    const pdf = await render();
    await qpdfCheck(pdf);
    const tree = await structure(pdf);
    expect(tree).toEqual([
      'Document',
      '  H1',
      '    "Report title"',
      '  P',
      '    "First "',
      '    Span',
      '      "bold"',
      '    " words and a "',
      '    Link',
      '      "terms link"',
      expect.stringMatching(/^ {6}Object \d+ 0$/),
      '    "."',
      '  L',
      '    LI',
      '      Lbl',
      '        "• "',
      '      LBody',
      '        "Apples"',
      '    LI',
      '      Lbl',
      '        "• "',
      '      LBody',
      '        "Pears "',
      '        Span',
      '          "ripe"',
      '  Table',
      '    THead',
      '      TR',
      '        TH',
      '          "Name"',
      '        TH',
      '          "Qty"',
      '    TBody',
      '      TR',
      '        TH',
      '          "Kiwi"',
      '        TD',
      '          "4"',
      '  Figure',
      '    ""',
      '  P',
      '    "Faded note"',
      '  H2',
      '    "Summary"',
      '  P',
      '    "Deutscher Text"',
    ]);
  });

  test('catalog: MarkInfo, StructTreeRoot with ParentTree, Lang; pages: StructParents and Tabs /S', async () => {
    const pdf = await render({ compress: false });
    const s = Buffer.from(pdf).toString('latin1');
    expect(s).toMatch(/\/MarkInfo <<\n\/Marked true\n>>/);
    expect(s).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(s).toMatch(/\/ParentTree \d+ 0 R/);
    expect(s).toContain('/Lang (en)');
    expect(s).toContain('/Tabs /S');
    expect(s).toMatch(/\/StructParents 0/);
    // the figure's alternative text; the decorative image (alt="") is an artifact
    expect(s).toContain('/Alt (Red and blue squares)');
    expect(s.match(/\/S \/Figure/g)).toHaveLength(1);
    // language change, header scope and spans as attributes
    expect(s).toContain('/Lang (de)');
    expect(s).toMatch(/\/O \/Table\n\/Scope \/Row/);
    expect(s).toMatch(/\/O \/Table\n\/ColSpan 2/);
    // the link annotation: its struct parent and its text
    const link = /<<\n((?:(?!>>\nendobj)[\s\S])*?\/Subtype \/Link[\s\S]*?)>>\nendobj/.exec(s)![1]!;
    expect(link).toMatch(/\/StructParent \d+/);
    expect(link).toContain('/Contents (terms link)');
    // the group of the faded paragraph carries its own StructParents and MCR with /Stm
    expect(s).toMatch(/\/Subtype \/Form[\s\S]*?\/StructParents \d+/);
    expect(s).toMatch(/\/Type \/MCR[\s\S]*?\/Stm \d+ 0 R/);
  });

  test('every painted thing is tagged or an artifact: backgrounds, borders, underlines', async () => {
    const pdf = await render({ compress: false });
    const json = JSON.parse((await qpdf(pdf, ['--json', '--json-key=pages'])).stdout) as { pages: { contents: string[] }[] };
    const contentId = json.pages[0]!.contents[0]!.replace(' 0 R', '');
    const stream = (await qpdf(pdf, [`--show-object=${contentId}`, '--filtered-stream-data'])).stdout;
    // walk the operators: painting operators only inside BDC/BMC ... EMC
    let depth = 0;
    let inText = false;
    const unmarked: string[] = [];
    for (const line of stream.split('\n')) {
      if (/ (BDC|BMC)$/.test(line)) depth++;
      else if (line === 'EMC') depth--;
      else if (line === 'BT') inText = true;
      else if (line === 'ET') inText = false;
      else if (/(^| )(f|f\*|S|TJ|Tj|Do)$/.test(line) && depth === 0 && !/Tg\d+ Do$/.test(line)) unmarked.push(line);
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(inText).toBe(false);
    expect(depth).toBe(0);
    expect(unmarked).toEqual([]);
    expect(stream.match(/\/Artifact BMC/g)!.length).toBeGreaterThan(0);
  });

  test('generated content with empty alternative text is an artifact, as icon fonts write it', async () => {
    // Font Awesome 6.5+ writes `content: var(--fa) / ""` on every icon's ::before: decorative, not
    // read out; generated content without alternative text stays its element's content
    const html = `<style>.deco::before { content: "* " / "" } .note::before { content: "Note: " }
      .icon { --glyph: "> " } .icon::before { content: var(--glyph) / "" }</style>
      <p class="deco">Starred</p><p class="note">Read me</p><p>Go <i class="icon"></i>on</p>`;
    const pdf = await engine.render({ template: html, tagged: true });
    await qpdfCheck(pdf);
    expect(await structure(pdf)).toEqual(['Document', '  P', '    "Starred"', '  P', '    "Note: Read me"', '  P', '    "Go "', '    "on"']);
    // the artifacts are still drawn
    expect((await withPdfFile(pdf, async (path) => (await run('pdftotext', [path, '-'])).stdout)).replace(/\s+/g, ' ').trim()).toBe('* Starred Note: Read me Go > on');
  });

  test('the lines of one paragraph share one marked-content sequence', async () => {
    const long = `<p style="width: 120px">${'word '.repeat(40)}</p>`;
    const pdf = await engine.render({ template: long, tagged: true, compress: false });
    const s = Buffer.from(pdf).toString('latin1');
    expect(s.match(/\/P <<\/MCID \d+>> BDC/g)).toHaveLength(1);
    expect(s.match(/ TJ/g)!.length).toBeGreaterThan(5);
  });

  test('untagged output has no marked content and no structure', async () => {
    const pdf = await render({ tagged: false, compress: false });
    const s = Buffer.from(pdf).toString('latin1');
    expect(s).not.toContain('BDC');
    expect(s).not.toContain('StructTreeRoot');
    expect(s).not.toContain('MarkInfo');
  });

  test('tagged + PDF/A-3b + signature-free deterministic output is byte-identical', async () => {
    const a = await render({ pdfa: '3b' });
    const b = await render({ pdfa: '3b' });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    await qpdfCheck(a);
  });
});

describe('metadata from the document head', () => {
  const head = `<html lang="fr-CH"><head><title> Facture
    n° 12 </title><meta name="author" content="Ada Lovelace"><meta name="description" content="Facture de mars">
    <meta name="keywords" content="facture, mars ,  2024"><meta name="generator" content="Billing 3"></head><body><p>x</p></body></html>`;

  test('title, author, subject, keywords, creator and language come from the head', async () => {
    const pdf = await engine.render({ template: head });
    const info = await pdfinfo(pdf, []);
    expect(info).toMatch(/Title:\s+Facture n° 12\n/);
    expect(info).toMatch(/Author:\s+Ada Lovelace/);
    expect(info).toMatch(/Subject:\s+Facture de mars/);
    expect(info).toMatch(/Keywords:\s+facture, mars, 2024/);
    expect(info).toMatch(/Creator:\s+Billing 3/);
    expect(Buffer.from(await engine.render({ template: head, compress: false })).toString('latin1')).toContain('/Lang (fr-CH)');
  });

  test('options win over the head', async () => {
    const pdf = await engine.render({ template: head, metadata: { title: 'Override', author: 'Grace', language: 'en' }, compress: false });
    const info = await pdfinfo(pdf, []);
    expect(info).toMatch(/Title:\s+Override/);
    expect(info).toMatch(/Author:\s+Grace/);
    expect(info).toMatch(/Subject:\s+Facture de mars/);
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Lang (en)');
  });
});
