/**
 * Browsers size a font whose family is the generic `monospace` alone from a 13px medium (Chromium's
 * keyword table for it): `<pre>` and `<code>` print smaller than the text around them. The expected
 * sizes are Chromium 156's getComputedStyle() of the same markup.
 */
import { describe, expect, it } from 'vitest';
import { styleHtml } from './helpers.js';

async function sizes(html: string): Promise<(id: string) => number> {
  const doc = await styleHtml(`<!doctype html><html><body>${html}</body></html>`);
  expect(doc.diagnostics).toEqual([]);
  return (id) => doc.style(`#${id}`).fontSize;
}

describe('font sizes of monospace text', () => {
  it('the default style: pre, code, kbd, samp and tt are 13px in a 16px body', async () => {
    const size = await sizes('<pre id="pre">x</pre><p><code id="code">x</code> <kbd id="kbd">x</kbd> <samp id="samp">x</samp> <tt id="tt">x</tt></p>');
    for (const id of ['pre', 'code', 'kbd', 'samp', 'tt']) expect(size(id)).toBe(13);
  });

  it('only the generic family alone: a named font, a list and `monospace, monospace` keep 16px', async () => {
    const size = await sizes(`<p id="a" style="font-family: monospace">x</p><p id="b" style="font-family: monospace, monospace">x</p>
      <p id="c" style="font-family: 'Liberation Mono'">x</p><p id="d" style="font-family: Courier, monospace">x</p><p id="e" style="font-family: ui-monospace">x</p>
      <p id="f" style="font-family: MONOSPACE">x</p>`);
    expect([size('a'), size('b'), size('c'), size('d'), size('e'), size('f')]).toEqual([13, 16, 16, 16, 16, 13]);
  });

  it('a generic name in quotes is a font name: 16px, and the computed list keeps its quotes', async () => {
    const doc = await styleHtml(`<!doctype html><html><body><p id="a" style="font-family: 'monospace'">x</p><p id="b" style='font-family: "Serif", "Liberation Mono"'>x</p></body></html>`);
    expect(doc.diagnostics).toEqual([]);
    expect([doc.style('#a').fontSize, doc.style('#b').fontSize]).toEqual([16, 16]);
    expect(doc.style('#a').fontFamily).toEqual(['"monospace"']);
    expect(doc.style('#b').fontFamily).toEqual(['"Serif"', 'Liberation Mono']);
  });

  it('keywords follow the 13px table; em, % and larger/smaller of a keyword size scale it', async () => {
    const size = await sizes(`<p id="small" style="font-family: monospace; font-size: small">x</p><p id="large" style="font-family: monospace; font-size: x-large">x</p>
      <p id="em" style="font-family: monospace; font-size: 1em">x</p><pre id="pct" style="font-size: 80%">x</pre><pre id="larger" style="font-size: larger">x</pre>
      <pre id="smaller" style="font-size: smaller">x</pre><pre id="medium" style="font-size: medium">x</pre><pre id="initial" style="font-size: initial">x</pre>`);
    expect([size('small'), size('large'), size('em'), size('medium'), size('initial')]).toEqual([12, 20, 13, 13, 13]);
    expect(size('pct')).toBeCloseTo(10.4, 9);
    expect(size('larger')).toBeCloseTo(15.6, 9);
    expect(size('smaller')).toBeCloseTo(10.8333, 4);
  });

  it('`initial` is `medium` inside monospace text too; `font: initial` resets the family with it', async () => {
    const size = await sizes(`<pre><span id="initial" style="font-size: initial">x</span><span id="font" style="font: initial">x</span><span id="unset" style="font-size: unset">x</span></pre>
      <div style="font-family: monospace; font-size: 20px"><span id="in-px" style="font-size: initial">x</span><span id="medium" style="font-size: medium">x</span></div>`);
    expect([size('initial'), size('font'), size('unset'), size('in-px'), size('medium')]).toEqual([13, 16, 13, 13, 13]);
  });

  it('an absolute size, rem or calc() is kept as declared, and ends the keyword for descendants', async () => {
    const size = await sizes(`<pre id="px" style="font-size: 20px">x</pre><pre id="rem" style="font-size: 2rem">x</pre><pre id="calc" style="font-size: calc(1em + 2px)">x</pre>
      <div style="font-size: 12px"><pre id="in-px">x</pre></div><div style="font-size: 1rem"><pre id="in-rem">x</pre></div>
      <div style="font-size: calc(1em + 0px)"><pre id="in-calc">x</pre></div>`);
    expect([size('px'), size('rem'), size('calc'), size('in-px'), size('in-rem'), size('in-calc')]).toEqual([20, 32, 18, 12, 16, 16]);
  });

  it('the keyword is inherited through em and %, and sizes again where the family changes', async () => {
    const size = await sizes(`<div style="font-size: 1.5em"><pre id="em">x</pre></div><div style="font-size: small"><pre id="small">x</pre></div>
      <div style="font-size: 100%"><pre id="pct">x</pre></div><div style="font-size: larger"><pre id="larger">x</pre></div>
      <pre><span id="sans" style="font-family: sans-serif">x</span><span id="serif" style="font-family: serif; font-size: 1em">x</span><code id="code" style="font-size: 1.2em">x</code></pre>
      <div style="font-family: monospace"><p id="p">x</p><p id="p2" style="font-size: 2em">x</p></div>`);
    expect([size('em'), size('small'), size('pct'), size('sans'), size('serif'), size('p'), size('p2')]).toEqual([19.5, 12, 13, 16, 16, 13, 26]);
    expect(size('larger')).toBeCloseTo(15.6, 9);
    expect(size('code')).toBeCloseTo(15.6, 9);
  });

  it('the font shorthand and a monospace root', async () => {
    const size = await sizes('<p id="a" style="font: 1em monospace">x</p><p id="b" style="font: medium monospace">x</p><p id="c" style="font: italic 14px monospace">x</p>');
    expect([size('a'), size('b'), size('c')]).toEqual([13, 13, 14]);
    const doc = await styleHtml('<!doctype html><html style="font-family: monospace"><body><p style="font-family: serif; margin-left: 1rem">x</p></body></html>');
    expect(doc.style('html').fontSize).toBe(13);
    expect(doc.style('p').fontSize).toBe(16);
    expect(doc.style('p').marginLeft).toBe(13);
  });

  it('quirks mode: a legacy e-mail without a doctype sizes monospace keywords by Chromium\'s quirks table', async () => {
    // Chromium 156, no doctype: <font size="2"><tt> 10px, <font size="1"><code> 9px, <font size="7"><tt> 40px;
    // the same with <!doctype html>: 12px, 10px, 39px; sans-serif text is sized the same in both modes
    const html = `<html><body><font face="Arial" size="2"><span id="arial">Paid by</span><br><tt id="tt">AUTH 0482A1</tt></font>
      <font size="1"><code id="code">x</code></font><font size="7"><tt id="huge">x</tt></font><small><tt id="smaller">x</tt></small>
      <font size="1" id="x-small">x</font></body></html>`;
    const quirks = await styleHtml(html);
    expect(quirks.diagnostics).toEqual([]);
    const q = (id: string): number => quirks.style(`#${id}`).fontSize;
    expect([q('arial'), q('tt'), q('code'), q('huge'), q('x-small')]).toEqual([13, 10, 9, 40, 10]);
    expect(q('smaller')).toBeCloseTo(10.8333, 4);
    const standard = await styleHtml(`<!doctype html>${html}`);
    const s = (id: string): number => standard.style(`#${id}`).fontSize;
    expect([s('arial'), s('tt'), s('code'), s('huge'), s('x-small')]).toEqual([13, 12, 10, 39, 10]);
  });
});
