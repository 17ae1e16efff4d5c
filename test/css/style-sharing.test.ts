import { describe, expect, it } from 'vitest';
import { createStylesheetCache } from '../../src/css/index.js';
import type { ComputedStyle } from '../../src/css/types.js';
import { MAX_SHARED_STYLES } from '../../src/css/style-sharing.js';
import type { DomElement } from '../../src/dom/types.js';
import { isElement } from '../../src/dom/types.js';
import { styleHtml, styleWith } from './helpers.js';
import type { Styled } from './helpers.js';

const red = { r: 255, g: 0, b: 0, a: 1 };
const blue = { r: 0, g: 0, b: 255, a: 1 };

/** The element children of the first `tag` element. */
function childrenOf(doc: Styled, tag: string): DomElement[] {
  return doc.element(tag).children.filter(isElement);
}

function stylesOf(doc: Styled, elements: readonly DomElement[]): ComputedStyle[] {
  return elements.map((element) => doc.styled.styleOf(element)!);
}

describe('style sharing within a document', () => {
  it('siblings with the same inputs share one computed style; a different class, style attribute or structural match does not', async () => {
    const doc = await styleWith('li { color: red } li.b { color: blue } li:first-child { font-size: 20px }',
      '<ul><li>1</li><li>2</li><li class="b">3</li><li>4</li><li style="padding: 1px">5</li><li class="b">6</li></ul>');
    const [first, second, third, fourth, fifth, sixth] = stylesOf(doc, childrenOf(doc, 'ul'));
    expect(second).toBe(fourth);
    expect(third).toBe(sixth);
    expect(third).not.toBe(second);
    expect(first).not.toBe(second); // :first-child matched the first only
    expect(fifth).not.toBe(second);
    expect(first!.fontSize).toBe(20);
    expect(second!.fontSize).toBe(16);
    expect(third!.color).toEqual(blue);
    expect(fifth!.paddingTop).toBe(1);
    expect(second!.color).toEqual(red);
  });

  it(':nth-child keeps even and odd rows apart, and children of different parent styles apart', async () => {
    const doc = await styleWith('tr:nth-child(2n) { color: red } tr:nth-child(2n+1) { color: blue } .x td { font-size: 30px }',
      '<table><tbody><tr><td>a</td></tr><tr><td>b</td></tr><tr class="x"><td>c</td></tr><tr><td>d</td></tr></tbody></table>');
    const rows = childrenOf(doc, 'tbody');
    const [odd, even, oddX, evenAgain] = stylesOf(doc, rows);
    expect(even).toBe(evenAgain);
    expect(odd).not.toBe(even);
    expect(oddX).toBe(odd); // class x matches no rule of its own: the row shares, its cell does not
    expect(odd!.color).toEqual(blue);
    expect(even!.color).toEqual(red);
    const cells = rows.map((row) => doc.styled.styleOf(row.children.find(isElement)!)!);
    expect(cells[1]).toBe(cells[3]); // same parent style, same rules
    expect(cells[0]).not.toBe(cells[1]); // inherits another colour
    expect(cells[2]).not.toBe(cells[0]);
    expect(cells[2]!.fontSize).toBe(30);
    expect(cells[0]!.fontSize).toBe(16);
  });

  it('every computed style has the same properties in the same order (one object shape)', async () => {
    const doc = await styleWith('span { float: left } p { color: red; margin: 3px }', '<p>a <span>b</span></p><div>c</div>');
    const keys = (style: ComputedStyle): string => Object.keys(style).join(',');
    const span = doc.style('span');
    expect(span.displayBeforeBlockify).toBe('inline');
    expect(keys(span)).toBe(keys(doc.style('p')));
    expect(keys(doc.style('div'))).toBe(keys(doc.styled.initialStyle));
    expect(keys(doc.styled.anonymousStyle(doc.style('p'), 'block'))).toBe(keys(doc.style('p')));
  });
});

describe('style sharing across documents from one template', () => {
  const template = (name: string): string => `<!DOCTYPE html><html><head><style>
    html { font-size: 12px } .n { padding: 1rem } .hello { color: red }</style></head>
    <body><div class="n">${name}</div><p class="hello">Hi</p></body></html>`;

  it('the same elements of the next document get the same computed styles', async () => {
    const cache = createStylesheetCache();
    const first = await styleHtml(template('Ada'), { cache });
    const second = await styleHtml(template('Grace'), { cache });
    for (const tag of ['html', 'body', 'div', 'p']) expect(second.style(tag)).toBe(first.style(tag));
    expect(second.style('div').paddingTop).toBe(12); // rem from the root's font size, also when shared
    expect(second.styled.initialStyle).toBe(first.styled.initialStyle);
  });

  it('another stylesheet gives other styles', async () => {
    const cache = createStylesheetCache();
    const first = await styleHtml(template('Ada'), { cache });
    const other = await styleHtml(template('Ada').replace('color: red', 'color: blue'), { cache });
    expect(other.style('p')).not.toBe(first.style('p'));
    expect(other.style('p').color).toEqual(blue);
    expect(first.style('p').color).toEqual(red);
  });

  it('a style that warned is computed again, and warns again, in the next document', async () => {
    const cache = createStylesheetCache();
    const html = '<style>.a { --w: red; width: var(--w) } .b { color: red }</style><div class="a">x</div><div class="b">y</div>';
    const first = await styleHtml(html, { cache });
    const second = await styleHtml(html, { cache });
    const warning = ['css_invalid_value', 'invalid value `red` for `width` after var() substitution'];
    expect(first.diagnostics.map((d) => [d.code, d.message])).toEqual([warning]);
    expect(second.diagnostics.map((d) => [d.code, d.message])).toEqual([warning]);
    const [a1, b1] = stylesOf(first, childrenOf(first, 'body'));
    const [a2, b2] = stylesOf(second, childrenOf(second, 'body'));
    expect(a2).not.toBe(a1);
    expect(b2).toBe(b1);
  });

  it('is bounded: past the limit the shared styles start afresh', async () => {
    const cache = createStylesheetCache();
    const css = '<style>div { color: red }</style>';
    const small = `${css}<div>x</div>`;
    const first = await styleHtml(small, { cache });
    expect((await styleHtml(small, { cache })).style('div')).toBe(first.style('div'));
    // style attributes filled from data: every one a new entry
    const many = Array.from({ length: MAX_SHARED_STYLES + 1 }, (_, i) => `<div style="width: ${i}px"></div>`).join('');
    await styleHtml(`${css}${many}`, { cache });
    const after = await styleHtml(small, { cache });
    expect(after.style('div')).not.toBe(first.style('div'));
    expect(after.style('div').color).toEqual(red);
  });
});
