import { describe, expect, it } from 'vitest';
import { NO_REGISTRY, OVERLONG, computeCustomProperties, substituteVars } from '../../src/css/custom-properties.js';
import { styleWith } from './helpers.js';
import type { Diagnostic } from '../../src/diagnostics.js';

const red = { r: 255, g: 0, b: 0, a: 1 };
const blue = { r: 0, g: 0, b: 255, a: 1 };

describe('var() substitution', () => {
  it('substitutes, with fallbacks and nesting', () => {
    const vars = new Map([['--a', '10px'], ['--b', 'red']]);
    const lookup = (name: string) => vars.get(name);
    expect(substituteVars('var(--a) var(--b)', lookup)).toBe('10px red');
    expect(substituteVars('var(--missing, 1px 2px)', lookup)).toBe('1px 2px');
    expect(substituteVars('var(--missing, var(--b))', lookup)).toBe('red');
    expect(substituteVars('calc(var(--a) * 2)', lookup)).toBe('calc(10px * 2)');
    expect(substituteVars('"var(--a)"', lookup)).toBe('"var(--a)"');
    expect(substituteVars('var(--missing)', lookup)).toBeUndefined();
    expect(substituteVars('var(--missing,)', lookup)).toBe('');
  });

  it('substitutes tokens, not characters: a value never merges with its neighbours (CSS Variables 1 §3)', () => {
    const vars = new Map([['--n', '4'], ['--bw', '4px'], ['--empty', '']]);
    const lookup = (name: string) => vars.get(name);
    expect(substituteVars('var(--bw) 0', lookup)).toBe('4px 0');
    expect(substituteVars('var(--n)px', lookup)).toBe('4/**/px');
    expect(substituteVars('+var(--n)', lookup)).toBe('+/**/4');
    expect(substituteVars('-var(--n)', lookup)).toBe('-var(--n)'); // the function `-var(`, no substitution
    expect(substituteVars('var(--n)var(--n)', lookup)).toBe('4/**/4');
    expect(substituteVars('var(--empty) 0 0', lookup)).toBe(' 0 0');
    expect(substituteVars('calc(var(--n)*2)', lookup)).toBe('calc(4*2)');
  });

  it('substitutes env(): every UA variable of a printed page is 0px (CSS Environment Variables 1 §2)', () => {
    const lookup = () => undefined;
    expect(substituteVars('env(safe-area-inset-left) 1px', lookup)).toBe('0px 1px');
    expect(substituteVars('max(1rem, env(safe-area-inset-bottom, 9px))', lookup)).toBe('max(1rem, 0px)');
    expect(substituteVars('env(--unknown-name, 3px)', lookup)).toBe('3px');
    expect(substituteVars('env(unknown-name)', lookup)).toBeUndefined();
  });

  it('makes a substitution past its length limit invalid, as soon as it grows past it (CSS Variables 1 §3.3)', () => {
    const lookup = (name: string) => (name === '--ten' ? '0123456789' : undefined);
    expect(substituteVars('var(--ten),var(--ten)', lookup, 21)).toBe('0123456789,0123456789');
    expect(substituteVars('var(--ten),var(--ten)x', lookup, 21)).toBe(OVERLONG);
    expect(substituteVars('var(--missing, var(--ten) var(--ten))', lookup, 20)).toBe(OVERLONG);
    const declared = new Map<string, string | undefined>([['--a', 'var(--ten) var(--ten)'], ['--b', 'var(--a)'], ['--ok', 'var(--ten)']]);
    const overlong: string[] = [];
    const result = computeCustomProperties(new Map([['--ten', '0123456789']]), declared, NO_REGISTRY, { maxLength: 20, onOverlong: (name) => overlong.push(name) });
    expect([result.has('--a'), result.has('--b'), result.get('--ok')]).toEqual([false, false, '0123456789']);
    expect(overlong).toEqual(['--a', '--b']);
  });

  it('drops custom properties in a cycle, even through a fallback', () => {
    const parent = new Map([['--inherited', 'blue']]);
    const declared = new Map<string, string | undefined>([
      ['--a', 'var(--b)'], ['--b', 'var(--a, 1px)'], ['--c', 'var(--c)'], ['--d', 'var(--inherited) x'], ['--e', 'var(--a, ok)'],
    ]);
    const result = computeCustomProperties(parent, declared, NO_REGISTRY);
    expect(result.has('--a')).toBe(false);
    expect(result.has('--b')).toBe(false);
    expect(result.has('--c')).toBe(false);
    expect(result.get('--d')).toBe('blue x');
    expect(result.get('--e')).toBe('ok');
  });
});

describe('custom properties in the cascade', () => {
  it('inherit and resolve per element', async () => {
    const doc = await styleWith(':root { --main: red; --gap: 4px } .blue { --main: blue } p { color: var(--main); margin: var(--gap) calc(var(--gap) * 2) }',
      '<p id="a">a</p><div class="blue"><p id="b">b</p></div>');
    expect(doc.style('#a').color).toEqual(red);
    expect(doc.style('#b').color).toEqual(blue);
    expect(doc.style('#b').marginTop).toBe(4);
    expect(doc.style('#b').marginLeft).toBe(8);
    expect(doc.diagnostics).toEqual([]);
  });

  it('keeps the whitespace between tokens of the declaration: Bootstrap 5 `border-width: var(--bs-border-width) 0`', async () => {
    const css = ':root { --bs-border-width: 1px; --pad: 2px } td { border: 0 solid; border-width: var(--bs-border-width) 0; padding: var(--pad)  var(--pad) 0 }';
    const doc = await styleWith(css, '<table><tr><td>x</td></tr></table>');
    const td = doc.style('td');
    expect([td.borderTopWidth, td.borderRightWidth, td.borderBottomWidth, td.borderLeftWidth]).toEqual([1, 0, 1, 0]);
    expect([td.paddingTop, td.paddingRight, td.paddingBottom, td.paddingLeft]).toEqual([2, 2, 0, 2]);
    expect(doc.diagnostics).toEqual([]);
  });

  it('keeps them in a style attribute too, and env() there', async () => {
    const doc = await styleWith(':root { --m: 3px }', '<p style="margin: var(--m) 0; padding-left: env(safe-area-inset-left, 5px)">x</p>');
    const p = doc.style('p');
    expect([p.marginTop, p.marginRight, p.marginBottom, p.marginLeft, p.paddingLeft]).toEqual([3, 0, 3, 0, 0]);
    expect(doc.diagnostics).toEqual([]);
  });

  it('var() in shorthands and fallbacks', async () => {
    const doc = await styleWith('div { --w: 2px; border: var(--w) solid var(--c, blue); font: var(--f, bold 10px/2 serif) }', '<div>x</div>');
    const div = doc.style('div');
    expect(div.borderTopWidth).toBe(2);
    expect(div.borderLeftColor).toEqual(blue);
    expect(div.fontWeight).toBe(700);
    expect(div.fontSize).toBe(10);
  });

  it('an invalid reference makes the declaration behave as unset, warned at the declaration', async () => {
    const css = 'div { color: red; padding-left: 3px } p { color: var(--nope); padding-left: var(--nope) } span { --x: 12; margin-left: var(--x) }';
    const body = '<div><p>x</p><span>y</span><p>z</p></div>';
    const doc = await styleWith(css, body);
    expect(doc.style('p').color).toEqual(red);
    expect(doc.style('p').paddingLeft).toBe(0);
    expect(doc.style('span').marginLeft).toBe(0);
    // a variable no ancestor sets is CSS working as written (a framework's optional variable): quiet, as in browsers
    const at = (d: Diagnostic) => [d.code, d.message, d.line, d.column];
    expect(doc.diagnostics.map(at)).toEqual([['css_invalid_value', 'invalid value `12` for `margin-left` after var() substitution', 1, 141]]);
    // linting (`octavo check`), each declaration is named once, where it is written
    const linted = await styleWith(css, body, { lint: true });
    expect(linted.diagnostics.map(at)).toEqual([
      ['css_invalid_value', '`color: var(--nope)` refers to an undefined custom property; the declaration is ignored', 1, 77],
      ['css_invalid_value', '`padding-left: var(--nope)` refers to an undefined custom property; the declaration is ignored', 1, 97],
      ['css_invalid_value', 'invalid value `12` for `margin-left` after var() substitution', 1, 141],
    ]);
  });

  it('cycles are invalid at computed-value time', async () => {
    const doc = await styleWith('div { --a: var(--b); --b: var(--a); color: red } div { color: var(--a, blue) }', '<div>x</div>');
    expect(doc.style('div').color).toEqual(blue);
  });

  it('CSS-wide keywords on custom properties', async () => {
    const doc = await styleWith(':root { --c: red } div { --c: initial; color: var(--c, blue) } p { --c: inherit; color: var(--c) }', '<div><p>x</p></div>');
    expect(doc.style('div').color).toEqual(blue);
  });

  it('all: initial resets everything but direction', async () => {
    const doc = await styleWith('div { color: red; direction: rtl; margin: 3px } p { all: initial }', '<div><p>x</p></div>');
    expect(doc.style('p').color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(doc.style('p').display).toBe('inline');
    expect(doc.style('p').direction).toBe('rtl');
    expect(doc.diagnostics).toEqual([]);
  });
});
