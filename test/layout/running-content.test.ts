/** Running content (CSS GCPM 3 §1) and cross-references (§2) as laid out: margin-box texts and printed page numbers. */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { Fragment, PageLayout } from '../../src/layout/types.js';

const PAGE = '@page { size: 300px 200px; margin: 30px; font: 10px/12px monospace }';

function text(fragment: Fragment): string {
  if (fragment.kind === 'text') return fragment.text;
  if (fragment.kind === 'box' || fragment.kind === 'line') return fragment.children.map(text).join(fragment.kind === 'box' ? '|' : '');
  return '';
}

const round = (value: number): number => Math.round(value * 1000) / 1000;
const margins = (page: PageLayout): string[] => page.marginBoxes.map((f) => text(f).split('|').filter(Boolean).join('/'));

describe('string-set and string() (CSS GCPM 3 §1.1)', () => {
  const chapters = (policy: string): string => `<style>${PAGE} @page { @top-center { content: string(title, ${policy}) } }
    body { margin: 0 } h1 { string-set: title content(text); margin: 0; font: 10px/20px monospace } p { margin: 0; height: 60px; break-inside: avoid }</style>
    <h1>One</h1><p></p><h1>Two</h1><p></p><p></p><p></p><h1>Three</h1><p></p>`;

  it('first: the first assignment on the page, else the one the page starts with', async () => {
    const doc = await layoutHtml(chapters('first'));
    expect(doc.pages.map(margins)).toEqual([['One'], ['Two'], ['Three']]);
  });

  it('last, start and first-except', async () => {
    // page 1 sets One and Two, page 2 nothing, page 3 sets Three after a paragraph
    expect((await layoutHtml(chapters('last'))).pages.map(margins)).toEqual([['Two'], ['Two'], ['Three']]);
    expect((await layoutHtml(chapters('start'))).pages.map(margins)).toEqual([['One'], ['Two'], ['Two']]);
    expect((await layoutHtml(chapters('first-except'))).pages.map(margins)).toEqual([[''], ['Two'], ['']]);
  });

  it('start: an assignment that is the page\'s first element, below the body\'s margin or its own', async () => {
    // GCPM 3 §1.1 "the first element on the page", as WeasyPrint 57 finds it (the chain of first
    // children): the UA body margin and the heading's own margin do not make it later
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-center { content: string(title, start) } }
      h1 { string-set: title content(text); margin: 20px 0 0; font: 10px/20px monospace; break-before: page }
      h1:first-child { break-before: auto } p { margin: 0 }</style>
      <h1>One</h1><p>text</p><h1>Two</h1><p>text</p><div style="height: 5px; break-before: page"></div><h1 style="break-before: auto">Three</h1>`);
    // page 1: One below the body's 8px; page 2: Two at the top; page 3 starts with the 5px block
    expect(doc.pages.map(margins)).toEqual([['One'], ['Two'], ['Two']]);
  });

  it('evaluates counters and strings in string-set where the element is', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-left { content: string(h) } @top-right { content: "Ch. " counter(chapter) } }
      h2 { counter-increment: chapter; string-set: h "§" counter(chapter) " " content(text); margin: 0; break-before: page }</style>
      <h2>Scope</h2><h2>Fees</h2>`);
    expect(doc.pages.map(margins)).toEqual([['§1 Scope', 'Ch. 1'], ['§2 Fees', 'Ch. 2']]);
  });

  it('takes the text of the ::before, ::after and ::marker of the element with content(before | after | marker)', async () => {
    // as WeasyPrint sets them: the pseudo-element's generated text with its counters and quotes
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-left { content: string(h) } @top-right { content: string(m) } }
      body { counter-reset: chapter } h1 { counter-increment: chapter; string-set: h content(before) content(text) content(after); margin: 0; break-before: page; font-size: 10px }
      h1::before { content: "Chapter " counter(chapter, upper-roman) ": " } h1:last-of-type::after { content: " " open-quote "end" close-quote; quotes: "«" "»" }
      ol { margin: 0 } li { string-set: m "item " content(marker) } li::marker { content: counter(list-item, lower-alpha) ")" }</style>
      <h1>Beginnings</h1><ol><li>x</li></ol><h1>Middles</h1>`);
    expect(doc.pages.map(margins)).toEqual([['Chapter I: Beginnings', 'item a)'], ['Chapter II: Middles «end»', 'item a)']]);
  });
});

describe('running elements (CSS GCPM 3 §1.2)', () => {
  it('moves a running element out of the flow into the margin box of its page and the pages after', async () => {
    const start = await layoutHtml(`<style>${PAGE} @page { @bottom-center { content: element(foot, start) } }
      body { margin: 0 } .foot { position: running(foot) } p { margin: 0; height: 100px }</style>
      <div class=foot>A</div><p></p><p></p><div class=foot>B</div><p></p>`);
    expect(start.pages.map(margins)).toEqual([['A'], ['A'], ['B']]);
    const doc = await layoutHtml(`<style>${PAGE} @page { @bottom-center { content: element(foot) } }
      body { margin: 0 } .foot { position: running(foot) } p { margin: 0; height: 100px }</style>
      <div class=foot><b>ACME</b><div>Second line</div></div><p id=first></p><p></p><div class=foot>Later</div><p></p>`);
    // page 2 holds the second paragraph and the second running element, page 3 keeps showing it
    expect(doc.pages.map(margins)).toEqual([['ACME/Second line'], ['Later'], ['Later']]);
    // out of the flow: the first paragraph is at the top of the page area
    expect(findById(doc.pages[0]!, 'first')!.y).toBe(30);
  });

  it('prints counter(page) and counter(pages) of a running element\'s generated content with the page\'s values', async () => {
    // a running footer "Acme — page 1 of 3", as WeasyPrint 57 and Prince print it (it printed "0 of 0")
    const doc = await layoutHtml(`<style>${PAGE} @page { @bottom-center { content: element(foot) } }
      body { margin: 0 } .foot { position: running(foot) } .n::after { content: counter(page) " of " counter(pages, upper-roman) }
      p { height: 100px; margin: 0 }</style>
      <div class="foot">Acme <span class="n"></span></div><p>one</p><p>two</p><p>three</p>`);
    expect(doc.pages.map(margins)).toEqual([['Acme 1 of III'], ['Acme 2 of III'], ['Acme 3 of III']]);
  });

  it('does the same in a running footer laid out as a table', async () => {
    // a table's cells, under its wrapper's `table`, printed "Page 0 of 0"
    const doc = await layoutHtml(`<style>${PAGE} @page { @bottom-center { content: element(foot) } }
      body { margin: 0 } .foot { position: running(foot) } .foot td::after { content: counter(page) " of " counter(pages) }
      p { height: 100px; margin: 0 }</style>
      <table class="foot"><tr><td>Page </td></tr></table><p>one</p><p>two</p>`);
    expect(doc.pages.map(margins)).toEqual([['Page 1 of 2'], ['Page 2 of 2']]);
  });

  it('prints string() of a running element\'s generated content with the page\'s named string', async () => {
    // WeasyPrint 57: "Guide / Alpha", then "Guide / Beta"
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-center { content: element(head) } }
      body { margin: 0 } .head { position: running(head) } .c::after { content: string(chap) }
      h1 { string-set: chap content(text); font: inherit; margin: 0; break-before: page } h1:first-of-type { break-before: auto }</style>
      <div class="head">Guide / <span class="c"></span></div><h1>Alpha</h1><h1>Beta</h1>`);
    expect(doc.pages.map(margins)).toEqual([['Guide / Alpha'], ['Guide / Beta']]);
  });

  it('takes a running element inside an absolutely positioned box out of it, into the margin box', async () => {
    // at the page level and inside a relatively positioned containing block
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-center { content: element(head) } @bottom-center { content: element(foot) } }
      body { margin: 0 } .abs { position: absolute; top: 50px; left: 0; font: 10px/12px monospace } .head { position: running(head) } .foot { position: running(foot) }
      section { position: relative }</style>
      <div class=abs id=page-level><div class=head>Header</div>inside</div><section><div class=abs id=nested><div class=foot>Footer</div>x</div></section>`);
    expect(margins(doc.pages[0]!)).toEqual(['Header', 'Footer']);
    // out of the boxes' flow: each holds its one line of text only
    expect(findById(doc.pages[0]!, 'page-level')!.height).toBe(12);
    expect(findById(doc.pages[0]!, 'nested')!.height).toBe(12);
  });

  it('takes a running element out of an absolutely positioned box whose containing block is a flex, grid, table or multi-column container', async () => {
    const containers = {
      flex: '<div class=cb style="display: flex">@</div>',
      'grid (a child)': '<div class=cb style="display: grid">@</div>',
      'grid (in an item)': '<div class=cb style="display: grid"><div>@</div></div>',
      table: '<div class=cb style="display: table"><div style="display: table-cell">@</div></div>',
      'multi-column': '<div class=cb style="columns: 2">@</div>',
    };
    const found: [string, string[], number][] = [];
    for (const [name, html] of Object.entries(containers)) {
      const doc = await layoutHtml(`<style>${PAGE} @page { @top-center { content: element(head) } } body { margin: 0; font: 10px/12px monospace }
        .cb { position: relative; height: 40px } .abs { position: absolute; top: 5px; left: 0 } .head { position: running(head) }</style>
        ${html.replace('@', '<div class=abs id=abs><div class=head>Header</div>inside</div>')}`);
      // in the margin box, out of the positioned box's flow (its one line of text only)
      found.push([name, margins(doc.pages[0]!), findById(doc.pages[0]!, 'abs')!.height]);
    }
    expect(found).toEqual(Object.keys(containers).map((name) => [name, ['Header'], 12]));
  });

  it('lays out a running table-like header with several lines at the margin box width', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { margin-top: 60px; @top-left { content: element(head); vertical-align: top } }
      .head { position: running(head) }</style><header class=head><div>Line 1</div><div>Line 2</div><div>Line 3</div></header>x`);
    const box = doc.pages[0]!.marginBoxes[0]!;
    expect(box.kind === 'box' && [box.x, box.y, box.height]).toEqual([30, 0, 60]);
    expect(margins(doc.pages[0]!)).toEqual(['Line 1/Line 2/Line 3']);
  });

  it('processes the white space of an indented running element as in the flow', async () => {
    // Liberation Mono at 10px: 6px a character. The same markup runs in the header and stays in the flow.
    const markup = (cls: string): string => `<div class="${cls}">
        <span>Annual</span>
          <b>  report  </b>
        2026
      </div>`;
    const doc = await layoutHtml(`<style>${PAGE} @page { @top-left { content: element(head); vertical-align: top } }
      body { margin: 0; font: 10px/12px "Liberation Mono" } .head { position: running(head) } .pre { position: running(pre); white-space: pre }
      @page { @bottom-left { content: element(pre); vertical-align: top } }</style>
      ${markup('head')}
      <p id=p>Before <span class=head>
          Inline   head
        </span> after</p>
      ${markup('flow').replace('<div', '<div id=flow')}
      <div class=pre>  a  b</div>`);
    const page = doc.pages[0]!;
    const lineTexts = (fragment: Fragment): { text: string; x: number; width: number }[] => {
      if (fragment.kind === 'text') return [{ text: fragment.text, x: fragment.x, width: fragment.width }];
      if (fragment.kind === 'box' || fragment.kind === 'line') return fragment.children.flatMap(lineTexts);
      return [];
    };
    const inFlow = lineTexts(findById(page, 'flow')!);
    const header = lineTexts(page.marginBoxes[0]!);
    // element(head) shows the page's first assignment, the block: one space between the words, none
    // at the start or end, as the same markup in the flow (18 characters from the box's left edge).
    expect(header.map((t) => t.text).join('')).toBe('Annual report 2026');
    expect(inFlow.map((t) => t.text).join('')).toBe('Annual report 2026');
    // x of the first text on the page, and the width of the texts
    const bounds = (texts: readonly { x: number; width: number }[]): number[] => [texts[0]!.x, round(texts.reduce((sum, t) => sum + t.width, 0))];
    // (both start at the page margin, 30px in)
    expect(bounds(header)).toEqual([30, round(18 * 6.0009765625)]);
    expect(bounds(inFlow)).toEqual(bounds(header));
    // The inline running element leaves the paragraph with one space between its words.
    expect(lineTexts(findById(page, 'p')!).map((t) => t.text).join('')).toBe('Before after');
    // white-space: pre keeps its spaces in the margin box
    expect(lineTexts(page.marginBoxes[1]!).map((t) => t.text).join('')).toBe('  a  b');
  });
});

describe('cross-references (CSS GCPM 3 §2)', () => {
  it('prints the page each link target lands on, laying the document out again when needed', async () => {
    const doc = await layoutHtml(`<style>${PAGE} body { margin: 0 } h1 { counter-increment: ch; break-before: page; margin: 0; font: 10px/12px monospace }
      a { display: block } a::after { content: " p" target-counter(attr(href url), page) " ch" target-counter(attr(href url), ch) " " target-text(attr(href url)) }
      p { height: 300px; margin: 0 }</style>
      <nav><a id=l1 href="#a">A</a><a id=l2 href="#b">B</a></nav><h1 id=a>Alpha</h1><p></p><h1 id=b>Beta <i>two</i></h1>`);
    const pages = ['a', 'b'].map((id) => doc.pages.findIndex((p) => findById(p, id) !== undefined) + 1);
    // the paragraph's 300px are carried over pages 2-4
    expect(pages).toEqual([2, 5]);
    const links = ['l1', 'l2'].map((id) => text(findById(doc.pages[0]!, id)!).replace(/\|/g, ''));
    expect(links).toEqual([`A p${pages[0]} ch1 Alpha`, `B p${pages[1]} ch2 Beta two`]);
  });

  it('takes a restarted page counter and a counter style', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page :first { counter-reset: page 10 } body { margin: 0 }
      a::after { content: target-counter(attr(href url), page, upper-roman) } h1 { break-before: page }</style>
      <a id=l href="#t">see </a><h1 id=t>T</h1>`);
    expect(text(findById(doc.pages[0]!, 'l')!).replace(/\|/g, '')).toBe('see XI');
  });
});
