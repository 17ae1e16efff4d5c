/**
 * `attr()` outside `content` (CSS Values 5 §7.7): an element's attribute substituted into any
 * property at computed-value time, as Chromium 156 does it (expected values read from its
 * getComputedStyle on the same page): units, `type()`, fallbacks, strings, and no URLs.
 */
import { describe, expect, it } from 'vitest';
import { styleWith } from './helpers.js';

const CSS = `.bar { width: attr(data-w px); margin-top: attr(data-gap px, 3px) } .pct { width: attr(data-pct %) }
  .c { color: attr(data-color type(<color>), blue) } .u { background-image: attr(data-u type(*)) } .q { quotes: attr(data-q) attr(data-q) }`;

describe('attr() in any property', () => {
  it('reads each element its own attribute, with a unit, a type or the fallback', async () => {
    const doc = await styleWith(CSS, `<div id=a class=bar data-w=312 data-gap=5></div><div id=b class=bar data-w=546></div><div id=p class=pct data-pct=40></div>
      <p id=d class=c data-color="rgb(0, 128, 0)">green</p><p id=e class=c>blue</p><p id=f class=c data-color="nonsense">blue</p>
      <div id=s style="width: attr(data-pct %)" data-pct=25></div>`);
    expect(doc.diagnostics).toEqual([]);
    expect([doc.style('#a').width, doc.style('#a').marginTop]).toEqual([312, 5]);
    expect([doc.style('#b').width, doc.style('#b').marginTop]).toEqual([546, 3]);
    expect([doc.style('#p').width, doc.style('#s').width]).toEqual([{ kind: 'percent', value: 40 }, { kind: 'percent', value: 25 }]);
    // a colour that is none takes the fallback, as in Chromium
    expect([doc.style('#d').color, doc.style('#e').color, doc.style('#f').color]).toEqual([
      { r: 0, g: 128, b: 0, a: 1 }, { r: 0, g: 0, b: 255, a: 1 }, { r: 0, g: 0, b: 255, a: 1 },
    ]);
  });

  it('makes the declaration invalid where the attribute does not fit and there is no fallback', async () => {
    const doc = await styleWith(CSS, '<div id=c class=bar data-w=x></div><div id=g class=bar data-w=" 120 ">w</div>');
    expect(doc.style('#c').width).toBe('auto');
    expect(doc.style('#g').width).toBe('auto');
    // one warning for the declaration, said once per render
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });

  it('gives a string without a type, and never a URL', async () => {
    const doc = await styleWith(CSS, '<p id=q class=q data-q="«">x</p><div id=u class=u data-u="url(https://example.com/x.png)">x</div>');
    expect(doc.style('#q').quotes).toEqual([['«', '«']]);
    expect(doc.style('#u').backgroundImage).toEqual(['none']);
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });

  it('is not shared between elements that match the same rules', async () => {
    const doc = await styleWith('.bar { width: attr(data-w px) }', '<div id=a class=bar data-w=10></div><div id=b class=bar data-w=20></div><div id=c class=bar data-w=10></div>');
    expect(['#a', '#b', '#c'].map((id) => doc.style(id).width)).toEqual([10, 20, 10]);
  });

  it('refuses an attribute longer than a custom property may grow', async () => {
    const doc = await styleWith('.c { color: attr(data-c type(*), blue) }', `<p id=p class=c data-c="${'x'.repeat(2_000_000)}">x</p>`);
    expect(doc.style('#p').color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });

  it('reads no property of Object.prototype', async () => {
    const doc = await styleWith('p { width: attr(constructor px, 7px); quotes: attr(__proto__) attr(toString) }', '<p id=p>x</p>');
    expect(doc.style('#p').width).toBe(7);
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });
});
