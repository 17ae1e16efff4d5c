import { describe, expect, it } from 'vitest';
import { buildRuleIndex, compareSelectors } from '../../src/css/rule-index.js';
import type { IndexedSelector } from '../../src/css/rule-index.js';
import type { DomElement, DomNode } from '../../src/dom/types.js';
import { isElement } from '../../src/dom/types.js';
import { styleWith } from './helpers.js';

const ENV = { width: 600, height: 800, deviceWidth: 800, deviceHeight: 1000 };

function elements(nodes: readonly DomNode[], out: DomElement[] = []): DomElement[] {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    out.push(node);
    elements(node.children, out);
  }
  return out;
}

/** What a match must hold: every selector of every rule that matches, sorted by compareSelectors (stable). */
function expected(sheets: Awaited<ReturnType<typeof styleWith>>['sheets'], element: DomElement): { rule: unknown; specificity: number }[] {
  const found: { origin: number; order: number; layer: number; specificity: number; rule: unknown }[] = [];
  let order = 0;
  for (const sheet of sheets) {
    for (const rule of sheet.parsed.rules) {
      order++;
      for (const entry of rule.selectors) {
        if (entry.match(element)) found.push({ origin: sheet.origin === 'user-agent' ? 0 : 1, order, layer: 0, specificity: entry.specificity, rule });
      }
    }
  }
  found.sort((a, b) => a.origin - b.origin || a.layer - b.layer || a.specificity - b.specificity || a.order - b.order);
  return found.map(({ rule, specificity }) => ({ rule, specificity }));
}

describe('rule index', () => {
  it('matches every selector that applies, in cascade order, comparing ids alone', async () => {
    const css = [
      '* { margin: 0 }', 'div { color: red }', '.a { color: blue }', '#x { color: green }', 'div.a { color: navy }',
      'body * { padding: 1px }', '[data-k] { border: 1px solid }', 'p, .b, div > span { color: teal }', '.a.b { color: olive }',
      'span { color: black }', 'td:nth-child(2n) { color: gray }', 'tr td { padding: 2px }', '*.b { margin: 1px }', 'div { color: maroon }',
    ].join('\n');
    const body = '<div class="a b" id="x"><span class="b" data-k="1">t</span><p class="a">p</p></div>'
      + '<table><tr><td>1</td><td class="b">2</td><td id="x">3</td></tr></table><span data-k>s</span>';
    const doc = await styleWith(css, body);
    const index = buildRuleIndex(doc.sheets, ENV);
    const all = elements(doc.dom.root.children);
    expect(all.length).toBeGreaterThan(10);
    const scratch: IndexedSelector[] = [];
    for (const element of all) {
      const matched = index.match(element, scratch);
      for (let i = 1; i < matched.length; i++) {
        expect(matched[i - 1]!.id).toBeLessThan(matched[i]!.id);
        expect(compareSelectors(matched[i - 1]!, matched[i]!)).toBeLessThanOrEqual(0);
      }
      expect(matched.map((m) => ({ rule: m.rule, specificity: m.entry.specificity }))).toEqual(expected(doc.sheets, element));
    }
  });
});
