/**
 * `@scope` (CSS Cascade 6 §2.5) as Chromium 156 applies it: rules match in the subtree of a
 * scoping root down to its limits; unprefixed selectors match below the root, `:scope` the root
 * itself with a pseudo-class's specificity, `&` as `:is(<scope-start>)`.
 */
import { describe, expect, it } from 'vitest';
import { styleHtml, styleWith } from './helpers.js';
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
    // `:scope p` (0,1,1) loses to `#card p` (1,0,1); `p` (0,0,1) in scope loses to `:scope p`
    const doc = await styleWith('@scope (.card) { :scope p { z-index: 1 } } #card p { z-index: 5 } @scope (.card) { p { z-index: 3 } }',
      '<div id="card" class="card"><p id="a">a</p></div>');
    expect(zIndex(doc, 'a')).toBe(5);
    const pseudo = await styleWith('@scope (.card) { :scope p { z-index: 1 } } p { z-index: 2 } @scope (.card) { p { z-index: 3 } }', '<div class="card"><p id="a">a</p></div>');
    expect(zIndex(pseudo, 'a')).toBe(1);
  });

  it('weighs proximity after specificity: the nearer root wins, a scoped rule wins over an unscoped one', async () => {
    // Chromium 156: the same for normal and !important declarations, whatever the order of the rules
    const nested = '<div class="light"><p id="l">l</p><div class="dark"><p id="d">d</p><div class="light"><p id="ll">ll</p></div></div></div>';
    for (const important of ['', ' !important']) {
      const doc = await styleWith(`@scope (.dark) { p { z-index: 2${important} } } @scope (.light) { p { z-index: 1${important} } }`, nested);
      expect(['l', 'd', 'll'].map((id) => zIndex(doc, id))).toEqual([1, 2, 1]);
    }
    const unscoped = await styleWith('@scope (.card) { :scope p { z-index: 1 } } p.y { z-index: 2 }', '<div class="card"><p class="y" id="a">a</p></div>');
    expect(zIndex(unscoped, 'a')).toBe(1);
    const layered = await styleWith('@layer a, b; @layer b { @scope (.dark) { p { z-index: 2 !important } } } @layer a { @scope (.light) { p { z-index: 1 !important } } }', nested);
    // !important: the earlier layer wins whatever the proximity
    expect(['l', 'd', 'll'].map((id) => zIndex(layered, id))).toEqual([1, 1, 1]);
  });

  it('reads :scope in the limit as the root, and nests in @media, @layer and another @scope', async () => {
    const doc = await styleWith('@media print { @layer base { @scope (.card) to (:scope > .content) { p { z-index: 1 } } } } @scope (.card) { @scope (.content) { p { z-index: 4 } } }', BODY);
    expect(['inside', 'limited', 'deep'].map((id) => zIndex(doc, id))).toEqual([1, 4, 1]);
  });

  it('roots an @scope without a start at the parent of each <style> with its CSS', async () => {
    const css = '@scope { p { z-index: 1 } :scope { z-index: 2 } }';
    const doc = await styleHtml(`<!DOCTYPE html><html><head><style>@scope { p { z-index: 9 } }</style></head><body>
<div id="one"><style>${css}</style><p id="a">a</p></div><div id="two"><style>${css}</style><p id="b">b</p></div>
<div id="three"><style>@scope to (.stop) { p { z-index: 3 } }</style><p id="c">c</p><div class="stop"><p id="d">d</p></div></div><p id="e">e</p></body></html>`);
    expect(doc.diagnostics).toEqual([]);
    expect(['one', 'a', 'two', 'b', 'c', 'd', 'e'].map((id) => zIndex(doc, id))).toEqual([2, 1, 2, 1, 3, 'auto', 'auto']);
  });

  it('drops the rules of an invalid prelude, warned', async () => {
    const doc = await styleWith('@scope (.card) junk { p { z-index: 2 } }', BODY);
    expect(zIndex(doc, 'inside')).toBe('auto');
    expect(doc.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual(['css_parse: invalid @scope prelude: its rules are ignored']);
    const selector = await styleWith('@scope (.card:::x) { p { z-index: 3 } }', BODY);
    expect(zIndex(selector, 'inside')).toBe('auto');
    expect(selector.diagnostics.map((d) => d.message)).toEqual(['invalid @scope prelude: its rules are ignored']);
  });
});
