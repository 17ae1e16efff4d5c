/**
 * Chromium's `-webkit-` aliases of standard properties (css/properties/webkit-aliases.ts), as
 * templates made for wkhtmltopdf's WebKit write them.
 */
import { describe, expect, it } from 'vitest';
import { WEBKIT_ALIASES } from '../../src/css/properties/webkit-aliases.js';
import { lookupProperty } from '../../src/css/properties/registry.js';
import { styleWith } from './helpers.js';

describe('-webkit- aliases', () => {
  it('each names a property octavo knows, and is read as it', () => {
    for (const [alias, target] of Object.entries(WEBKIT_ALIASES)) {
      const own = lookupProperty(alias);
      const standard = lookupProperty(target);
      expect(standard.kind, target).toBe('known');
      expect(own, alias).toEqual(standard);
    }
  });

  it('a wkhtmltopdf-era stylesheet: shadows, columns, logical margins, writing mode', async () => {
    const doc = await styleWith(`div { -webkit-box-shadow: 0 1px 2px red; -webkit-column-count: 2; -webkit-column-gap: 10px;
      -webkit-margin-before: 7px; -webkit-padding-start: 3px; -webkit-border-top-left-radius: 4px; -webkit-filter: blur(1px) }
      p { -webkit-logical-width: 50px } span { -webkit-writing-mode: vertical-rl }`, '<div><p>x<span>y</span></p></div>');
    const div = doc.style('div');
    expect([div.boxShadow.length, div.columnCount, div.columnGap, div.marginTop, div.paddingLeft, div.filter.length]).toEqual([1, 2, 10, 7, 3, 1]);
    expect(div.borderTopLeftRadius).toEqual([4, 4]);
    expect([doc.style('p').width, doc.style('span').writingMode]).toEqual([50, 'vertical-rl']);
    expect(doc.diagnostics).toEqual([]);
  });

  it('an alias of a property octavo does not draw warns as that property does', async () => {
    const doc = await styleWith('div { -webkit-perspective-origin: top; -webkit-box-reflect: below }', '<div>x</div>');
    expect(doc.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['css_unsupported', expect.stringContaining('perspective-origin')],
      ['css_unsupported', expect.stringContaining('-webkit-box-reflect')],
    ]);
  });
});
