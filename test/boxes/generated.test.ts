/** Generated content (CSS Generated Content 3 §2) and list markers (CSS Lists 3 §3) in the box tree. */
import { describe, expect, it } from 'vitest';
import type { Box } from '../../src/boxes/types.js';
import { allBoxes, boxTree, generatedTexts, isBlock, markers } from './helpers.js';

const page = (css: string, body: string): string => `<!DOCTYPE html><html><head><style>${css}</style></head><body>${body}</body></html>`;

describe('content', () => {
  it('strings, attr(), counters and escapes', async () => {
    const css = 'p::before { content: "[" attr(data-x) "|" attr(missing) "] \\2014  " } p::after { content: "n=" counter(n, upper-roman) } p { counter-increment: n 3 }';
    expect(await generatedTexts(page(css, '<p data-x="X &amp; Y">t</p>'))).toEqual(['[X & Y|] — ', 'n=III']);
  });

  it('element() outside a page-margin box shows nothing, with a warning at the element', async () => {
    // CSS GCPM 3 §1.3: element() is for margin boxes (WeasyPrint warns "only allowed in page margins" too)
    const { tree, diagnostics } = await boxTree(page('.t { position: running(t) } h1::after { content: " " element(t) "!" }', '<div class="t">T</div>\n<h1>A</h1>'));
    expect(allBoxes(tree.root).filter((box) => box.kind === 'text' && box.pseudo === 'after').map((box) => box.kind === 'text' ? box.text : '')).toEqual([' !']);
    expect(diagnostics.list().map((d) => [d.code, d.message, d.line])).toEqual([['css_unsupported', '`element(t)` in `content` is shown only in page-margin boxes (CSS GCPM 3 §1.3): nothing is shown for it here', 2]]);
  });

  it('none, normal and an empty string', async () => {
    const css = 'p::before { content: none } p::after { content: normal } div::before { content: "" }';
    const { tree } = await boxTree(page(css, '<p>a</p><div>b</div>'));
    const pseudos = allBoxes(tree.root).filter((box) => box.pseudo !== undefined);
    // An empty string still generates a (empty) ::before box; none/normal generate nothing.
    expect(pseudos.map((box) => `${box.kind}:${box.pseudo}`)).toEqual(['inline:before']);
  });

  it('quotes nest, use the quotes property and never go below depth 0', async () => {
    const css = 'q { quotes: "«" "»" "‹" "›" } span::before { content: close-quote }';
    expect(await generatedTexts(page(css, '<p><q>a <q>b <q>c</q></q></q><span></span></p>'))).toEqual(['«', '‹', '‹', '›', '›', '»']);
    const auto = await generatedTexts(page('', '<q>a<q>b</q></q>'));
    expect(auto).toEqual(['\u201c', '\u2018', '\u2019', '\u201d']);
    const none = await generatedTexts(page('q { quotes: none }', '<q>a</q>'));
    expect(none).toEqual([]);
  });

  it('quotes: auto takes the marks of the content language, as Chromium 156 prints <q>', async () => {
    // read back from Chromium: de „‚, fr «« (no space), ja 「『, nl ‘‘, fr-ca «”; de-AT as de; an unknown
    // language and none as English; the nested <q> takes its own language
    const quoted = async (lang: string): Promise<string> => (await generatedTexts(page('', `<p lang="${lang}"><q>a<q>b</q></q></p>`))).join('');
    const langs = ['de', 'de-AT', 'fr', 'fr-CA', 'ja', 'nl', 'pl', 'xx', ''];
    expect(await Promise.all(langs.map(quoted))).toEqual(['„‚‘“', '„‚‘“', '««»»', '«”“»', '「『』」', '‘‘’’', '„«»”', '“‘’”', '“‘’”']);
    expect((await generatedTexts(page('', '<p lang="de"><q>a<q lang="fr">b</q></q></p>'))).join('')).toBe('„«»“');
  });

  it('no-open-quote and no-close-quote change the depth silently', async () => {
    const css = 'q { quotes: "1" "1" "2" "2" } .skip::before { content: no-open-quote } .skip::after { content: no-close-quote }';
    expect(await generatedTexts(page(css, '<span class="skip"><q>x</q></span><q>y</q>'))).toEqual(['2', '2', '1', '1']);
  });

  it('url() makes an inline image box between the texts', async () => {
    const { tree } = await boxTree(page('p::before { content: "a" url(icon.png) "b" }', '<p>t</p>'));
    const before = allBoxes(tree.root).filter((box) => box.pseudo === 'before' && box.kind !== 'inline');
    expect(before.map((box) => (box.kind === 'replaced' ? box.src : box.kind === 'text' ? box.text : box.kind))).toEqual(['a', 'file:///work/doc/icon.png', 'b']);
  });

  it('display of ::before: block makes a block box', async () => {
    const { tree } = await boxTree(page('div::before { content: "x"; display: block }', '<div>y</div>'));
    const div = allBoxes(tree.root).find((box) => box.element?.name === 'div' && box.pseudo === undefined);
    expect(isBlock(div) && div.children.map((child) => `${child.kind}:${child.pseudo ?? 'anon'}`)).toEqual(['block:before', 'block:anon']);
  });
});

describe('::marker', () => {
  it('the list-style-type of every predefined style', async () => {
    const types = ['disc', 'circle', 'square', 'decimal', 'decimal-leading-zero', 'lower-roman', 'upper-roman', 'lower-alpha', 'upper-alpha', 'lower-latin', 'upper-latin', 'lower-greek'];
    const html = types.map((type) => `<ol style="list-style-type: ${type}" start="4"><li>x</li></ol>`).join('');
    expect(await markers(page('', html))).toEqual(['• ', '◦ ', '▪ ', '4. ', '04. ', 'iv. ', 'IV. ', 'd. ', 'D. ', 'd. ', 'D. ', 'δ. ']);
  });

  it('a string list-style-type is used as is; none has no marker', async () => {
    expect(await markers(page('ul { list-style-type: "→ " } ol { list-style: none }', '<ul><li>a</li></ul><ol><li>b</li></ol>'))).toEqual(['→ ']);
  });

  it('nested lists: disc, circle, square from the UA sheet', async () => {
    expect(await markers(page('', '<ul><li>a<ul><li>b<ul><li>c<ul><li>d</li></ul></li></ul></li></ul></li></ul><ol><li>e<ul><li>f</li></ul></li></ol>'))).toEqual(['• ', '◦ ', '▪ ', '▪ ', '1. ', '◦ ']);
  });

  it('HTML type attributes map to list-style-type', async () => {
    expect(await markers(page('', '<ol type="a"><li>x</li></ol><ol type="I"><li>x</li></ol><ul type="square"><li>x</li></ul><ol><li type="i">x</li></ol>'))).toEqual(['a. ', 'I. ', '▪ ', 'i. ']);
  });

  it('::marker content replaces the list-style-type text and gets the marker style', async () => {
    const { tree } = await boxTree(page('li::marker { content: "(" counter(list-item, lower-alpha) ") "; color: red; font-size: 30px }', '<ol><li>a</li><li>b</li></ol>'));
    const texts = allBoxes(tree.root).filter((box): box is Extract<Box, { kind: 'text' }> => box.kind === 'text' && box.pseudo === 'marker');
    expect(texts.map((t) => t.text)).toEqual(['(a) ', '(b) ']);
    expect(texts[0]!.style.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(texts[0]!.style.fontSize).toBe(30);
    expect(texts[0]!.style.whiteSpace).toBe('pre');
  });

  it('::marker content: none removes the marker', async () => {
    expect(await markers(page('li::marker { content: none }', '<ol><li>a</li></ol>'))).toEqual([]);
  });

  it('outside markers hang off the item; inside markers are its first inline child', async () => {
    const { tree } = await boxTree(page('.in { list-style-position: inside }', '<ul><li>a</li></ul><ul class="in"><li>b</li></ul>'));
    const items = allBoxes(tree.root).filter((box) => box.element?.name === 'li' && box.pseudo === undefined);
    const [outside, inside] = items;
    expect(isBlock(outside) && outside.marker?.pseudo).toBe('marker');
    expect(isBlock(outside) && outside.children.some((child) => child.pseudo === 'marker')).toBe(false);
    expect(isBlock(inside) && inside.marker).toBeUndefined();
    expect(isBlock(inside) && inside.children[0]!.kind === 'inline' && inside.children[0]!.pseudo).toBe('marker');
  });

  it('list-style-image: the image is the marker, the type text its fallback', async () => {
    const { tree } = await boxTree(page('ul { list-style: square url(dot.png) } .in { list-style-position: inside }', '<ul><li>a</li></ul><ul class="in"><li>b</li></ul>'));
    const items = allBoxes(tree.root).filter((box) => box.element?.name === 'li' && box.pseudo === undefined);
    const marker = isBlock(items[0]) ? items[0].marker : undefined;
    expect(marker?.children.map((child) => (child.kind === 'replaced' ? child.src : child.kind))).toEqual(['file:///work/doc/dot.png']);
    expect(marker?.imageFallback?.map((child) => (child.kind === 'text' ? child.text : child.kind))).toEqual(['▪ ']);
    const inside = isBlock(items[1]) ? items[1].children[0] : undefined;
    expect(inside?.kind === 'inline' && inside.children.map((child) => child.kind)).toEqual(['replaced']);
  });

  it('::marker content wins over list-style-image', async () => {
    expect(await markers(page('ul { list-style-image: url(dot.png) } li::marker { content: "*" }', '<ul><li>a</li></ul>'))).toEqual(['*']);
  });
});
