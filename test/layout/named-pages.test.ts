/** Named pages (CSS Paged Media 3 §6): the `page` property, breaks where the name changes, `@page name` rules and `:nth()`. */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { PageLayout } from '../../src/layout/types.js';

const BASE = '@page { size: 200px 300px; margin: 10px } body { margin: 0 } p { margin: 0; height: 20px }';

const sizes = (pages: readonly PageLayout[]): string[] => pages.map((p) => `${p.width}x${p.height}${p.blank ? ' blank' : ''}`);
const pageOf = (pages: readonly PageLayout[], id: string): number => pages.findIndex((p) => findById(p, id) !== undefined);

describe('named pages (CSS Paged Media 3 §6)', () => {
  it('puts a landscape named page between portrait ones, breaking where the name changes', async () => {
    const doc = await layoutHtml(`<style>${BASE} @page wide { size: 300px 200px } .wide { page: wide }</style>
      <p id=a>a</p><div class=wide><p id=b>b</p><p id=c>c</p></div><p id=d>d</p>`);
    expect(sizes(doc.pages)).toEqual(['200x300', '300x200', '200x300']);
    expect(['a', 'b', 'c', 'd'].map((id) => pageOf(doc.pages, id))).toEqual([0, 1, 1, 2]);
    expect(doc.pages.map((p) => p.context?.name)).toEqual([undefined, 'wide', undefined]);
  });

  it('gives a page the start value of its first box: a nested named box starts a named page, auto inherits', async () => {
    const doc = await layoutHtml(`<style>${BASE} @page toc { margin: 50px } .toc { page: toc }</style>
      <section class=toc><div><p id=a>a</p></div><p id=b>b</p></section><section><p id=c>c</p></section>`);
    expect(doc.pages.map((p) => p.context?.name)).toEqual(['toc', undefined]);
    expect(doc.pages[0]!.margins.top).toBe(50);
    expect(pageOf(doc.pages, 'c')).toBe(1);
  });

  it('breaks where the name changes across a watermark, a float or a positioned box, which stay before the break', async () => {
    // a cover section, then a fixed watermark (or a float, or an absolute box), then the contents: Chromium 156
    // prints two pages, the box between on the cover's
    for (const between of ['<div id=x style="position: fixed; inset: 0">x</div>', '<div id=x style="float: right">x</div>', '<div id=x style="position: absolute; top: 0">x</div>']) {
      const doc = await layoutHtml(`<style>${BASE} @page cover { margin: 0 } .cover { page: cover }</style>
        <section class=cover><p id=a>a</p></section>${between}<h2 id=b>b</h2>`);
      expect(doc.pages.map((p) => p.context?.name)).toEqual(['cover', undefined]);
      expect(['a', 'x', 'b'].map((id) => pageOf(doc.pages, id))).toEqual([0, 0, 1]);
    }
  });

  it('does not break between siblings of the same name', async () => {
    const doc = await layoutHtml(`<style>${BASE} .n { page: n }</style><p id=a class=n>a</p><p id=b class=n>b</p>`);
    expect(doc.pages).toHaveLength(1);
  });

  it('matches @page name:first-like pseudo-classes with named specificity over :first', async () => {
    const doc = await layoutHtml(`<style>${BASE} @page :first { margin: 20px } @page cover { margin: 40px } @page cover:right { margin-left: 5px }
      body { page: cover }</style><p>a</p>`);
    expect(doc.pages[0]!.margins).toEqual({ top: 40, right: 40, bottom: 40, left: 5 });
  });

  it('counts :nth(An+B of name) within the page group and :nth(An+B) in the document', async () => {
    const doc = await layoutHtml(`<style>${BASE} p { height: 200px } .ch { page: chapter }
      @page :nth(1) { margin-top: 11px } @page :nth(2 of chapter) { margin-top: 22px } @page chapter:nth(1 of chapter) { margin-top: 33px }</style>
      <p>a</p><div class=ch><p>b</p><p>c</p><p>d</p></div><p>e</p><div class=ch><p>f</p><p>g</p></div>`);
    expect(doc.pages.map((p) => p.margins.top)).toEqual([11, 33, 22, 10, 10, 33, 22]);
  });

  it('inserts a blank page for break-before: left after a left page, styled by @page :blank and named like the next page', async () => {
    const doc = await layoutHtml(`<style>${BASE} @page wide { size: 300px 200px } @page :blank { margin: 1px }
      .wide { page: wide; break-before: verso }</style><p>a</p><p style="break-before: page">b</p><div class=wide><p id=w>w</p></div>`);
    expect(sizes(doc.pages)).toEqual(['200x300', '200x300', '300x200 blank', '300x200']);
    expect(doc.pages[2]!.margins.top).toBe(1);
    expect(pageOf(doc.pages, 'w')).toBe(3);
  });
});
