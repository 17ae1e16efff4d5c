import { describe, expect, it } from 'vitest';
import { styleHtml, styleWith } from './helpers.js';
import type { ComputedStyle } from '../../src/css/types.js';

// What Tailwind CSS 4 and current design systems emit: cascade layers, registered custom
// properties, OKLCH colours mixed with color-mix(), and class names with escaped characters.

const rgb = (color: { r: number; g: number; b: number; a: number }): string =>
  `${Math.round(color.r)},${Math.round(color.g)},${Math.round(color.b)},${Math.round(color.a * 100) / 100}`;

describe('cascade layers (CSS Cascade 5 §6.4)', () => {
  it('orders layers by their first naming, and unlayered rules win over all of them', async () => {
    const css = `@layer base, utilities;
      @layer utilities { #a { color: blue } }
      @layer base { #a { color: red } p { color: green } }
      p { color: black }`;
    const doc = await styleWith(css, '<p id=a>x</p>');
    expect(rgb(doc.style('#a').color)).toBe('0,0,0,1');
    const layered = await styleWith(`@layer base, utilities; @layer utilities { p { color: blue } } @layer base { #a { color: red } }`, '<p id=a>x</p>');
    // a later layer wins whatever the specificity
    expect(rgb(layered.style('#a').color)).toBe('0,0,255,1');
  });

  it('reverses the order for !important declarations', async () => {
    const css = `@layer base, utilities;
      @layer base { p { color: red !important } }
      @layer utilities { p { color: blue !important } }
      p { color: green !important }`;
    expect(rgb((await styleWith(css, '<p>x</p>')).style('p').color)).toBe('255,0,0,1');
  });

  it('nests layers: sublayers come before the layer\'s own rules; anonymous layers are distinct', async () => {
    const css = `@layer fw { p { color: red } @layer inner { p { color: blue } } }
      @layer { p { width: 10px } }
      @layer { p { width: 20px } }`;
    const doc = await styleWith(css, '<p>x</p>');
    expect(rgb(doc.style('p').color)).toBe('255,0,0,1');
    expect(doc.style('p').width).toBe(20);
    const dotted = await styleWith('@layer fw.inner, fw.outer; @layer fw.outer { p { color: green } } @layer fw.inner { p { color: blue } }', '<p>x</p>');
    expect(rgb(dotted.style('p').color)).toBe('0,128,0,1');
  });

  it('puts an imported sheet in the layer of its @import, ordered by the statement before it', async () => {
    const doc = await styleHtml('<style>@layer base, reset; @import "reset.css" layer(reset); @layer base { p { color: red } }</style><p>x</p>', {
      files: { 'reset.css': 'p { color: blue } @layer deep { p { width: 5px } }' },
    });
    // reset comes after base (the statement named it second), though its sheet is read first
    expect(rgb(doc.style('p').color)).toBe('0,0,255,1');
    expect(doc.style('p').width).toBe(5);
    expect(doc.diagnostics).toEqual([]);
  });

  it('rolls back to the lower layers with revert-layer', async () => {
    const css = `@layer base { p { color: red } } @layer theme { p { color: blue } } @layer top { p { color: revert-layer } }`;
    expect(rgb((await styleWith(css, '<p>x</p>')).style('p').color)).toBe('0,0,255,1');
  });
});

describe('@property (CSS Properties and Values API 1 §3)', () => {
  const shadow = '@property --shadow { syntax: "*"; inherits: false; initial-value: 0 0 #0000; }';

  it('gives a registered property its initial value, and a non-inherited one its initial value again in children', async () => {
    const doc = await styleWith(`${shadow} .card { --shadow: 0 2px 4px black } div { box-shadow: var(--shadow) }`, '<div id=a class=card><div id=b></div></div><div id=c></div>');
    expect(doc.style('#a').boxShadow).toHaveLength(1);
    expect(doc.style('#a').boxShadow[0]!.y).toBe(2);
    expect(doc.style('#b').boxShadow[0]!.y).toBe(0);
    expect(doc.style('#c').boxShadow[0]!.y).toBe(0);
    expect(doc.diagnostics).toEqual([]);
  });

  it('lets an inherited one inherit, and reads initial and unset by the registration', async () => {
    const css = `@property --size { syntax: "<length>"; inherits: true; initial-value: 7px; }
      #a { --size: 9px } #c { --size: initial } p { width: var(--size) }`;
    const doc = await styleWith(css, '<div id=a><p id=b>x</p><p id=c>y</p></div><p id=d>z</p>');
    expect(doc.style('#b').width).toBe(9);
    expect(doc.style('#c').width).toBe(7);
    expect(doc.style('#d').width).toBe(7);
  });

  it('ignores an incomplete registration with a warning', async () => {
    const doc = await styleWith('@property --x { syntax: "<color>"; inherits: false } p { color: var(--x, green) }', '<p>x</p>');
    expect(rgb(doc.style('p').color)).toBe('0,128,0,1');
    expect(doc.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('@property --x: `syntax`, `inherits`')]);
  });
});

describe('CSS Color 4 and 5 colours, as Chromium prints them (clipped to sRGB)', () => {
  const colorOf = async (value: string): Promise<string> => rgb((await styleWith(`p { color: ${value} }`, '<p>x</p>')).style('p').color);

  it('converts oklch, oklab, lab, lch and color() to sRGB', async () => {
    expect(await colorOf('oklch(63.7% 0.237 25.331)')).toBe('251,44,54,1'); // Tailwind's red-500
    expect(await colorOf('oklab(0.628 0.2249 0.1258)')).toBe('255,0,0,1');
    expect(await colorOf('lab(50% 100 -100)')).toBe('201,0,255,1'); // out of gamut: clipped
    expect(await colorOf('lch(54.29% 106.84 40.85)')).toBe('255,0,0,1');
    expect(await colorOf('color(display-p3 1 0 0)')).toBe('255,0,0,1');
    expect(await colorOf('oklch(70% 0.4 150 / 50%)')).toBe('0,214,0,0.5');
  });

  it('mixes colours with color-mix() and reads relative colours', async () => {
    expect(await colorOf('color-mix(in srgb, red 30%, blue)')).toBe('77,0,179,1');
    expect(await colorOf('color-mix(in oklab, oklch(54.6% 0.245 262.881) 50%, transparent)')).toBe('21,93,252,0.5');
    expect(await colorOf('oklch(from red l c h / 25%)')).toBe('255,0,0,0.25');
  });

  it('substitutes var() inside them', async () => {
    const doc = await styleWith(':root { --blue: oklch(54.6% 0.245 262.881) } p { background-color: color-mix(in oklab, var(--blue) 50%, transparent) }', '<p>x</p>');
    expect(rgb(doc.style('p').backgroundColor)).toBe('21,93,252,0.5');
  });

  it('warns about an invalid one', async () => {
    const doc = await styleWith('p { color: oklch(1 2) }', '<p>x</p>');
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });
});

describe('escaped characters in selectors (CSS Syntax 3 §4.3.7)', () => {
  it('matches class names with / and : as Tailwind writes them', async () => {
    const css = '.w-1\\/2 { width: 50px } .md\\:flex { display: flex } #a\\.b { height: 3px } [data-x=a\\62 c] { color: red }';
    const doc = await styleWith(css, '<div id=p class="w-1/2 md:flex"></div><div id="a.b" data-x=abc></div>');
    expect(doc.style('#p').width).toBe(50);
    expect(doc.style('#p').display).toBe('flex');
    expect(doc.style('#a.b').height).toBe(3);
    expect(rgb(doc.style('#a.b').color)).toBe('255,0,0,1');
  });
});

describe('what CSS resets and frameworks write for browsers', () => {
  it('keeps a rule listing :host (no shadow hosts here) for its other selectors', async () => {
    const doc = await styleWith(':root, :host { --brand: red } p { color: var(--brand) } :host(.x) p { width: 3px }', '<p>x</p>');
    expect(rgb(doc.style('p').color)).toBe('255,0,0,1');
    expect(doc.style('p').width).toBe('auto');
    expect(doc.diagnostics).toEqual([]);
  });

  it('forgives :is() and :where() what they cannot use (Pico: `:where(:root), :where(:host)`), keeps `:not(:host)`', async () => {
    const css = `:where(:root), :where(:host) { --pico: 3px } p { width: var(--pico) } :is(p, :unknown-thing) { height: 4px }
      :where(:host) p { color: red } svg:not(:host) { display: block } p:is(::before) { margin-top: 9px }`;
    const doc = await styleWith(css, '<p>x</p><svg></svg>');
    expect(doc.style('p').width).toBe(3);
    expect(doc.style('p').height).toBe(4);
    expect(rgb(doc.style('p').color)).toBe('0,0,0,1');
    expect(doc.style('svg').display).toBe('block');
    expect(doc.style('p').marginTop).not.toBe(9);
    expect(doc.diagnostics).toEqual([]);
  });

  it('styles a meter\'s parts from the UA sheet and the author\'s rules, each inheriting from the part holding it', async () => {
    const css = 'meter::-webkit-meter-bar, p { color: red } .m::-webkit-meter-bar { background: #eee; border-radius: 4px } .m::-webkit-meter-inner-element { font-size: 20px }'
      + ' .m::-webkit-meter-optimum-value { height: 50% } meter::-moz-meter-bar { color: blue }';
    const doc = await styleWith(css, '<p>x</p><meter id=m class=m value=0.5></meter><meter id=n style="appearance: none"></meter>');
    const meter = doc.element('#m');
    const part = (name: Parameters<typeof doc.styled.styleOf>[1]): ComputedStyle => doc.styled.styleOf(meter, name)!;
    expect(rgb(doc.style('p').color)).toBe('255,0,0,1');
    // the UA sheet's grid and gradient bar (Chromium's html.css), the author's background over it
    expect([part('meter-inner-element').display, part('meter-bar').position, part('meter-bar').borderTopLeftRadius]).toEqual(['grid', 'absolute', [4, 4]]);
    expect([rgb(part('meter-bar').backgroundColor), part('meter-bar').backgroundImage]).toEqual(['238,238,238,1', ['none']]);
    // natively its values are flat (#ffb900), with `appearance: none` in the UA gradients
    expect([rgb(part('meter-suboptimum-value').backgroundColor), part('meter-suboptimum-value').backgroundImage]).toEqual(['255,185,0,1', ['none']]);
    expect(doc.styled.styleOf(doc.element('#n'), 'meter-suboptimum-value')!.backgroundImage).toMatchObject([{ kind: 'linear' }]);
    // the bar inherits from the inner element, the value from the bar
    expect([rgb(part('meter-bar').color), part('meter-bar').fontSize, part('meter-optimum-value').fontSize]).toEqual(['255,0,0,1', 20, 20]);
    expect(part('meter-optimum-value').height).toEqual({ kind: 'percent', value: 50 });
    expect(doc.diagnostics).toEqual([]);
  });

  it('drops a user action after a pseudo-element and other engines\' at-rules without a warning (Pico)', async () => {
    const css = `[type=file]::file-selector-button:hover, p { color: red } ::-webkit-slider-thumb:is(:hover, :active) { height: 1px }
      [type=file]::file-selector-button:is([aria-current]:not([aria-current=false])):focus { color: blue } @-moz-document url-prefix() { p { width: 1px } }`;
    const doc = await styleWith(css, '<p>x</p>');
    expect(rgb(doc.style('p').color)).toBe('255,0,0,1');
    expect(doc.style('p').width).toBe('auto');
    expect(doc.diagnostics).toEqual([]);
  });

  it('drops the Internet Explorer hacks Bootstrap 3 and Fomantic ship without a warning, keeping the declarations beside them', async () => {
    const css = `p { margin-top: 4px; margin-top: 1px\\9; filter: alpha(opacity=65); opacity: .65; border-top: 4px solid\\9;
      filter: progid:DXImageTransform.Microsoft.gradient(enabled=false); width: expression(document.body.clientWidth);
      scrollbar-face-color: #fff; scrollbar-track-color: #eee }`;
    const doc = await styleWith(css, '<p>x</p>');
    expect([doc.style('p').marginTop, doc.style('p').opacity, doc.style('p').width, doc.style('p').borderTopWidth]).toEqual([4, 0.65, 'auto', 0]);
    expect(doc.diagnostics).toEqual([]);
  });

  it('reads what Microsoft Word saves as HTML without a warning: its @list rules, CSS 2 font descriptions and mso- properties', async () => {
    const css = `@font-face { font-family: "Cambria Math"; panose-1: 2 4 5 3 5 4 6 3 2 4 }
      p.MsoNormal { margin-bottom: 8pt; mso-fareast-font-family: Calibri; mso-ansi-language: EN-US }
      @list l0 { mso-list-id: 1; mso-list-type: hybrid } @list l0:level1 { mso-level-number-format: bullet; text-indent: -.25in }`;
    const doc = await styleWith(css, '<p class=MsoNormal>x</p>');
    expect(doc.style('p').marginBottom).toBeCloseTo(10.67, 2);
    expect(doc.diagnostics).toEqual([]);
    // a src that reads as nothing is still said
    const broken = await styleWith('@font-face { font-family: Brand; src: nothing(x) }', '<p>x</p>');
    expect(broken.diagnostics.map((d) => d.message)).toContain('@font-face needs `font-family` and a `src` with url() or local()');
  });

  it('drops the unprefixed properties Word and LibreOffice save for themselves without a warning, as Chromium drops them', async () => {
    // Word's "Web Page" export (tab stops, tab width, underline style, IE's East Asian grid) and LibreOffice's links
    const css = `@page WordSection1 { size: 8.5in 11in; margin: 1in; layout-grid: 15.6pt }
      p.MsoHeader { margin: 0; tab-stops: center 3.25in right 6.5in; layout-grid-mode: char; punctuation-wrap: simple }
      a:link { color: #0563C1; text-decoration: underline; text-underline: single; so-language: zxx }
      span.toc { text-decoration: none; text-underline: none; text-line-through: double }`;
    const doc = await styleWith(css, `<body style='tab-interval:.5in;text-justify-trim:punctuation'>
      <p class=MsoHeader>x <a href=#t>t<span class=toc>1</span></a></p></body>`);
    expect([doc.style('p').marginTop, doc.style('a').textDecorationLine.underline, doc.style('span').textDecorationLine.underline]).toEqual([0, true, false]);
    expect(doc.diagnostics).toEqual([]);
    // they are not CSS: @supports does not take them
    const supports = await styleWith('@supports (tab-stops: left 1in) { p { margin-top: 5px } }', '<p>x</p>');
    expect(supports.style('p').marginTop).toBe(16);
  });

  it('takes scroll-state() container queries and `overlay` silently, as Chromium 156 parses them: nothing on paper scrolls or leaves the top layer', async () => {
    // a sticky header's shadow while stuck, and a dialog's exit transition (css-tree reported "Unknown feature scroll-state()")
    const css = `.h { container-type: scroll-state; position: sticky; top: 0 }
      @container scroll-state(stuck: top) { span { margin-top: 5px } }
      dialog { overlay: auto; transition: overlay .2s allow-discrete }`;
    const doc = await styleWith(css, '<div class=h><span>x</span></div>');
    expect(doc.style('span').marginTop).toBe(0);
    expect(doc.diagnostics).toEqual([]);
  });

  it('drops Internet Explorer\'s words for text-justify and text-autospace that Word writes, silently, keeping the value before', async () => {
    // Word's justified paragraphs: `text-align:justify;text-justify:inter-ideograph`; Chromium 156 drops the value (computed: none here)
    const css = `p { text-justify: none; text-justify: inter-ideograph; text-autospace: none }
      div { text-justify: newspaper; text-justify: distribute-all-lines; text-justify: kashida; text-justify: inter-cluster }`;
    const doc = await styleWith(css, '<p>x</p><div>y</div>');
    expect([doc.style('p').textJustify, doc.style('div').textJustify]).toEqual(['none', 'auto']);
    expect(doc.diagnostics).toEqual([]);
    // a misspelt standard word is still said
    const typo = await styleWith('p { text-justify: inter-wrod }', '<p>x</p>');
    expect(typo.diagnostics.map((d) => d.message)).toEqual(['invalid value `inter-wrod` for `text-justify`']);
  });

  it('warns once about an unsupported at-rule, not again about what css-tree could not read in it (Primer)', async () => {
    const doc = await styleWith('@custom-media --narrow (max-width: calc(48rem - 0.02px)); p { width: 2px }', '<p>x</p>');
    expect(doc.style('p').width).toBe(2);
    expect(doc.diagnostics.map((d) => [d.code, d.message])).toEqual([['css_unsupported', 'at-rule @custom-media is not supported']]);
  });

  it('drops selectors of other engines and of widgets print never shows without a warning', async () => {
    const css = `:-moz-focusring { color: red } ::-webkit-inner-spin-button { height: auto }
      *, ::before, ::backdrop, ::file-selector-button { margin: 0 } ::placeholder { opacity: 1 } details::details-content { color: red }`;
    const doc = await styleWith(css, '<p>x</p>');
    expect(doc.style('p').marginTop).toBe(0);
    expect(doc.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('::details-content is parsed but not rendered')]);
  });

  it('reads @supports conditions with (not (…)) inside parentheses, as Tailwind writes them', async () => {
    const css = `@supports ((-webkit-hyphens: none) and (not (margin-trim: block))) or ((-moz-orient: inline) and (not (color: rgb(from red r g b)))) { p { width: 1px } }
      @supports (not (display: nonsense)) or (contain-intrinsic-size: 1px) { p { height: 2px } }
      @supports selector(:is(a)) and (not (color: foo)) { p { margin-left: 3px } }
      @supports (display: flex) or (display: nonsense) and (x: y) { p { margin-right: 4px } }`;
    const doc = await styleWith(css, '<p>x</p>');
    // octavo reads -webkit-hyphens (an alias of hyphens) and has no margin-trim: the first branch holds
    expect(doc.style('p').width).toBe(1);
    expect(doc.style('p').height).toBe(2);
    expect(doc.style('p').marginLeft).toBe(3);
    expect(doc.style('p').marginRight).toBe(0); // `or` and `and` mixed without parentheses: false
    expect(doc.diagnostics).toEqual([]);
  });

  it('answers font-format() and font-tech() by what @font-face reads and draws', async () => {
    const css = `@supports font-format(woff2) and font-tech(variations) and font-tech(color-COLRv0) { p { width: 1px } }
      @supports font-format(embedded-opentype) or font-tech(color-COLRv1) or font-tech(color-SVG) or font-tech(incremental) { p { height: 2px } }
      @supports not font-tech(features-graphite) { p { margin-left: 3px } }`;
    const doc = await styleWith(css, '<p>x</p>');
    expect([doc.style('p').width, doc.style('p').height, doc.style('p').marginLeft]).toEqual([1, 'auto', 3]);
    expect(doc.diagnostics).toEqual([]);
  });

  it('clamps calc(infinity) to the largest length, so rounded-full makes a pill', async () => {
    const doc = await styleWith('p { border-radius: calc(infinity * 1px); width: calc(-infinity * 1px + 10px) }', '<p>x</p>');
    expect(doc.style('p').borderTopLeftRadius).toEqual([33_554_431, 33_554_431]);
    expect(doc.diagnostics).toEqual([]);
  });

  it('says nothing about properties that leave no trace on paper, or set to their initial value', async () => {
    const css = `p { cursor: pointer; user-select: none; resize: vertical; appearance: button; transition: color 1s; scroll-margin: 4px;
      font-variation-settings: normal } b { font-variation-settings: "wght" 600 }`;
    const doc = await styleWith(css, '<p>x<b>y</b></p>');
    // font-variation-settings is honoured (variable fonts), and ignored by a static font
    expect(doc.diagnostics.map((d) => d.message)).toEqual([]);
  });

  it('centres th only under a row with the initial alignment (HTML §15.3.8)', async () => {
    const doc = await styleWith('.left { text-align: left }', '<table><tr><th id=a>a</th></tr><tr class=left><th id=b>b</th></tr></table>');
    expect(doc.style('#a').textAlign).toBe('center');
    expect(doc.style('#b').textAlign).toBe('left');
  });
});
