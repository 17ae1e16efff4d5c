import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import type { BoxFragment, Fragment, LineFragment } from '../../src/layout/types.js';
import { findById, layoutHtml, textFragments as texts } from '../helpers/layout.js';
import { qpdfCheck } from '../helpers/qpdf.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);
const base = '@page { size: 400px 300px; margin: 0 } body { margin: 0 } p, div, ul { margin: 0; font: 16px/20px "DejaVu Sans" }';

async function block(html: string, id = 'p'): Promise<BoxFragment> {
  const doc = await layoutHtml(`<style>${base}</style>${html}`);
  const p = findById(doc.pages[0]!, id);
  if (p === undefined || p.kind !== 'box') throw new Error(`no #${id}`);
  return p;
}

async function lines(html: string): Promise<LineFragment[]> {
  return (await block(html)).children.filter((c): c is LineFragment => c.kind === 'line');
}

/** The characters of a line's glyphs, left to right as drawn. */
function visual(fragment: Fragment): string {
  return texts(fragment).sort((a, b) => a.x - b.x)
    .flatMap((t) => t.runs.map((r) => r.run.glyphs.map((g) => String.fromCodePoint(...g.codePoints)).join(''))).join('');
}

const right = (fragment: Fragment): number => Math.max(...texts(fragment).map((t) => t.x + t.width));
const left = (fragment: Fragment): number => Math.min(...texts(fragment).map((t) => t.x));

describe('bidirectional text (UAX #9, CSS Writing Modes 3 §2)', () => {
  it('orders a right-to-left paragraph from the right, numbers and Latin left to right inside it', async () => {
    const [line] = await lines('<p id=p dir=rtl>אבג 123 def</p>');
    expect(visual(line!)).toBe('def 123 גבא');
    expect(right(line!)).toBeCloseTo(400, 3);
  });

  it('reverses right-to-left words inside a left-to-right paragraph, keeping the text in logical order', async () => {
    const [line] = await lines('<p id=p>ab אבג דהו cd</p>');
    expect(visual(line!)).toBe('ab והד גבא cd');
    expect(texts(line!).map((t) => t.text).join('')).toBe('ab אבג דהו cd');
    expect(left(line!)).toBe(0);
  });

  it('mirrors brackets at right-to-left levels (L4) but keeps their code points', async () => {
    const [line] = await lines('<p id=p dir=rtl>א (ב)</p>');
    const glyphs = texts(line!).flatMap((t) => t.runs.flatMap((r) => r.run.glyphs));
    const open = glyphs.find((g) => g.codePoints[0] === 0x28)!;
    const close = glyphs.find((g) => g.codePoints[0] === 0x29)!;
    const [reference] = await lines('<p id=p>()</p>');
    const ltr = texts(reference!)[0]!.runs[0]!.run.glyphs;
    expect(open.id).toBe(ltr[1]!.id);
    expect(close.id).toBe(ltr[0]!.id);
  });

  it('honours unicode-bidi: bidi-override, isolate and plaintext', async () => {
    const [override] = await lines('<p id=p>x <bdo dir=rtl>abc</bdo> y</p>');
    expect(visual(override!)).toBe('x cba y');
    const [css] = await lines('<p id=p>x <span style="direction:rtl;unicode-bidi:bidi-override">abc</span></p>');
    expect(visual(css!)).toBe('x cba');
    // without isolation the "!" after a right-to-left span joins it; isolated it stays at the end
    const [embedded] = await lines('<p id=p dir=rtl><span dir=ltr style="unicode-bidi:embed">abc</span>!</p>');
    const [isolated] = await lines('<p id=p dir=rtl><span dir=ltr>abc</span>!</p>');
    expect(visual(embedded!)).toBe('!abc');
    expect(visual(isolated!)).toBe('!abc');
    const [auto] = await lines('<p id=p dir=auto>אבג abc</p>');
    expect(visual(auto!)).toBe('abc גבא');
    expect(right(auto!)).toBeCloseTo(400, 3);
    const [inner] = await lines('<p id=p>x <span dir=auto>אבג abc</span>!</p>');
    expect(visual(inner!)).toBe('x abc גבא!');
    // <bdi> is dir=auto without the attribute (HTML §4.5.24), as Chromium prints a Latin
    // reference in a Hebrew letter: 2024/117-A, not A-2024/117; Ltd. with its period on the right
    const [bdi] = await lines('<p id=p dir=rtl>מס\' <bdi>2024/117-A</bdi> <bdi>Ltd.</bdi></p>');
    expect(visual(bdi!)).toBe("Ltd. 2024/117-A 'סמ");
    const [bdiRtl] = await lines('<p id=p>x <bdi dir=rtl>A.</bdi></p>');
    expect(visual(bdiRtl!)).toBe('x .A');
    // dir=auto sets the element's direction (HTML §3.2.6.4), not only its paragraphs' level: a
    // list of Hebrew items has its padding and items on the right (Chromium: the item's text ends 40px
    // from the right), a <bdi> of Hebrew in an English line is right-to-left inside
    const list = await block('<ul dir=auto style="margin:0;list-style:none"><li id=p>שלום</li></ul>');
    expect(right(list)).toBeCloseTo(360, 3);
    const [auto2] = await lines('<div dir=auto><p id=p style="text-align:start">אבג!</p></div>');
    expect(right(auto2!)).toBeCloseTo(400, 3);
    expect(visual(auto2!)).toBe('!גבא');
    const [plain] = await lines('<p id=p style="unicode-bidi:plaintext">אבג abc</p>');
    expect(visual(plain!)).toBe('abc גבא');
    expect(right(plain!)).toBeCloseTo(400, 3);
  });

  it('aligns and justifies right-to-left paragraphs from the right, indent on the right', async () => {
    const p = await block('<p id=p dir=rtl style="width:150px;text-align:justify">אבג דהו זחט יכל מנס עפצ קרש</p>');
    // over-constrained margins follow the containing block's direction (CSS2 §10.3.3): the
    // left-to-right body keeps the block on its left, as browsers do
    expect(p.x).toBe(0);
    const justified = p.children.filter((c): c is LineFragment => c.kind === 'line');
    expect(justified.length).toBeGreaterThan(1);
    expect(left(justified[0]!)).toBeCloseTo(0, 3);
    expect(right(justified[0]!)).toBeCloseTo(150, 3);
    const last = justified[justified.length - 1]!;
    expect(right(last)).toBeCloseTo(150, 3);
    expect(left(last)).toBeGreaterThan(1);
    const nested = await block('<div dir=rtl><p id=p style="width:150px">אבג</p></div>');
    expect(nested.x).toBe(250);
    const [indented] = await lines('<p id=p dir=rtl style="text-indent:20px">אבג</p>');
    expect(right(indented!)).toBeCloseTo(380, 3);
    const [end] = await lines('<p id=p dir=rtl style="text-align:end">אבג</p>');
    expect(left(end!)).toBeCloseTo(0, 3);
  });

  it('joins Arabic letters through the font (init, medi, fina forms)', async () => {
    const [isolated] = await lines('<p id=p dir=rtl>ب ب ب</p>');
    const [joined] = await lines('<p id=p dir=rtl>ببب</p>');
    const ids = (line: LineFragment): number[] => texts(line).flatMap((t) => t.runs.flatMap((r) => r.run.glyphs.filter((g) => g.codePoints[0] === 0x628).map((g) => g.id)));
    expect(new Set(ids(isolated!)).size).toBe(1);
    expect(new Set(ids(joined!)).size).toBe(3);
  });

  it('puts the start edge of a right-to-left inline box on the right of its first line', async () => {
    const p = await block('<p id=p dir=rtl style="width:120px">אבג <span style="padding:0 7px;border-right:3px solid">דהו זחט יכל</span></p>');
    const spans = p.children.flatMap((line) => (line.kind === 'line' ? line.children.filter((c): c is BoxFragment => c.kind === 'box') : []));
    expect(spans.length).toBe(2);
    expect(spans[0]!.border.right).toBe(3);
    expect(spans[0]!.padding.right).toBe(7);
    expect(spans[0]!.padding.left).toBe(0);
    expect(spans[1]!.border.right).toBe(0);
    expect(spans[1]!.padding.left).toBe(7);
    expect(spans[0]!.continuedAfter).toBe(true);
    expect(spans[1]!.continuedBefore).toBe(true);
  });

  it('splits an inline box whose content bidi reordering separates', async () => {
    const [line] = await lines('<p id=p><span style="padding:0 5px">ab אבג</span> דהו</p>');
    const spans = line!.children.filter((c): c is BoxFragment => c.kind === 'box');
    expect(spans.length).toBe(2);
    expect(spans[0]!.padding.left).toBe(5);
    expect(spans[0]!.padding.right).toBe(0);
    expect(spans[1]!.padding.right).toBe(5);
    expect(spans[1]!.x).toBeGreaterThan(spans[0]!.x + spans[0]!.width);
  });

  it('places the markers of right-to-left list items on the right', async () => {
    const doc = await layoutHtml(`<style>${base}</style><ul id=u dir=rtl style="width:300px;padding-right:40px;padding-left:0"><li>פריט</li></ul>`);
    const ul = findById(doc.pages[0]!, 'u') as BoxFragment;
    const all = texts(ul);
    const marker = all.find((t) => t.text.includes('•'))!;
    const item = all.find((t) => t.text === 'פריט')!;
    expect(marker.x).toBeGreaterThan(item.x + item.width - 0.01);
    expect(item.x + item.width).toBeCloseTo(ul.x + ul.width - 40, 3);
  });
});

describe('the text layer keeps logical order', () => {
  const engine = createEngine();
  const pdftotext = async (html: string): Promise<string> => {
    const pdf = await engine.render({ template: `<style>${base}</style>${html}`, data: {} });
    await qpdfCheck(pdf);
    const out = await withPdfFile(pdf, async (path) => (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout);
    // pdftotext marks right-to-left lines with embedding controls
    return out.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\f]/g, '').trim();
  };

  it('for a right-to-left paragraph', async () => {
    expect(await pdftotext('<p dir=rtl>שלום עולם זהו משפט</p>')).toBe('שלום עולם זהו משפט');
    expect(await pdftotext('<p dir=rtl>مرحبا بالعالم</p>')).toBe('مرحبا بالعالم');
  });

  it('for mixed text (word for word what pdftotext makes of Chromium\'s PDF of the same HTML)', async () => {
    // poppler drops the space between a right-to-left run and the Latin word after it
    expect(await pdftotext('<p>Hello שלום עולם world</p>')).toMatch(/^Hello\s+שלום עולם\s*world$/);
    expect(await pdftotext('<p dir=rtl>שלום עולם 2024 זהו</p>')).toMatch(/^שלום עולם\s+2024\s*זהו$/);
  });
});
