/** Footnotes (CSS GCPM 3 §2): calls in the text, bodies in the footnote area at the bottom of the page area. */
import { describe, expect, it } from 'vitest';
import { layoutHtml } from '../helpers/layout.js';
import type { BoxFragment, Fragment, PageLayout } from '../../src/layout/types.js';

const PAGE = '@page { size: 200px 200px; margin: 20px } html { font: 10px/10px monospace } body { margin: 0 } p { margin: 0 }';

function text(fragment: Fragment): string {
  if (fragment.kind === 'text') return fragment.text;
  if (fragment.kind === 'box' || fragment.kind === 'line') return fragment.children.map(text).join('');
  return '';
}

/** The footnote area: the page's last top-level fragment when it is an anonymous box. */
function area(page: PageLayout): BoxFragment | undefined {
  const last = page.children[page.children.length - 1];
  return last?.kind === 'box' && last.box.element === undefined ? last : undefined;
}

describe('footnotes (CSS GCPM 3 §2)', () => {
  it('leaves a numbered call in the text and puts the note, with its marker, at the bottom of the page area', async () => {
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote }</style><p>Fee<span class=fn>Net of tax.</span> due.</p>`);
    const page = doc.pages[0]!;
    expect(text(page.children[0]!)).toBe('Fee1 due.');
    const notes = area(page)!;
    expect(text(notes)).toBe('1. Net of tax.');
    // 160px page area from y=20: the 10px note ends at its bottom
    expect([notes.x, notes.y, notes.width, notes.height]).toEqual([20, 170, 160, 10]);
  });

  it('numbers footnotes through the document and styles the area with @footnote', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @footnote { border-top: 1px solid; padding-top: 4px; margin-top: 5px } }
      .fn { float: footnote } .fn::footnote-marker { content: "[" counter(footnote) "] " }</style>
      <p>a<span class=fn>A</span></p><div><p>b<span class=fn>B</span></p></div>`);
    const notes = area(doc.pages[0]!)!;
    expect(text(notes)).toBe('[1] A[2] B');
    expect([notes.y, notes.height, notes.border.top, notes.padding.top]).toEqual([155, 25, 1, 4]);
    expect(text(doc.pages[0]!.children[0]!)).toBe('a1b2');
  });

  it('sets inline footnotes on shared lines (footnote-display: inline)', async () => {
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote; footnote-display: inline }</style><p>a<span class=fn>A</span>b<span class=fn>B</span></p>`);
    const notes = area(doc.pages[0]!)!;
    expect(text(notes)).toBe('1. A 2. B');
    expect(notes.height).toBe(10);
  });

  it('moves the line whose footnote does not fit to the next page, with its note', async () => {
    const lines = Array.from({ length: 15 }, (_, i) => `<p>line ${i + 1}</p>`).join('');
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote }</style>${lines}<p>call<span class=fn>Note one<br>two<br>three</span></p><p>after</p>`);
    expect(doc.pages).toHaveLength(2);
    expect(area(doc.pages[0]!)).toBeUndefined();
    expect(text(doc.pages[1]!.children[0]!)).toBe('call1after');
    expect(text(area(doc.pages[1]!)!)).toBe('1. Note onetwothree');
  });

  it('keeps the text above the footnotes: a page with a note holds fewer lines', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `<p>l${i + 1}</p>`).join('');
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote } ::footnote-call { vertical-align: baseline; font-size: inherit; line-height: inherit }</style>
      <p>x<span class=fn>n<br>n</span></p>${lines}`);
    // 16 lines fit in 160px; the 20px note leaves room for 14
    const first = doc.pages[0]!.children[0]! as BoxFragment;
    expect(first.height).toBe(140);
    expect(area(doc.pages[0]!)!.y).toBe(160);
  });
});
