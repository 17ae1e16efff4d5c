/**
 * Custom properties registered by `@property` with a syntax (CSS Properties and Values API 1
 * §2.4, §3): their values are checked against it and computed as its type, and the computed value
 * is what children inherit. Expected widths are Chromium 156's getBoundingClientRect for the same
 * HTML (an 800px page area: its window's width), computed values its getComputedStyle.
 */
import { describe, expect, it } from 'vitest';
import type { ExpectedDiagnostic } from '../helpers/diagnostics.js';
import { findById, layoutHtml } from '../helpers/layout.js';
import { styleWith } from './helpers.js';

const PAGE = '@page { size: 800px 600px; margin: 0 } body { margin: 0; font: 14px Arial } div { height: 10px }';

/** The laid-out boxes' x and width, by id. */
async function boxes(css: string, body: string, expectWarnings: readonly ExpectedDiagnostic[] = []): Promise<(id: string) => { x: number; width: number }> {
  const laid = await layoutHtml(`<style>${PAGE} ${css}</style>${body}`, { expectWarnings });
  return (id) => {
    const box = findById(laid.pages[0]!, id);
    if (box === undefined) throw new Error(`no #${id}`);
    return { x: box.x, width: box.width };
  };
}

describe('registered custom properties: computed values', () => {
  it('compute lengths where they are set, and children inherit the px (em, lh, rem, calc() with %, lists)', async () => {
    const css = `
      @property --w { syntax: "<length>"; inherits: true; initial-value: 10px; }
      @property --lp { syntax: "<length-percentage>"; inherits: true; initial-value: 0%; }
      @property --list { syntax: "<length>+"; inherits: true; initial-value: 0px; }
      @property --lh { syntax: "<length>"; inherits: true; initial-value: 0px; }
      @property --r { syntax: "<length>"; inherits: true; initial-value: 0px; }
      #p { --w: 2em; --b: var(--w); --lp: calc(50% + 1em); --list: 1em 2em; --lh: 2lh; line-height: 30px; --r: 2rem; }
      #p > div { font-size: 20px }
      #a1 { width: var(--w) } #a2 { width: var(--b) } #a3 { width: var(--lp) } #a4 { margin: var(--list) }
      #a5 { width: var(--lh) } #a6 { width: var(--r) }`;
    const box = await boxes(css, '<div id=p><div id=a1></div><div id=a2></div><div id=a3></div><div id=a4></div><div id=a5></div><div id=a6></div></div>');
    // 2em of 14px, not of 20px (40); a custom property using it has the px too
    expect(box('a1').width).toBe(28);
    expect(box('a2').width).toBe(28);
    expect(box('a3').width).toBe(414);
    expect(box('a4')).toEqual({ x: 28, width: 744 });
    // 2lh of the declaring element's 30px line height, 2rem of the root's 16px
    expect(box('a5').width).toBe(60);
    expect(box('a6').width).toBe(32);
  });

  it('round a calc() given to an <integer>, and take a non-integer as invalid', async () => {
    const css = `
      @property --n { syntax: "<integer>"; inherits: false; initial-value: 3; }
      #i1 { --n: 2.6; width: calc(var(--n) * 10px) } #i2 { --n: calc(2.5); width: calc(var(--n) * 10px) }
      #i3 { --n: calc(-2.5); width: calc(var(--n) * -10px) } #i4 { --n: 4 } #i5 { width: calc(var(--n) * 10px) }`;
    const box = await boxes(css, '<div id=i1></div><div id=i2></div><div id=i3></div><div id=i4><div id=i5></div></div>');
    expect(box('i1').width).toBe(30);
    expect(box('i2').width).toBe(30);
    expect(box('i3').width).toBe(20);
    // not inherited: the initial 3 again
    expect(box('i5').width).toBe(30);
  });

  it('compute colours and transform functions where they are set', async () => {
    const css = `
      @property --c { syntax: "<color>"; inherits: true; initial-value: black; }
      @property --t { syntax: "<transform-function>"; inherits: true; initial-value: scale(1); }
      #p { font-size: 10px; --c: light-dark(rgb(255, 0, 0), rgb(0, 0, 255)); color-scheme: light; --t: translateX(1em) }
      #k { font-size: 20px; color-scheme: dark; color: var(--c); transform: var(--t) }`;
    const doc = await styleWith(css, '<div id=p><div id=k></div></div>');
    // Chromium: rgb(255, 0, 0) and matrix(1, 0, 0, 1, 10, 0)
    expect(doc.style('#k').color).toMatchObject({ r: 255, g: 0, b: 0, a: 1 });
    expect(doc.style('#k').transform).toEqual([{ kind: 'translate', x: 10, y: 0, z: 0 }]);
  });
});

describe('registered custom properties: values invalid at computed-value time', () => {
  it('are unset: inherited or initial by the registration; one of syntax "*" has no value', async () => {
    const css = `
      @property --w { syntax: "<length>"; inherits: true; initial-value: 10px; }
      @property --nw { syntax: "<length>"; inherits: false; initial-value: 7px; }
      @property --star { syntax: "*"; inherits: true; initial-value: 9px; }
      @property --lit { syntax: "auto | <length>"; inherits: true; initial-value: 4px; }
      #u1 { --w: 30px; --nw: 40px; }
      #u2 { --w: red; --nw: red; width: calc(var(--w) + var(--nw)); }
      #u3 { --w: var(--nope); width: var(--w); }
      #u4 { --star: var(--nope); width: var(--star, 33px); }
      #u5 { --lit: AUTO; width: var(--lit); }
      #u6 { --lit: auto; width: var(--lit, 5px); }
      #u7 { --lit: 6px; width: var(--lit); }`;
    const box = await boxes(css, '<div id=u1><div id=u2></div><div id=u3></div><div id=u4></div><div id=u5></div><div id=u6></div><div id=u7></div></div>');
    expect(box('u2').width).toBe(37);
    expect(box('u3').width).toBe(30);
    expect(box('u4').width).toBe(33);
    // keywords of a syntax match case-sensitively
    expect(box('u5').width).toBe(4);
    expect(box('u6').width).toBe(800);
    expect(box('u7').width).toBe(6);
  });
});

describe('registrations', () => {
  it('drop one whose syntax or initial value is invalid, with a warning; an earlier one of the name stands', async () => {
    const css = `
      @property --twice { syntax: "<length>"; inherits: false; initial-value: 11px; }
      @property --twice { syntax: "<length>"; inherits: false; initial-value: 2em; }
      @property --num { syntax: "<length>"; inherits: false; initial-value: 11px; }
      @property --num { syntax: "<number>"; inherits: false; initial-value: 12; }
      @property --em { syntax: "<length>"; inherits: false; initial-value: 0em; }
      @property --case { syntax: "<Length>"; inherits: false; initial-value: 1px; }
      @property --red { syntax: "<length>"; inherits: false; initial-value: red; }
      #r1 { --twice: 13; width: var(--twice) } #r2 { --num: 14; width: calc(var(--num) * 1px) } #r3 { width: var(--em, 21px) }
      #r4 { --case: 2em } #r5 { font-size: 20px; width: var(--case) } #r6 { width: var(--red, 22px) }`;
    const box = await boxes(css, '<div id=r1></div><div id=r2></div><div id=r3></div><div id=r4><div id=r5></div></div><div id=r6></div>', [
      { code: 'css_invalid_value', message: /@property --twice: `initial-value: 2em` depends on the element/ },
      { code: 'css_invalid_value', message: /@property --em: `initial-value: 0em` depends on the element/ },
      { code: 'css_invalid_value', message: /@property --case: `syntax: "<Length>"` is not a syntax/ },
      { code: 'css_invalid_value', message: /@property --red: `initial-value: red` does not match/ },
    ]);
    expect(box('r1').width).toBe(11);
    expect(box('r2').width).toBe(14);
    expect(box('r3').width).toBe(21);
    // not registered: the token `2em`, read in the child's font
    expect(box('r5').width).toBe(40);
    expect(box('r6').width).toBe(22);
  });
});
