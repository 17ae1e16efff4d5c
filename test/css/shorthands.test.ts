import { describe, expect, it } from 'vitest';
import type { ComputedStyle } from '../../src/css/types.js';
import { styleWith } from './helpers.js';

async function divStyle(declarations: string): Promise<{ style: ComputedStyle; codes: string[]; messages: string[] }> {
  const doc = await styleWith(`div { ${declarations} }`, '<div>x</div>');
  return { style: doc.style('div'), codes: doc.diagnostics.map((d) => d.code), messages: doc.diagnostics.map((d) => d.message) };
}


const red = { r: 255, g: 0, b: 0, a: 1 };
const black = { r: 0, g: 0, b: 0, a: 1 };

describe('box shorthands', () => {
  it.each([
    ['margin: 1px', [1, 1, 1, 1]],
    ['margin: 1px 2px', [1, 2, 1, 2]],
    ['margin: 1px 2px 3px', [1, 2, 3, 2]],
    ['margin: 1px 2px 3px 4px', [1, 2, 3, 4]],
  ])('%s', async (decl, [t, r, b, l]) => {
    const { style } = await divStyle(decl);
    expect([style.marginTop, style.marginRight, style.marginBottom, style.marginLeft]).toEqual([t, r, b, l]);
  });

  it('margin accepts auto and percentages; padding rejects negatives', async () => {
    const { style, codes } = await divStyle('margin: auto 10%; padding: 1px -2px');
    expect(style.marginTop).toBe('auto');
    expect(style.marginLeft).toEqual({ kind: 'percent', value: 10 });
    expect(style.paddingTop).toBe(0);
    expect(codes).toEqual(['css_invalid_value']);
  });

  it('inset and logical margins (ltr and rtl)', async () => {
    const doc = await styleWith('div, p { inset: 1px 2px; margin-inline: 3px 4px; padding-inline-start: 5px; margin-block-start: 6px }',
      '<div>x</div><p dir="rtl">y</p>');
    const div = doc.style('div');
    expect([div.top, div.right, div.bottom, div.left]).toEqual([1, 2, 1, 2]);
    expect([div.marginLeft, div.marginRight, div.paddingLeft, div.marginTop]).toEqual([3, 4, 5, 6]);
    const p = doc.style('p');
    expect([p.marginRight, p.marginLeft, p.paddingRight, p.paddingLeft]).toEqual([3, 4, 5, 0]);
  });

  it('logical border shorthands', async () => {
    const doc = await styleWith('div, p { border-inline-start: 2px solid red; border-block: 1px dashed; margin-block: 3px 4px }', '<div>x</div><p dir="rtl">y</p>');
    const div = doc.style('div');
    expect([div.borderLeftWidth, div.borderLeftStyle, div.borderRightWidth]).toEqual([2, 'solid', 0]);
    expect([div.borderTopStyle, div.borderBottomStyle, div.marginTop, div.marginBottom]).toEqual(['dashed', 'dashed', 3, 4]);
    const p = doc.style('p');
    expect([p.borderRightWidth, p.borderRightColor, p.borderLeftWidth]).toEqual([2, red, 0]);
  });

  it('logical corner radii: block side first, the inline side by the direction (Tailwind\'s rounded-s-*)', async () => {
    const doc = await styleWith('div, p { border-start-start-radius: 1px; border-start-end-radius: 2px; border-end-start-radius: 3px; border-end-end-radius: 4px 5px }', '<div>x</div><p dir="rtl">y</p>');
    const div = doc.style('div');
    expect([div.borderTopLeftRadius, div.borderTopRightRadius, div.borderBottomLeftRadius, div.borderBottomRightRadius]).toEqual([[1, 1], [2, 2], [3, 3], [4, 5]]);
    const p = doc.style('p');
    expect([p.borderTopRightRadius, p.borderTopLeftRadius, p.borderBottomRightRadius, p.borderBottomLeftRadius]).toEqual([[1, 1], [2, 2], [3, 3], [4, 5]]);
    expect(doc.diagnostics).toEqual([]);
  });

  it('list padding follows the direction', async () => {
    const doc = await styleWith('', '<ul><li>a</li></ul><ol dir="rtl"><li>b</li></ol>');
    expect(doc.style('ul').paddingLeft).toBe(40);
    expect(doc.style('ol').paddingRight).toBe(40);
    expect(doc.style('ol').paddingLeft).toBe(0);
  });
});

describe('borders', () => {
  it('border sets all sides; omitted parts reset', async () => {
    const { style } = await divStyle('color: red; border: 2px solid; border-left: thick dashed blue');
    expect([style.borderTopWidth, style.borderTopStyle, style.borderTopColor]).toEqual([2, 'solid', red]);
    expect([style.borderLeftWidth, style.borderLeftStyle, style.borderLeftColor]).toEqual([5, 'dashed', { r: 0, g: 0, b: 255, a: 1 }]);
  });

  it('width is medium (3px) by default and 0 when the style is none/hidden', async () => {
    const { style } = await divStyle('border-style: solid none hidden double; border-width: 4px');
    expect([style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth]).toEqual([4, 0, 0, 4]);
    const plain = await divStyle('border-top-style: solid');
    expect(plain.style.borderTopWidth).toBe(3);
    expect(plain.style.borderTopColor).toEqual(black);
  });

  it('border-color follows currentColor per element', async () => {
    const doc = await styleWith('div { border: 1px solid; color: blue } span { color: red; border: 1px solid }', '<div><span>x</span></div>');
    expect(doc.style('div').borderTopColor).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    expect(doc.style('span').borderBottomColor).toEqual(red);
  });

  it('border-width/style/color take 1-4 values', async () => {
    const { style } = await divStyle('border-width: 1px 2px 3px; border-style: solid; border-color: red green');
    expect([style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth]).toEqual([1, 2, 3, 2]);
    expect(style.borderRightColor).toEqual({ r: 0, g: 128, b: 0, a: 1 });
    expect(style.borderBottomColor).toEqual(red);
  });

  it('border-radius with slash', async () => {
    const { style } = await divStyle('border-radius: 1px 2px 3px 4px / 5px 10%');
    expect(style.borderTopLeftRadius).toEqual([1, 5]);
    expect(style.borderTopRightRadius).toEqual([2, { kind: 'percent', value: 10 }]);
    expect(style.borderBottomRightRadius).toEqual([3, 5]);
    expect(style.borderBottomLeftRadius).toEqual([4, { kind: 'percent', value: 10 }]);
  });

  it('rejects an invalid border', async () => {
    const { codes } = await divStyle('border: 1px solid red blue');
    expect(codes).toEqual(['css_invalid_value']);
  });
});

describe('font', () => {
  it('expands the font shorthand and resets the rest', async () => {
    const { style } = await divStyle('font-weight: 900; line-height: 3; font: italic small-caps bold condensed 12px/1.5 "Open Sans", Arial, sans-serif');
    expect(style.fontStyle).toBe('italic');
    expect(style.fontVariantCaps).toBe('small-caps');
    expect(style.fontWeight).toBe(700);
    expect(style.fontStretch).toBe(75);
    expect(style.fontSize).toBe(12);
    expect(style.lineHeight).toEqual({ kind: 'number', value: 1.5 });
    expect(style.fontFamily).toEqual(['Open Sans', 'Arial', 'sans-serif']);
    const reset = await divStyle('line-height: 3; font: 10pt serif');
    expect(reset.style.lineHeight).toBe('normal');
    expect(reset.style.fontSize).toBeCloseTo(13.333, 3);
  });

  it('unquoted family names join their identifiers', async () => {
    const { style } = await divStyle('font-family: Times New Roman, MONOSPACE');
    expect(style.fontFamily).toEqual(['Times New Roman', 'monospace']);
  });

  it('system font keywords are 16px Arial, the rest reset, as Chromium 156 on Linux computes them', async () => {
    for (const keyword of ['caption', 'icon', 'menu', 'message-box', 'small-caption', 'status-bar']) {
      const { style, codes } = await divStyle(`font-weight: 900; font-style: italic; line-height: 3; font-variant-numeric: tabular-nums; font: ${keyword}`);
      expect(codes).toEqual([]);
      expect([style.fontFamily, style.fontSize, style.fontWeight, style.fontStyle, style.lineHeight, style.fontVariantNumeric]).toEqual([['Arial'], 16, 400, 'normal', 'normal', []]);
    }
    expect((await divStyle('font: menu; font-size: 30px')).style.fontSize).toBe(30);
  });

  it('keyword sizes and relative weights', async () => {
    const doc = await styleWith('div { font-size: xx-large; font-weight: 300 } b { font-weight: bolder } i { font-size: smaller; font-weight: lighter }',
      '<div><b>x<i>y</i></b></div>');
    expect(doc.style('div').fontSize).toBe(32);
    expect(doc.style('b').fontWeight).toBe(400);
    expect(doc.style('i').fontWeight).toBe(100);
    expect(doc.style('i').fontSize).toBeCloseTo(32 / 1.2, 5);
  });

  it('line-height computes percentages and lengths to px, keeps numbers', async () => {
    const doc = await styleWith('div { font-size: 20px; line-height: 150% } p { font-size: 10px; line-height: 1.2 }', '<div><span>a</span></div><p><b>b</b></p>');
    expect(doc.style('div').lineHeight).toBe(30);
    expect(doc.style('span').lineHeight).toBe(30);
    expect(doc.style('b').lineHeight).toEqual({ kind: 'number', value: 1.2 });
  });

  it('font-variant-numeric and font-feature-settings', async () => {
    const { style } = await divStyle('font-variant-numeric: tabular-nums slashed-zero; font-feature-settings: "liga" off, "ss01"');
    expect(style.fontVariantNumeric).toEqual(['tabular-nums', 'slashed-zero']);
    expect(style.fontFeatureSettings).toEqual([{ tag: 'liga', value: 0 }, { tag: 'ss01', value: 1 }]);
  });

  it('font-variant-east-asian, alone and in font-variant; a second width keyword is invalid', async () => {
    const alone = await divStyle('font-variant-east-asian: ruby jis04 proportional-width');
    expect([alone.style.fontVariantEastAsian, alone.codes]).toEqual([['ruby', 'jis04', 'proportional-width'], []]);
    const short = await divStyle('font-variant: small-caps full-width tabular-nums');
    expect([short.style.fontVariantCaps, short.style.fontVariantEastAsian, short.style.fontVariantNumeric]).toEqual(['small-caps', ['full-width'], ['tabular-nums']]);
    const twice = await divStyle('font-variant-east-asian: full-width proportional-width');
    expect(twice.style.fontVariantEastAsian).toEqual([]);
    expect(twice.codes).toEqual(['css_invalid_value']);
  });
});

describe('other shorthands', () => {
  it('background keeps colour and images', async () => {
    const { style, messages } = await divStyle('background: url(img/a.png), #ff0000');
    expect(style.backgroundColor).toEqual(red);
    expect(style.backgroundImage).toEqual([{ kind: 'url', url: 'file:///work/doc/img/a.png' }, 'none']);
    expect(messages).toEqual([]);
  });

  it('background-position sets background-position-x and -y, each of which a later declaration overrides alone', async () => {
    const pct = (value: number) => ({ edge: 'start', offset: { kind: 'percent', value } });
    const px = (edge: string, offset: number) => ({ edge, offset });
    const doc = await styleWith(`
      div { background-position: right 10px top, center; background-position-y: bottom 4px }
      p { background-position-x: 25%, right, left 3px; background: url(a.png) 10px 20px }
      span { background-position-y: center; background-position: 0 0 }
      b { background-position-x: top; background-position-y: right 1px; background-position-x: center 2px }`, '<div></div><p></p><span></span><b></b>');
    expect([doc.style('div').backgroundPositionX, doc.style('div').backgroundPositionY]).toEqual([[px('end', 10), pct(50)], [px('end', 4)]]);
    expect([doc.style('p').backgroundPositionX, doc.style('p').backgroundPositionY]).toEqual([[px('start', 10)], [px('start', 20)]]);
    expect([doc.style('span').backgroundPositionX, doc.style('span').backgroundPositionY]).toEqual([[px('start', 0)], [px('start', 0)]]);
    // a keyword of the other axis, and `center` with an offset, are invalid: the initial 0% stays
    expect([doc.style('b').backgroundPositionX, doc.style('b').backgroundPositionY]).toEqual([[pct(0)], [pct(0)]]);
    expect(doc.diagnostics.map((d) => d.message)).toEqual([
      'invalid value `top` for `background-position-x`', 'invalid value `right 1px` for `background-position-y`', 'invalid value `center 2px` for `background-position-x`',
    ]);
  });

  it('background sets every layer longhand', async () => {
    const doc = await styleWith('div { background: url(a.png) no-repeat center / cover content-box red } p { background: url(b.png) repeat-x fixed }', '<div></div><p></p>');
    const div = doc.style('div');
    expect(div.backgroundColor).toEqual(red);
    expect(div.backgroundRepeat).toEqual([{ x: 'no-repeat', y: 'no-repeat' }]);
    expect(div.backgroundSize).toEqual(['cover']);
    expect([div.backgroundPositionX, div.backgroundPositionY]).toEqual([[{ edge: 'start', offset: { kind: 'percent', value: 50 } }], [{ edge: 'start', offset: { kind: 'percent', value: 50 } }]]);
    expect([div.backgroundOrigin, div.backgroundClip]).toEqual([['content-box'], ['content-box']]);
    expect(doc.style('p').backgroundRepeat).toEqual([{ x: 'repeat', y: 'no-repeat' }]);
    expect([div.backgroundAttachment, doc.style('p').backgroundAttachment]).toEqual([['scroll'], ['fixed']]);
    expect(doc.diagnostics).toEqual([]);
    // local is the one part not honoured (nothing scrolls in print)
    const local = await styleWith('p { background: url(b.png) local }', '<p></p>');
    expect(local.style('p').backgroundAttachment).toEqual(['local']);
    expect(local.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/background-attachment: local/)]);
  });

  it('gradients, box-shadow and outline parse into computed values', async () => {
    const { style, codes } = await divStyle('background-image: linear-gradient(to right, red 10%, blue); box-shadow: inset 1px 2px 3px 4px red, 0 0 blue; outline: 2px dashed blue; outline-offset: -1px');
    expect(style.backgroundImage).toEqual([{ kind: 'linear', repeating: false, direction: { x: 1, y: 0 }, stops: [
      { color: red, position: { kind: 'percent', value: 10 } }, { color: { r: 0, g: 0, b: 255, a: 1 }, position: undefined },
    ] }]);
    expect(style.boxShadow).toEqual([
      { inset: true, x: 1, y: 2, blur: 3, spread: 4, color: red },
      { inset: false, x: 0, y: 0, blur: 0, spread: 0, color: { r: 0, g: 0, b: 255, a: 1 } },
    ]);
    expect([style.outlineWidth, style.outlineStyle, style.outlineOffset]).toEqual([2, 'dashed', -1]);
    expect(codes).toEqual([]);
  });

  it('list-style', async () => {
    const a = await divStyle('list-style: square inside');
    expect([a.style.listStyleType, a.style.listStylePosition, a.style.listStyleImage]).toEqual(['square', 'inside', 'none']);
    const b = await divStyle('list-style: none');
    expect([b.style.listStyleType, b.style.listStyleImage]).toEqual(['none', 'none']);
    const c = await divStyle('list-style: url(dot.png) "-"');
    expect([c.style.listStyleType, c.style.listStyleImage]).toEqual([{ kind: 'string', value: '-' }, 'file:///work/doc/dot.png']);
  });

  it.each([
    ['flex: 1', [1, 1, 0]],
    ['flex: none', [0, 0, 'auto']],
    ['flex: auto', [1, 1, 'auto']],
    ['flex: 2 3', [2, 3, 0]],
    ['flex: 2 3 10%', [2, 3, { kind: 'percent', value: 10 }]],
    ['flex: 100px', [1, 1, 100]],
    ['flex: content 2', [2, 1, 'content']],
  ])('%s', async (decl, expected) => {
    const { style, messages } = await divStyle(decl);
    expect(messages).toEqual([]);
    expect([style.flexGrow, style.flexShrink, style.flexBasis]).toEqual(expected);
  });

  it('flex-flow, gap, place-*', async () => {
    const { style } = await divStyle('flex-flow: wrap column; gap: 1px 2%; place-content: center space-between; place-items: end; place-self: first baseline');
    expect([style.flexDirection, style.flexWrap]).toEqual(['column', 'wrap']);
    expect([style.rowGap, style.columnGap]).toEqual([1, { kind: 'percent', value: 2 }]);
    expect([style.alignContent, style.justifyContent]).toEqual(['center', 'space-between']);
    expect(style.alignItems).toBe('end');
    expect(style.alignSelf).toBe('baseline');
  });

  it('text-decoration', async () => {
    const { style } = await divStyle('text-decoration: underline overline dotted red 2px');
    expect(style.textDecorationLine).toEqual({ underline: true, overline: true, lineThrough: false });
    expect(style.textDecorationStyle).toBe('dotted');
    expect(style.textDecorationColor).toEqual(red);
    expect(style.textDecorationThickness).toBe(2);
  });

  it('overflow with one and two values', async () => {
    expect((await divStyle('overflow: hidden')).style.overflowY).toBe('hidden');
    const two = await divStyle('overflow: hidden auto');
    expect([two.style.overflowX, two.style.overflowY]).toEqual(['hidden', 'auto']);
  });

  it('page-break-* are legacy aliases of break-*', async () => {
    const { style } = await divStyle('page-break-before: always; page-break-after: avoid; page-break-inside: avoid');
    expect([style.breakBefore, style.breakAfter, style.breakInside]).toEqual(['page', 'avoid', 'avoid']);
  });

  it('GCPM running elements and footnotes are parsed (and blockified)', async () => {
    const doc = await styleWith('header { position: running(head); display: inline } p { float: footnote; text-align: justify-all }', '<header>h</header><p>x</p>');
    expect(doc.diagnostics.map((d) => d.code)).toEqual([]);
    expect(doc.style('p').float).toBe('footnote');
    expect(doc.style('header').position).toEqual({ running: 'head' });
    expect(doc.style('header').display).toBe('block');
    expect(doc.style('p').textAlign).toBe('justify');
  });

  it('vendor aliases map or are ignored silently', async () => {
    const { style, codes } = await divStyle('-webkit-box-sizing: border-box; -webkit-print-color-adjust: exact; print-color-adjust: exact; word-wrap: break-word; -webkit-font-smoothing: antialiased');
    expect(style.boxSizing).toBe('border-box');
    expect(style.overflowWrap).toBe('break-word');
    expect(codes).toEqual([]);
  });

  it('border-spacing, counters, quotes, content', async () => {
    const doc = await styleWith('table { border-spacing: 4px 2px; counter-reset: row 3 item } td { counter-increment: row } q { quotes: "«" "»" "‹" "›" } p::before { content: "Nº " counter(row, upper-roman) ". " attr(title) open-quote counters(item, ".") url(x.png) }',
      '<table><tr><td>1</td></tr></table><q>x</q><p title="t">p</p>');
    expect(doc.style('table').borderSpacing).toEqual([4, 2]);
    expect(doc.style('table').counterReset).toEqual([{ name: 'row', value: 3 }, { name: 'item', value: 0 }]);
    expect(doc.style('td').counterIncrement).toEqual([{ name: 'row', value: 1 }]);
    expect(doc.style('q').quotes).toEqual([['«', '»'], ['‹', '›']]);
    expect(doc.styled.styleOf(doc.element('p'), 'before')!.content).toEqual([
      { kind: 'string', value: 'Nº ' },
      { kind: 'counter', name: 'row', style: 'upper-roman' },
      { kind: 'string', value: '. ' },
      { kind: 'attr', name: 'title' },
      { kind: 'open-quote' },
      { kind: 'counters', name: 'item', separator: '.', style: 'decimal' },
      { kind: 'url', url: 'file:///work/doc/x.png' },
    ]);
  });
});

describe('white-space and text-wrap (CSS Text 4 §3.1, §5)', () => {
  const wrapOf = (style: ComputedStyle): string[] => [style.whiteSpace, style.whiteSpaceCollapse, style.textWrapMode, style.textWrapStyle];

  it.each([
    ['white-space: normal', ['normal', 'collapse', 'wrap', 'auto']],
    ['white-space: pre', ['pre', 'preserve', 'nowrap', 'auto']],
    ['white-space: nowrap', ['nowrap', 'collapse', 'nowrap', 'auto']],
    ['white-space: pre-wrap', ['pre-wrap', 'preserve', 'wrap', 'auto']],
    ['white-space: pre-line', ['pre-line', 'preserve-breaks', 'wrap', 'auto']],
    ['white-space: break-spaces', ['break-spaces', 'break-spaces', 'wrap', 'auto']],
    ['white-space: preserve nowrap', ['pre', 'preserve', 'nowrap', 'auto']],
    ['white-space: pre; text-wrap-mode: wrap', ['pre-wrap', 'preserve', 'wrap', 'auto']],
    ['text-wrap: nowrap', ['nowrap', 'collapse', 'nowrap', 'auto']],
    ['text-wrap: balance', ['normal', 'collapse', 'wrap', 'balance']],
    ['text-wrap: nowrap balance; white-space-collapse: preserve', ['pre', 'preserve', 'nowrap', 'balance']],
    ['text-wrap: stable', ['normal', 'collapse', 'wrap', 'stable']],
  ])('%s', async (decl, expected) => {
    const { style, codes } = await divStyle(decl);
    expect(wrapOf(style)).toEqual(expected);
    expect(codes).toEqual([]);
  });

  it('the longhands inherit apart: a nowrap parent and a child that only preserves spaces is pre', async () => {
    const doc = await styleWith('div { white-space: nowrap } span { white-space-collapse: preserve }', '<div><span>x</span></div>');
    expect(doc.style('span').whiteSpace).toBe('pre');
  });

  it('invalid forms are dropped with a warning', async () => {
    for (const decl of ['text-wrap: balance pretty', 'text-wrap: wrap nowrap', 'white-space: pre nowrap', 'white-space: collapse collapse']) {
      const { style, codes } = await divStyle(decl);
      expect(wrapOf(style), decl).toEqual(['normal', 'collapse', 'wrap', 'auto']);
      expect(codes, decl).toEqual(['css_invalid_value']);
    }
    const { style, codes } = await divStyle('text-wrap: pretty');
    expect([style.textWrapStyle, codes]).toEqual(['pretty', []]);
  });
});

describe('initial-letter (CSS Inline 3 §6.1) and the container properties (CSS Conditional 5 §6.1)', () => {
  it.each([
    ['initial-letter: 3', { size: 3, sink: 3 }],
    ['initial-letter: 2.5', { size: 2.5, sink: 2 }],
    ['initial-letter: 3 2', { size: 3, sink: 2 }],
    ['initial-letter: raise 3', { size: 3, sink: 1 }],
    ['initial-letter: 3 drop', { size: 3, sink: 3 }],
    ['initial-letter: normal', 'normal'],
  ])('%s', async (decl, expected) => {
    // on a div it is warned as having no effect (it applies to ::first-letter): the value is still computed
    const { style, codes } = await divStyle(decl);
    expect(style.initialLetter).toEqual(expected);
    expect(codes).toEqual(decl.endsWith('normal') ? [] : ['css_unsupported']);
  });

  it('invalid initial-letter values are dropped with a warning', async () => {
    for (const decl of ['initial-letter: 0', 'initial-letter: 3 1.5', 'initial-letter: drop', 'initial-letter: 3 2 1', 'initial-letter: 2 raise drop']) {
      const { style, codes } = await divStyle(decl);
      expect(style.initialLetter, decl).toBe('normal');
      expect(codes, decl).toEqual(['css_invalid_value']);
    }
  });

  it.each([
    ['container: card / inline-size', ['card'], 'inline-size'],
    ['container: a b', ['a', 'b'], 'normal'],
    ['container-type: size; container-name: none', [], 'size'],
    ['container-type: scroll-state inline-size', [], 'inline-size'],
    ['container-type: scroll-state', [], 'normal'],
  ])('%s', async (decl, names, type) => {
    const { style, codes } = await divStyle(decl);
    expect([style.containerName, style.containerType]).toEqual([names, type]);
    expect(codes).toEqual([]);
  });

  it('invalid container values are dropped with a warning', async () => {
    for (const decl of ['container: none / block-size', 'container-name: and', 'container-type: size inline-size', 'container: a / size / size']) {
      const { style, codes } = await divStyle(decl);
      expect([style.containerName, style.containerType], decl).toEqual([[], 'normal']);
      expect(codes, decl).toEqual(['css_invalid_value']);
    }
  });
});
