/**
 * fast-check arbitraries for fuzzing the engine: HTML from a small vocabulary of elements,
 * attributes and CSS declarations (valid and broken values), stylesheets as token soup, inline
 * SVG, and Handlebars templates with payloads. Mutations of the gallery templates are in
 * fuzz-gallery.ts.
 */
import fc from 'fast-check';

const TAGS = [
  'div', 'p', 'span', 'table', 'tr', 'td', 'th', 'ul', 'ol', 'li', 'h1', 'b', 'i', 'pre', 'br', 'img', 'section', 'thead', 'a',
  'caption', 'colgroup', 'col', 'tfoot', 'tbody', 'hr', 'sup', 'sub', 'blockquote', 'dl', 'dt', 'dd', 'figure', 'header', 'footer', 'wbr', 'ruby', 'rt', 'rp',
];
const PROPERTIES = [
  'display', 'width', 'height', 'margin', 'padding', 'border', 'color', 'background', 'font-size', 'font-family', 'font-weight',
  'line-height', 'float', 'position', 'top', 'left', 'break-before', 'break-after', 'break-inside', 'flex', 'flex-direction',
  'white-space', 'text-align', 'columns', 'transform', 'opacity', 'content', 'counter-increment', 'list-style', 'overflow',
  'grid-template-columns', 'grid-column', 'flex-wrap', 'table-layout', 'border-collapse', 'border-spacing', 'vertical-align',
  'letter-spacing', 'word-spacing', 'text-indent', 'direction', 'unicode-bidi', 'hyphens', 'orphans', 'widows', 'min-width',
  'max-height', 'box-sizing', 'border-radius', 'box-shadow', 'string-set', 'position-anchor', 'counter-reset', 'z-index', 'clear',
  'text-wrap', 'text-decoration', 'text-decoration-skip-ink', 'font-variant-ligatures', 'white-space-collapse', 'border-start-start-radius',
  'container-type', 'container', 'container-name', 'initial-letter', 'translate', 'rotate', 'scale',
  '-webkit-box-pack', '-webkit-box-flex', '-webkit-box-orient', '-webkit-box-ordinal-group', '-webkit-margin-before', '-webkit-column-count',
  'mix-blend-mode', 'isolation', 'background-blend-mode',
  'grid-template-rows', 'grid-row', 'grid-template', 'row-gap', 'align-self',
  'shape-outside', 'shape-margin', 'shape-image-threshold', 'font-synthesis', 'background-position-x', 'background-position-y', 'font-size-adjust', 'ruby-position', 'content-visibility', 'contain-intrinsic-size', 'line-break',
  'paint-order', '-webkit-text-stroke', 'hyphens', 'hyphenate-character', 'hyphenate-limit-chars',
  'text-box', 'text-box-trim', 'text-box-edge', 'object-view-box', 'clip-path', 'field-sizing', 'object-fit',
  'background-image', 'border-image-source', 'mask-image',
  'overflow-x', 'overflow-y', 'scrollbar-gutter', 'scrollbar-width', 'scrollbar-color', 'resize',
];
const VALUES = [
  'block', 'inline', 'flex', 'table', 'none', 'grid', 'inline-block', 'list-item', '0', '-1px', '10px', '50%', '1e9px', 'auto', 'calc(100% - 3px)',
  'calc(1px / 0)', 'red', '#abc', 'rgb(1,2,3)', 'solid 3px blue', 'page', 'avoid', 'absolute', 'relative', 'fixed', 'row', 'column',
  'pre', 'nowrap', 'center', '3', 'rotate(45deg)', '0.5', '"x"', 'counter(a)', 'inherit', 'initial', ';;', '}', '{', '!important', '\\', 'url(x)',
  'table-cell', 'table-row', 'contents', 'running(h)', 'repeat(3, 1fr)', 'span 2', 'minmax(0, 1fr)', '1 1 0', 'wrap', 'rtl', 'bidi-override',
  'collapse', '-1e9px', '1e-9px', '100vw', '3em', '2ch', 'var(--x)', 'var(--x, 5px)', 'env(x)', 'max-content', 'min-content', 'fit-content(10px)',
  'counters(a, ".")', 'attr(id)', 'string(h)', 'inset 0 0 3px red', 'hsl(1 2% 3%)', 'linear-gradient(red, blue)', 'baseline', 'super',
  'balance', 'pretty', 'underline wavy 3px', 'overline dotted', 'preserve-breaks',
  'inline-size', 'size', 'card / inline-size', '50cqw', 'calc(10cqi + 1px)', '100cqh', 'cqmin', '3 2', '2 raise', '1e9', '45deg', 'x 90deg', '1 2 3 4turn', '50% -1e9px', '-webkit-box', 'justify', 'vertical', 'c', 'counter(a, c)', 'georgian', 'hebrew', 'multiply', 'difference', 'isolate', 'plus-lighter',
  'round(up, 33%, 1e-9px)', 'mod(1e9px, -0px)', 'calc(1px * pow(10, 400))', 'calc(10px / sign(50% - 50%))', 'calc(1em / 1px * 1e300px)',
  'hypot(1e300px, 1e300px)', 'rotate(atan2(-0, -1))', 'calc(sin(1e308) * 1px)', 'stroke markers', '"\\2010"', '1 1 1', '99999',
  "path('M0 0 L1e9 1e9 Z')", "path(evenodd, 'M0 0 A 1e9 0 0 1 1 1 1')", 'xywh(-1e9px 0 1e9px 100%)', 'rect(auto auto auto auto round 50%)',
  'inset(60% 60%)', 'trim-both cap alphabetic', 'trim-start ex text', 'content',
  'attr(id px, 1e9px)', 'attr(class type(<color>), red)', 'attr(data-x %)', 'attr(__proto__)', 'attr(id type(*))', 'calc(attr(id px) * 2)',
  'shape(from 0 0, arc by 1e9px 0 of 1e-9px cw large, smooth to 100% 100%, close)', 'shape(evenodd from 50% 50%, curve by 1e9px -1e9px with 0 0 / 100% 100%)',
  'subgrid', 'subgrid [a] [b]', 'subgrid / subgrid', 'span 3', '1 / -1', 'a / c', '200px', '1e5px 1fr', 'repeat(auto-fill, [x])',
  'circle(50%)', 'ellipse(1e9px 0 at left)', 'polygon(0 0, 100% 50%, 0 100%)', 'polygon(evenodd, 0 0, 1e9px 1e9px, -1e9px 0)',
  'inset(-1e9px round 50%)', 'circle(0) content-box', 'margin-box', 'url(data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><circle r="4"/></svg>)',
  'weight style', 'small-caps', 'right 1e9px', 'bottom -3px, center', 'ic-height from-font', 'cap-height 1e9', 'under', 'ruby', 'hidden', 'auto 1e9px', 'anywhere', 'strict', 'loose',
  'linear-gradient(to right in oklch longer hue, red, blue)', 'repeating-linear-gradient(in hsl decreasing hue, red 0 1e-9px, blue 1e9px)',
  'radial-gradient(in xyz-d50 circle, oklch(1 1e9 1e9), transparent, red 1e9%)', 'conic-gradient(in lab from 1e9deg, lab(1e9 -1e9 0), red)',
  'linear-gradient(in oklab in oklab, red, blue)', 'image-set("x.png" 1x, url(y.png) 1e-300x, linear-gradient(red, red) 1e300dppx)',
  '-webkit-image-set(url(x) type("image/png") 0x)', 'image-set()', '3em hanging each-line', '-1e9px each-line hanging hanging',
  'calc(sibling-index() * 1e9px)', 'sibling-count(1)', 'hsl(calc(sibling-count() * 7) 50% 50%)',
  // quirks mode's unitless lengths and hashless colours
  '600', '-1e9', 'ff0000', '00ff00', '123', 'windowtext', 'solid windowtext 1.0pt',
  // scroll containers and their scrollbars (layout/scrollbars.ts)
  'scroll', 'scroll hidden', 'auto clip', 'stable', 'stable both-edges', 'thin', 'red blue', 'both',
];
const ATTRIBUTES = [
  'colspan', 'rowspan', 'span', 'width', 'height', 'start', 'value', 'dir', 'lang', 'class', 'id', 'src', 'alt', 'href', 'reversed', 'type',
  'align', 'valign', 'nowrap', 'hspace', 'vspace', 'size', 'noshade', 'marginwidth', 'topmargin', 'bgcolor', 'cellpadding',
  'background', 'link',
];
const ATTRIBUTE_VALUES = [
  '', '0', '1', '2', '-1', '1e9', '65535', 'NaN', 'x', 'rtl', 'ltr', 'auto', 'ar', 'he', 'x.png', 'data:image/png;base64,AAAA', '#top', '../x',
  'file:///etc/passwd', 'http://127.0.0.1/x', 'I', 'a', 'x\\") y.png\n', '#c00', 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
];
const TEXT = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('Hello world', 'שלום', 'مرحبا', '日本語のテキスト', '&amp; &lt;b&gt;', '\u00ad\u200b\u202e', 'a'.repeat(200), '  \n\t ', '&#0; &#xD800; &bogus;', '\uFFFF\uFFFE'),
);

const declaration = fc.tuple(fc.constantFrom(...PROPERTIES), fc.constantFrom(...VALUES)).map(([p, v]) => `${p}: ${v}`);
const style = fc.array(declaration, { maxLength: 4 }).map((ds) => ds.join('; '));
const attribute = fc.tuple(fc.constantFrom(...ATTRIBUTES), fc.constantFrom(...ATTRIBUTE_VALUES)).map(([a, v]) => ` ${a}="${v.replace(/"/g, '&quot;')}"`);

/** Inline SVG of a few shapes with random attributes (the SVG painter's own parser and styles). */
const SVG_CONTENT: Readonly<Record<string, string>> = {
  text: 'Tx',
  // HTML that is no XML, a box taller than any page, another drawing with its own foreignObject
  foreignObject: '<div style="height: 1e9px; position: fixed">Tx<br><p>y<svg width="9" height="9"><foreignObject width="9" height="9"><b>z</foreignObject></svg></div>',
  switch: '<rect width="9" height="9" systemLanguage="fr"/><foreignObject width="9" height="9">x</foreignObject><text>y</text>',
};
const SVG_SHAPES = ['rect', 'circle', 'ellipse', 'line', 'polyline', 'path', 'text', 'g', 'use', 'linearGradient', 'clipPath', 'mask', 'foreignObject', 'switch'];
const SVG_ATTRIBUTES = ['x', 'y', 'width', 'height', 'r', 'rx', 'cx', 'points', 'd', 'fill', 'stroke', 'transform', 'viewBox', 'href', 'id', 'clip-path', 'stroke-dasharray', 'systemLanguage', 'requiredExtensions'];
const SVG_VALUES = ['0', '-5', '10', '1e9', '50%', 'red', 'url(#a)', 'none', 'M0 0L10 10Z', 'M', 'm1e9 1e9 a 5 5 0 1 1 0 0', '1,2 3', 'rotate(30) scale(0)', '0 0 0 0', '#a', 'a', 'NaN', '1 0'];
const svgShape = fc.tuple(fc.constantFrom(...SVG_SHAPES), fc.array(fc.tuple(fc.constantFrom(...SVG_ATTRIBUTES), fc.constantFrom(...SVG_VALUES)), { maxLength: 5 }))
  .map(([tag, attrs]) => `<${tag}${attrs.map(([a, v]) => ` ${a}="${v}"`).join('')}>${SVG_CONTENT[tag] ?? ''}</${tag}>`);
const inlineSvg = fc.tuple(fc.constantFrom(...SVG_VALUES), fc.array(svgShape, { maxLength: 6 }))
  .map(([box, shapes]) => `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="${box}">${shapes.join('')}</svg>`);

const element: fc.Memo<string> = fc.memo((depth) => {
  const leaf = fc.oneof({ weight: 6, arbitrary: TEXT.map((t) => t.replace(/[<>]/g, '')) }, { weight: 1, arbitrary: inlineSvg });
  if (depth <= 1) return leaf;
  return fc.oneof(
    { weight: 1, arbitrary: leaf },
    {
      weight: 3,
      arbitrary: fc.tuple(fc.constantFrom(...TAGS), style, fc.array(attribute, { maxLength: 2 }), fc.array(element(depth - 1), { maxLength: 4 }), fc.boolean())
        .map(([tag, css, attrs, children, close]) => `<${tag} style="${css}"${attrs.join('')}>${children.join('')}${close ? `</${tag}>` : ''}`),
    },
  );
});

const SELECTORS = [
  '*', 'p', 'div > span', 'td:nth-child(2n)', '@page', 'li::marker', 'p::before', '.x', ':root', 'td + td', 'tr:first-child td', 'p::after',
  ':not(p)', 'a[href^="#"]', '@page :first', '@page :left', 'h1 ~ p', 'ul li:last-of-type', ':is(div, span) b', 'table *',
  'p::first-letter', 'div::first-letter', 'td::first-letter', '*::first-letter', 'p::first-line', 'div::first-line', '*::first-line',
  '::-webkit-scrollbar', 'pre::-webkit-scrollbar', 'div::-webkit-scrollbar-thumb', '::-webkit-scrollbar:horizontal', '::-webkit-scrollbar-track',
  '::-webkit-scrollbar-track-piece:start', '::-webkit-scrollbar-button', '::-webkit-scrollbar-button:vertical:end:increment', '::-webkit-scrollbar-corner',
  '::-webkit-scrollbar-thumb:disabled',
];
const plainRule = fc.tuple(fc.constantFrom(...SELECTORS), style).map(([selector, css]) => `${selector} { ${css} }`);
/** Container query preludes, valid and not (nested containers make the layout passes settle or give up). */
const CONTAINER_CONDITIONS = [
  '(min-width: 100px)', 'card (width > 20em)', '(orientation: portrait)', 'not (height < 5cqh)', '(width < 1px), (width >= 1px)',
  'style(--x: 1)', 'scroll-state(stuck: top)', '(min-width: )', 'a b (width > 1px)', '(aspect-ratio > 1/1) and (inline-size > 0)',
];
const COUNTER_STYLES = [
  '@counter-style c { system: cyclic; symbols: "✓" x }', '@counter-style c { system: additive; additive-symbols: 1 I, 0 "" }',
  '@counter-style c { system: extends c }', '@counter-style c { system: fixed -5; symbols: a; range: 1 infinite, -9 -1; pad: 99 "0" }',
  '@counter-style c { system: numeric; symbols: a }', '@counter-style decimal { symbols: x }',
];
const rule = fc.oneof(
  { weight: 4, arbitrary: plainRule },
  { weight: 1, arbitrary: fc.constantFrom(...COUNTER_STYLES) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...CONTAINER_CONDITIONS), plainRule).map(([condition, inner]) => `@container ${condition} { ${inner} }`) },
);

/** Doctypes of each mode (dom/document-mode.ts): none and an HTML 3.2 one are quirks mode, XHTML Transitional limited quirks. */
const DOCTYPES = ['', '', '<!DOCTYPE html>', '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x.dtd">', '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">', '<!DOCTYPE'];

/** A document: a doctype or none, an optional stylesheet of random rules plus random nested elements (some left unclosed). */
export function htmlDocument(): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...DOCTYPES), fc.array(rule, { maxLength: 5 }), fc.array(element(5), { minLength: 1, maxLength: 4 }))
    .map(([doctype, rules, body]) => `${doctype}<style>${rules.join('\n')}</style>${body.join('')}`);
}

/** Pieces a CSS tokenizer and the at-rule parsers must survive in any order. */
const CSS_TOKENS = [
  '{', '}', '(', ')', '[', ']', ';', ':', ',', '"', "'", '/*', '*/', '\\', '@media print', '@page', '@page :first', '@font-face', '@import url(x.css)',
  '@supports (display: grid)', '@counter-style c', '@top-center', '@bottom-right', '@layer a', '@namespace x', 'url(', 'url(data:,)', 'var(--a)', '--a:',
  'calc(', '!important', 'src:', 'size:', 'A4 landscape', '1e9px', '-0', '50%', 'red', 'content:', 'counter(page)', 'counters(pages)', 'p', 'div', '.c',
  '#i', '*', '>', '+', '~', '::before', ':nth-child(', 'n+1', 'display:', 'flex', 'grid', 'table', 'float:', 'left', 'position:', 'running(x)', 'element(x)',
  'margin:', 'width:', 'font:', 'font-family:', 'system-ui', 'inherit', ' ', '\n', '\uFFFD',
  '@container', '(width > 10px)', 'style(--a: 1)', 'container-type:', 'inline-size', '10cqw',
];

/** Random stylesheets as token soup (and raw characters), applied to a fixed document with tables, lists and headings. */
export function cssText(): fc.Arbitrary<string> {
  const soup = fc.array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...CSS_TOKENS) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) }), { maxLength: 60 })
    .map((tokens) => tokens.join(' '));
  const sheet = fc.oneof(soup, fc.array(rule, { maxLength: 8 }).map((rules) => rules.join('\n')), fc.tuple(fc.array(rule, { maxLength: 4 }), soup).map(([r, s]) => `${r.join('\n')}\n${s}`));
  return fc.tuple(sheet, fc.boolean()).map(([css, inline]) => {
    const body = '<h1 id="i" class="c">Title</h1><p>Some text <span>inline</span> and more.</p><ul><li>one</li><li>two</li></ul>'
      + '<table><thead><tr><th>A</th><th>B</th></tr></thead><tr><td>1</td><td>2</td></tr></table><div class="c"><p>x</p><p>y</p></div>';
    return inline ? `<style>${css}</style>${body}` : `<div style="${css.replace(/"/g, "'")}">${body}</div>`;
  });
}

/** Handlebars that is valid (most pieces) and broken (a few: the parser's errors must be OctavoErrors too). */
const BROKEN_MUSTACHES = ['{{#each}}', '{{/if}}', '{{', '}}', '{{#if}}{{/each}}', '\u0000', '{{> partial}}'];
const MUSTACHES = [
  '{{name}}', '{{{name}}}', '{{#each items}}<li>{{this}}</li>{{/each}}', '{{#if flag}}yes{{else}}no{{/if}}', '{{items.length}}',
  '{{#with nested}}{{deep.value}}{{/with}}', '{{lookup items 0}}', '{{formatNumber amount}}', '{{formatDate when}}', '{{unknown}}',
  '{{constructor}}', '{{__proto__}}', '{{#each items}}{{@index}}{{/each}}',
  '{{formatCurrency amount "EUR"}}', '{{formatCurrency amount name}}', '{{add amount amount}}', '{{join items ", "}}', '{{#unless flag}}u{{/unless}}',
  '{{lookup this "constructor"}}', '{{nested.__proto__.x}}', '{{#each nested}}{{@key}}={{this}}{{/each}}', '{{formatDate when "long"}}', '{{!-- c --}}',
  '{{name.length}}', '{{#each items as |x i|}}{{x}}{{i}}{{/each}}', '{{@root.name}}', '{{../name}}', '{{formatNumber amount "bogus"}}',
  '{{barcode "qrcode" name}}', '{{barcode "ean13" amount}}', '{{truncate name amount}}', '{{divide amount 0}}', '{{round amount when}}',
  '{{sum items}}', '{{json nested}}', '{{formatPercent amount}}', '{{#if (gt amount 1)}}big{{/if}}', '{{default name "none"}}', '{{first items}}',
];

/** A template of random Handlebars pieces around HTML, with a random JSON payload. */
export function templateAndPayload(): fc.Arbitrary<{ template: string; data: unknown }> {
  const payload = fc.record({
    name: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constantFrom('__proto__', 'constructor', '<b>x</b>', 'a\u0000b', '\uD800')),
    items: fc.oneof(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }), fc.string(), fc.constant(undefined)),
    flag: fc.jsonValue({ maxDepth: 1 }),
    nested: fc.jsonValue({ maxDepth: 3 }),
    amount: fc.oneof(fc.double(), fc.string(), fc.integer(), fc.constantFrom(1e308, -0, 0.1 + 0.2, Number.MAX_SAFE_INTEGER + 2)),
    when: fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.integer(), fc.constant('2024-02-30')),
  }, { requiredKeys: [] });
  const piece = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...MUSTACHES) }, { weight: 1, arbitrary: fc.constantFrom(...BROKEN_MUSTACHES) }, { weight: 6, arbitrary: element(3) });
  const template = fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => `<p>${parts.join('')}</p>`);
  return fc.record({ template, data: payload });
}
