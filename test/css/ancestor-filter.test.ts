import { parse } from 'css-tree';
import type { CssNode } from 'css-tree';
import { describe, expect, it } from 'vitest';
import { AncestorFilter, ancestorKeysOf, neededKeys } from '../../src/css/ancestor-filter.js';
import { buildRuleIndex } from '../../src/css/rule-index.js';
import type { IndexedSelector } from '../../src/css/rule-index.js';
import { compileSelector } from '../../src/css/selectors.js';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomElement, DomNode } from '../../src/dom/types.js';
import { isElement } from '../../src/dom/types.js';
import { childrenOf } from '../../src/css/values/nodes.js';
import { styleWith } from './helpers.js';

const ENV = { width: 600, height: 800, deviceWidth: 800, deviceHeight: 1000 };

function nodesOf(text: string): readonly CssNode[] {
  const list = parse(text, { context: 'selectorList' });
  return childrenOf(list.type === 'SelectorList' ? list.children.first! : list);
}

/** Calls `visit` for every element, with the filter holding exactly its ancestors (as the cascade does). */
function walk(nodes: readonly DomNode[], filter: AncestorFilter, visit: (element: DomElement) => void): void {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    visit(node);
    filter.enter(node);
    walk(node.children, filter, visit);
    filter.leave(node);
  }
}

describe('the keys a selector needs among its subject\'s ancestors', () => {
  it.each([
    ['td', undefined],
    ['.meta td', ['.meta']],
    ['table.items tbody tr:nth-child(even) td', ['table', '.items', 'tbody', 'tr']],
    ['#main > UL li', ['#main', 'ul']],
    // siblings are not ancestors; an ancestor of a sibling is
    ['.a + .b .c', ['.b']],
    ['.a .b + .c', ['.a']],
    ['h1 ~ p', undefined],
    // only the compound's own simple selectors: not those inside functional pseudo-classes
    [':is(.x, .y) p', undefined],
    [':not(.x) p', undefined],
    ['* > p', undefined],
    ['*|div p', undefined],
    ['.a\\:b span', ['.a:b']],
  ])('%s', (text, keys) => {
    expect(ancestorKeysOf(nodesOf(text))).toEqual(keys);
  });
});

describe('ancestor filter', () => {
  it('is needed only when some selector names an ancestor', () => {
    expect(neededKeys([undefined, undefined])).toBeUndefined();
    const needed = neededKeys([ancestorKeysOf(nodesOf('.a td')), undefined, ancestorKeysOf(nodesOf('#x > UL .a li'))])!;
    expect([[...needed.tags], [...needed.classes], [...needed.ids]]).toEqual([['ul'], [['a', '.a']], [['x', '#x']]]);
  });

  const selectors = [
    '.meta td', '.totals td', 'table.items td', '.totals tr.grand td', 'table.items tbody tr:nth-child(even) td', 'div > p', 'div p',
    '.a + .b .c', '.a .b + .c', '.a .b ~ .c', '#x span', '#x > span', 'section#x .b', 'TABLE td', 'ul ul li', 'ol > li li', '.b .b',
    '.b > .b', 'div.a.b span.c', ':is(div, p) .c', '.c .a', 'body .c', 'html body div', '.k td',
  ];
  const html = '<!DOCTYPE html><html><body><div class="meta a"><table><tr><td class="k">1</td><td>2</td></tr></table></div>'
    + '<table class="items"><tbody><tr><td>1</td></tr><tr class="grand"><td>2</td></tr></tbody></table>'
    + '<table class="totals"><tr class="grand"><td class="c">3</td></tr></table>'
    + '<div class="a"></div><div class="b"><p class="c">x<span class="c">y</span></p><div class="b"><span class="c">z</span></div></div>'
    + '<section id="x"><span class="b">s</span><p class="b"><span>t</span></p></section>'
    + '<ul><li>1<ul><li>2</li></ul></li></ul><ol><li><ol><li>3</li></ol></li></ol><p class="c a">last</p></body></html>';

  it('rejects only selectors that do not match: a differential test against the matchers alone', () => {
    const dom = parseHtml(html, 'doc.html');
    const entries = selectors.map((text) => {
      const list = parse(text, { context: 'selectorList' });
      const result = compileSelector(list.type === 'SelectorList' ? list.children.first! : list);
      if (!result.ok) throw new Error(text);
      return result.entry;
    });
    const filter = new AncestorFilter(neededKeys(entries.map((entry) => entry.ancestors))!);
    let matches = 0;
    let rejected = 0;
    walk(dom.root.children, filter, (element) => {
      for (const entry of entries) {
        const matched = entry.match(element);
        if (matched) matches++;
        if (entry.ancestors === undefined || filter.mayMatch(entry.ancestors)) continue;
        rejected++;
        expect(matched, `${entry.text} rejected for a <${element.name}> it matches`).toBe(false);
      }
    });
    expect(matches).toBeGreaterThan(20);
    expect(rejected).toBeGreaterThan(100);
  });

  it('the rule index gives the same matches with the filter as without it', async () => {
    const doc = await styleWith(selectors.map((s) => `${s} { color: red }`).join('\n'), html.replace(/^.*<body>|<\/body>.*$/g, ''));
    const index = buildRuleIndex(doc.sheets, ENV);
    const filter = new AncestorFilter(index.ancestorKeys!);
    const plain: IndexedSelector[] = [];
    const filtered: IndexedSelector[] = [];
    let elements = 0;
    walk(doc.dom.root.children, filter, (element) => {
      elements++;
      expect(index.match(element, filtered, filter).map((m) => m.id)).toEqual(index.match(element, plain).map((m) => m.id));
    });
    expect(elements).toBeGreaterThan(30);
  });

  it('counts keys: a class on an element and on its ancestor stays until both are left', () => {
    const dom = parseHtml('<div class="b" id="x"><div class="b">t</div></div>', 'doc.html');
    const needs = ancestorKeysOf(nodesOf('#x .b div'))!;
    const divs: DomElement[] = [];
    walk(dom.root.children, new AncestorFilter(neededKeys([needs])!), (element) => { if (element.name === 'div') divs.push(element); });
    const [outer, inner] = divs as [DomElement, DomElement];
    const filter = new AncestorFilter(neededKeys([needs])!);
    expect(filter.mayMatch(needs)).toBe(false);
    filter.enter(outer);
    expect(filter.mayMatch(needs)).toBe(true);
    filter.enter(inner);
    filter.leave(inner);
    expect(filter.mayMatch(needs)).toBe(true);
    filter.leave(outer);
    expect(filter.mayMatch(needs)).toBe(false);
  });
});
