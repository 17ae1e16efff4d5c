/** Document metadata read from the head (dom/metadata.ts): what render.ts puts under the options' metadata. */
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/dom/parse.js';
import { headMetadata } from '../../src/dom/metadata.js';

const read = (html: string) => headMetadata(parseHtml(html, 't.html'));

describe('head metadata', () => {
  it('reads the title, the language and the standard meta names, white space collapsed', () => {
    const html = `<html lang=" de-CH "><head><title> Rechnung
      Nr. 7 </title><meta name="Author" content="Ada  L."><meta name=description content="Invoice">
      <meta name=keywords content="billing, q1,, "><meta name=generator content="Tool 2"><meta name=viewport content="x"></head><p>a</p>`;
    expect(read(html)).toEqual({ language: 'de-CH', title: 'Rechnung Nr. 7', author: 'Ada L.', subject: 'Invoice', keywords: ['billing', 'q1'], creator: 'Tool 2' });
  });

  it('keeps the first of each, skips empty values, and reads a stray title outside a head', () => {
    expect(read('<head><title></title><title>Second</title><meta name=author content=" "><meta name=author content="B"><meta name=author content="C"></head>'))
      .toEqual({ title: 'Second', author: 'B' });
    expect(read('<title>Stray</title><p>body</p>')).toEqual({ title: 'Stray' });
    expect(read('<p>no head</p>')).toEqual({});
  });
});
