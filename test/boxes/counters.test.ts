/**
 * Counter scoping (CSS Lists 3 §4.4-4.5): the spec's examples and the web-platform-tests of
 * css/css-lists (counters-scope-00x, counter(s)-002) whose references browsers match.
 */
import { describe, expect, it } from 'vitest';
import { CounterState } from '../../src/boxes/counters.js';
import { generatedTexts, markers } from './helpers.js';

const page = (css: string, body: string): string => `<!DOCTYPE html><html><head><style>${css}</style></head><body>${body}</body></html>`;

describe('CounterState', () => {
  it('a counter instantiated where the parent has none is seen by following siblings', () => {
    const counters = new CounterState();
    counters.enterLevel();
    counters.enterElement();
    counters.reset({ name: 'c', value: 5 });
    counters.leaveElement();
    expect(counters.value('c')).toBe(5);
    counters.enterElement();
    counters.increment({ name: 'c', value: 1 });
    counters.leaveElement();
    expect(counters.value('c')).toBe(6);
    counters.leaveLevel();
    expect(counters.has('c')).toBe(false);
  });

  it('a counter instantiated where the parent has one is only seen by the element and its descendants', () => {
    const counters = new CounterState();
    counters.reset({ name: 'c', value: 1 });
    counters.enterLevel();
    counters.enterElement();
    counters.reset({ name: 'c', value: 10 });
    expect(counters.allValues('c')).toEqual([1, 10]);
    counters.leaveElement();
    expect(counters.allValues('c')).toEqual([1]);
    counters.leaveLevel();
  });

  it('a following sibling (or the same element) replaces the counter instead of nesting', () => {
    const counters = new CounterState();
    counters.enterLevel();
    counters.enterElement();
    counters.reset({ name: 'c', value: 1 });
    counters.reset({ name: 'c', value: 2 });
    counters.leaveElement();
    counters.enterElement();
    counters.reset({ name: 'c', value: 7 });
    counters.leaveElement();
    expect(counters.allValues('c')).toEqual([7]);
  });

  it('increment and set instantiate a missing counter at 0; reading one does not', () => {
    const counters = new CounterState();
    expect(counters.value('x')).toBe(0);
    expect(counters.allValues('x')).toEqual([0]);
    expect(counters.has('x')).toBe(false);
    counters.increment({ name: 'x', value: 3 });
    expect(counters.value('x')).toBe(3);
    counters.set({ name: 'y', value: -4 });
    expect(counters.value('y')).toBe(-4);
  });
});

describe('counter scopes in documents', () => {
  it('CSS Lists 3 §4.4 example: nested lists numbered with counters()', async () => {
    const css = 'ol { counter-reset: item } li { display: block } li::before { content: counters(item, ".") " "; counter-increment: item }';
    const html = `<ol><li>item</li><li>item<ol><li>item</li><li>item<ol><li>item</li></ol><ol><li>item</li></ol></li><li>item</li></ol></li>
      <li>item</li><li>item</li></ol><ol><li>item</li><li>item</li></ol>`;
    expect(await generatedTexts(page(css, html))).toEqual(['1 ', '2 ', '2.1 ', '2.2 ', '2.2.1 ', '2.2.1 ', '2.3 ', '3 ', '4 ', '1 ', '2 ']);
  });

  it('CSS 2 §12.4 example: chapters and sections on sibling headings', async () => {
    const css = `h1::before { content: "Chapter " counter(chapter) ". "; counter-increment: chapter }
      h1 { counter-reset: section } h2::before { content: counter(chapter) "." counter(section) " "; counter-increment: section }`;
    const html = '<h1>A</h1><h2>a</h2><h2>b</h2><h1>B</h1><h2>c</h2><div><h2>nested</h2></div><h2>d</h2>';
    // Each h1::before instantiates its own `chapter` (no ancestor has one): browsers print 1 each time.
    expect(await generatedTexts(page(`body { counter-reset: chapter } ${css}`, html))).toEqual([
      'Chapter 1. ', '1.1 ', '1.2 ', 'Chapter 2. ', '2.1 ', '2.2 ', '2.3 ',
    ]);
    expect(await generatedTexts(page(css, html))).toEqual(['Chapter 1. ', '0.1 ', '0.2 ', 'Chapter 1. ', '0.1 ', '0.2 ', '0.3 ']);
  });

  it('WPT counters-scope-001: not inherited from the previous sibling when inherited from an ancestor', async () => {
    const css = `.scope { counter-reset: c 1 } .scope::before, .scope::after { content: counter(c) } .c::before { content: counter(c) }
      .one::before { counter-reset: c 2 } .two { counter-reset: c 3 }`;
    const html = `<div><span class="scope"><span class="one c"><span class="c"></span></span><span class="c"></span></span><span class="c"></span>
      <span class="scope"><span class="two c"><span class="c"></span></span><span class="c"></span></span><span class="c"></span></div>`;
    expect((await generatedTexts(page(css, html))).join(' ')).toBe('1 2 1 1 1 1 1 3 3 1 1 1');
  });

  it('WPT counters-scope-002', async () => {
    const css = `#scope, span#reset { counter-reset: c 0 } span::before { counter-increment: c 1; content: "B" counters(c,".") "-" }
      span::after { counter-increment: c 1; content: "A" counters(c,".") "-" }`;
    const html = '<div id="scope"><span><span><span id="reset"><span></span><span></span></span><span><span></span></span></span></span></div>';
    expect((await generatedTexts(page(css, html))).join('')).toBe('B1-B2-B2.1-B2.2-A2.3-B2.4-A2.5-A2.6-B3-B4-A5-A6-A7-A8-');
  });

  it('WPT counters-scope-003: a counter reset on ::before', async () => {
    const css = `body, span#reset::before { counter-reset: c 0 } span::before { counter-increment: c 1; content: "B" counters(c,".") "-" }
      span::after { counter-increment: c 1; content: "A" counters(c,".") "-" }`;
    const html = '<div><span><span id="reset"><span></span></span></span></div>';
    expect((await generatedTexts(page(css, html))).join('')).toBe('B1-B1.1-B2-A3-A4-A5-');
  });

  it('WPT counters-scope-004', async () => {
    const css = '.reset { counter-reset: c } .rb::before { counter-reset: c; content: "R" } .use { counter-increment: c } .use::before { content: counters(c, ".") }';
    const html = '<div><span class="reset"></span><span class="use"></span><span class="reset"></span><span class="use"></span><span class="rb"><span class="use"></span><span class="reset"></span><span class="use"></span></span></div>';
    expect(await generatedTexts(page(css, html))).toEqual(['1', '1', 'R', '2', '3']);
  });

  it('WPT counter-002 and counters-002: a reset on one sibling does not carry to the next', async () => {
    const spans = (n: number, special: Record<number, number>) => Array.from({ length: n }, (_, i) => (special[i] !== undefined ? `<span style="counter-reset: c ${special[i]}"></span>` : '<span></span>')).join('');
    const body = `<div id="test">${spans(19, { 12: 48, 14: 388, 16: 3488 })}</div>`;
    const single = await generatedTexts(page('#test { counter-reset: c } #test span { counter-increment: c } #test span::before { content: counter(c, lower-roman) }', body));
    expect(single).toEqual(['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii', 'xlix', 'xiii', 'ccclxxxix', 'xiv', 'mmmcdlxxxix', 'xv', 'xvi']);
    const nested = await generatedTexts(page('body, #test span:first-child { counter-reset: c } p, #test span { counter-increment: c } #test span::before { content: counters(c, ".", upper-roman) }', `<p>x</p>${body}`));
    expect(nested.slice(0, 3)).toEqual(['I.I', 'II', 'III']);
    expect(nested.slice(12, 17)).toEqual(['XII.XLIX', 'XIII', 'XIII.CCCLXXXIX', 'XIV', 'XIV.MMMCDLXXXIX']);
  });

  it('counter-set changes the innermost counter; the order is reset, increment, set', async () => {
    const css = 'div { counter-reset: n 5 } p { counter-increment: n 2 } p.s { counter-set: n 100 } p::before { content: counter(n) }';
    expect(await generatedTexts(page(css, '<div><p>a</p><p class="s">b</p><p>c</p></div>'))).toEqual(['7', '100', '102']);
  });

  it('display: none elements do not change counters; display: contents ones do', async () => {
    const css = 'body { counter-reset: n } p { counter-increment: n } p::before { content: counter(n) } .c { display: contents; counter-increment: n 10 }';
    expect(await generatedTexts(page(css, '<p></p><p style="display:none"></p><p></p><div class="c"><p></p></div>'))).toEqual(['1', '2', '13']);
  });

  it('counters on the root element and on images count', async () => {
    const css = 'html { counter-reset: fig 10 } img { counter-increment: fig } p::after { content: counter(fig) }';
    expect(await generatedTexts(page(css, '<img src="a.png"><img src="b.png"><p></p>'))).toEqual(['12']);
  });
});

describe('the list-item counter (CSS Lists 3 §4.6, HTML §4.4.8)', () => {
  it('list items increment it; ol and ul reset it; nested lists nest it', async () => {
    const css = 'li::marker { content: counters(list-item, ".") " " }';
    const html = '<ol><li>a<ol><li>b</li><li>c<ul><li>d</li></ul></li></ol></li><li>e</li></ol><ol><li>f</li></ol>';
    expect(await markers(page(css, html))).toEqual(['1 ', '1.1 ', '1.2 ', '1.2.1 ', '2 ', '1 ']);
  });

  it('ol start, reversed, li value', async () => {
    expect(await markers(page('', '<ol start="5"><li>a</li><li>b</li></ol>'))).toEqual(['5. ', '6. ']);
    expect(await markers(page('', '<ol start="-2"><li>a</li><li>b</li><li>c</li></ol>'))).toEqual(['-2. ', '-1. ', '0. ']);
    expect(await markers(page('', '<ol reversed><li>a</li><li>b</li><li>c</li></ol>'))).toEqual(['3. ', '2. ', '1. ']);
    expect(await markers(page('', '<ol reversed start="10"><li>a</li><li>b</li></ol>'))).toEqual(['10. ', '9. ']);
    expect(await markers(page('', '<ol><li>a</li><li value="10">b</li><li>c</li></ol>'))).toEqual(['1. ', '10. ', '11. ']);
    expect(await markers(page('', '<ol reversed><li>a</li><li value="10">b</li><li>c</li></ol>'))).toEqual(['3. ', '10. ', '9. ']);
    expect(await markers(page('', '<ol start="x"><li>a</li></ol><ol><li value="2.5">b</li></ol>'))).toEqual(['1. ', '1. ']);
  });

  it('an explicit counter-increment of list-item replaces the implicit one', async () => {
    expect(await markers(page('li { counter-increment: list-item 2 }', '<ol><li>a</li><li>b</li></ol>'))).toEqual(['2. ', '4. ']);
    // `none` does not mention list-item: the implicit increment stays; `list-item 0` removes it.
    expect(await markers(page('li.skip { counter-increment: none; list-style-type: none }', '<ol><li>a</li><li class="skip">b</li><li>c</li></ol>'))).toEqual(['1. ', '3. ']);
    expect(await markers(page('li.skip { counter-increment: list-item 0; list-style-type: none }', '<ol><li>a</li><li class="skip">b</li><li>c</li></ol>'))).toEqual(['1. ', '2. ']);
  });

  it('items outside a list and display: list-item elements count too', async () => {
    expect(await markers(page('p, li { display: list-item; list-style-type: decimal }', '<p>a</p><p>b</p><li>c</li>'))).toEqual(['1. ', '2. ', '3. ']);
  });

  it('an ol restarts its list-item numbering when an author counter-reset replaces the UA one (Chromium)', async () => {
    const css = 'ol { counter-reset: item } ol.a { list-style-type: lower-alpha }';
    const html = '<ol><li>x<ol class="a"><li>a</li><li>b</li></ol></li><li>y</li></ol><ul><li>u</li></ul>';
    expect(await markers(page(css, html))).toEqual(['1. ', 'a. ', 'b. ', '2. ', '• ']);
  });
});
