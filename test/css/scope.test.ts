/**
 * `@scope` (CSS Cascade 6 §2.5) as Chromium 156 applies it: rules match in the subtree of a
 * scoping root down to its limits; unprefixed selectors match below the root, `:scope` the root
 * itself with a pseudo-class's specificity, `&` as `:is(<scope-start>)`.
 */
import { describe, expect, it } from 'vitest';
import { styleWith } from './helpers.js';
import type { Styled } from './helpers.js';

const BODY = `<div id="card" class="card"><p id="inside">in</p><div class="content"><p id="limited">limit</p></div><div><p id="deep">deep</p></div></div>
<p id="outside">out</p><div class="card" id="card2"><p id="second">second root</p></div>`;

const zIndex = (doc: Styled, id: string): unknown => doc.style(`#${id}`).zIndex;

describe('@scope', () => {
  it('matches below each root down to, and not into, the limits', async () => {
    const doc = await styleWith('@scope (.card) to (.content) { p { z-index: 1 } }', BODY);
    expect(doc.diagnostics).toEqual([]);
    expect(['inside', 'limited', 'deep', 'outside', 'second'].map((id) => zIndex(doc, id))).toEqual([1, 'auto', 1, 'auto', 1]);
  });

  it('matches the root only through :scope, and & as the start selector', async () => {
    const doc = await styleWith('@scope (.card) { div { z-index: 1 } :scope { z-index: 2 } & > p { z-index: 3 } }', BODY);
    expect(zIndex(doc, 'card')).toBe(2);
    expect(zIndex(doc, 'inside')).toBe(3);
    expect(zIndex(doc, 'deep')).toBe('auto');
  });

  it('gives :scope the specificity of a pseudo-class and the implicit root none', async () => {
    // `:scope p` (0,1,1) beats `.x` (0,1,0) written later; `p` (0,0,1) in scope loses to it
    const doc = await styleWith('@scope (.card) { :scope p { z-index: 1 } } #card p { z-index: 5 } p.y { z-index: 2 } @scope (.card) { p { z-index: 3 } }',
      '<div id="card" class="card"><p class="y" id="a">a</p></div>');
    expect(zIndex(doc, 'a')).toBe(5);
    const plain = await styleWith('@scope (.card) { :scope p { z-index: 1 } } p.y { z-index: 2 } @scope (.card) { p { z-index: 3 } }', '<div class="card"><p class="y" id="a">a</p></div>');
    expect(zIndex(plain, 'a')).toBe(2);
    const pseudo = await styleWith('@scope (.card) { :scope p { z-index: 1 } } p { z-index: 2 }', '<div class="card"><p id="a">a</p></div>');
    expect(zIndex(pseudo, 'a')).toBe(1);
  });

  it('reads :scope in the limit as the root, and nests in @media, @layer and another @scope', async () => {
    const doc = await styleWith('@media print { @layer base { @scope (.card) to (:scope > .content) { p { z-index: 1 } } } } @scope (.card) { @scope (.content) { p { z-index: 4 } } }', BODY);
    expect(['inside', 'limited', 'deep'].map((id) => zIndex(doc, id))).toEqual([1, 4, 1]);
  });

  it('applies an @scope without a prelude to the whole document, warned; an invalid prelude drops the rules', async () => {
    const doc = await styleWith('@scope { p { z-index: 1 } } @scope (.card) junk { p { z-index: 2 } }', BODY);
    expect(zIndex(doc, 'outside')).toBe(1);
    expect(zIndex(doc, 'inside')).toBe(1);
    expect(doc.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([
      'css_unsupported: @scope without a scope root applies its rules to the whole document: the parent of its <style> as root is not supported',
      'css_parse: invalid @scope prelude: its rules are ignored',
    ]);
    const invalid = await styleWith('@scope (.card:::x) { p { z-index: 3 } } @scope (.card) to (p::before) { p { z-index: 3 } }', BODY);
    expect(zIndex(invalid, 'inside')).toBe('auto');
    expect(invalid.diagnostics.filter((d) => d.message === 'invalid @scope prelude: its rules are ignored')).toHaveLength(1);
  });
});
