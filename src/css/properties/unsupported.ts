/**
 * Properties that are valid CSS but not rendered by octavo yet: a declaration of one is dropped
 * with one `css_unsupported` warning per property and render. Vendor-prefixed properties that are
 * not aliases are ignored silently, like browsers ignore other engines' prefixes — except the
 * `-webkit-` ones Chromium draws (listed here, the last line).
 */
const UNSUPPORTED = `transform-style perspective-origin
animation animation-name animation-duration animation-timing-function animation-delay animation-iteration-count
animation-direction animation-fill-mode animation-play-state animation-composition
backdrop-filter

image-resolution
font-variant-alternates font-variant-emoji
font-language-override font-palette
text-decoration-skip
text-autospace initial-letter-align initial-letter-wrap
ruby-merge ruby-overhang
float-reference float-defer float-offset
anchor running
size marks bleed page-orientation
list-style-marker counter marker-side
quotes-style
math-depth corner-shape
offset offset-path offset-distance offset-rotate offset-anchor offset-position
anchor-name anchor-scope position-anchor position-area position-try position-try-fallbacks position-try-order position-visibility
-webkit-box-reflect -webkit-text-security -webkit-border-horizontal-spacing -webkit-border-vertical-spacing
-webkit-line-break -webkit-rtl-ordering -webkit-ruby-position -webkit-text-combine -webkit-highlight -webkit-locale`;

export const UNSUPPORTED_PROPERTIES: ReadonlySet<string> = new Set(UNSUPPORTED.split(/\s+/).filter(Boolean));

/**
 * Values of unsupported properties that change nothing — their initial values, as resets and
 * frameworks write them (`backdrop-filter: none`, `transform-style: flat`, `anchor-name: none`):
 * dropped without a warning, as docs/css.md promises for a value that changes nothing. The
 * CSS-wide keywords are silent too (an inherited value was warned where it was set).
 */
const NO_EFFECT: Readonly<Record<string, readonly string[]>> = {
  'transform-style': ['flat'],
  'animation': ['none'], 'animation-name': ['none'], 'backdrop-filter': ['none'],
  'image-resolution': ['1dppx'], 'font-variant-alternates': ['normal'], 'font-variant-emoji': ['normal'],
  'font-language-override': ['normal'], 'font-palette': ['normal'], 'text-autospace': ['normal', 'no-autospace'],
  'ruby-merge': ['separate'], 'ruby-overhang': ['auto'],
  'float-reference': ['inline'], 'float-defer': ['none'], 'float-offset': ['0'], 'marker-side': ['match-self'],
  'math-depth': ['0'], 'corner-shape': ['round'],
  'offset': ['none', 'normal'], 'offset-path': ['none'], 'offset-distance': ['0'], 'offset-rotate': ['auto'],
  'offset-anchor': ['auto'], 'offset-position': ['normal', 'auto'],
  'anchor-name': ['none'], 'anchor-scope': ['none'], 'position-anchor': ['auto', 'normal'], 'position-area': ['none'],
  'position-try': ['none'], 'position-try-fallbacks': ['none'], 'position-try-order': ['normal'],
  'position-visibility': ['anchors-visible', 'always'],
  '-webkit-box-reflect': ['none'], '-webkit-text-security': ['none'], '-webkit-border-horizontal-spacing': ['0'],
  '-webkit-border-vertical-spacing': ['0'], '-webkit-line-break': ['auto'], '-webkit-rtl-ordering': ['logical'],
  '-webkit-text-combine': ['none'], '-webkit-highlight': ['none'], '-webkit-locale': ['auto'],
};

const CSS_WIDE_KEYWORDS: ReadonlySet<string> = new Set(['initial', 'inherit', 'unset', 'revert', 'revert-layer']);

/** Whether a declaration of the unsupported property `name` with value `text` changes nothing (no warning then). */
export function changesNothing(name: string, text: string): boolean {
  const value = text.trim().toLowerCase().replace(/^0(px|deg|%)?$/, '0');
  return CSS_WIDE_KEYWORDS.has(value) || (NO_EFFECT[name]?.includes(value) ?? false);
}

/**
 * Irrelevant to print output: ignored without a warning. Interaction, scrolling, timelines,
 * transitions and focus order leave no trace on a printed page.
 */
export const IGNORED_PROPERTIES: ReadonlySet<string> = new Set([
  'print-color-adjust', 'color-adjust', 'forced-color-adjust', 'text-size-adjust', 'font-smooth',
  'orphans-widows', 'user-zoom', 'src', 'unicode-range', 'font-display',
  'cursor', 'pointer-events', 'user-select', 'touch-action', 'caret-color', 'will-change',
  'scroll-behavior', 'scroll-margin', 'scroll-padding', 'scroll-snap-type', 'scroll-snap-align', 'overscroll-behavior',
  'overflow-anchor',
  // Internet Explorer's scrollbar colours (Semantic UI and Fomantic write them): no engine but IE reads them
  'scrollbar-face-color', 'scrollbar-shadow-color', 'scrollbar-track-color', 'scrollbar-arrow-color', 'scrollbar-highlight-color',
  'scrollbar-3dlight-color', 'scrollbar-darkshadow-color', 'scrollbar-base-color',
  'scroll-margin-top', 'scroll-margin-right', 'scroll-margin-bottom', 'scroll-margin-left', 'scroll-margin-block', 'scroll-margin-inline',
  'scroll-margin-block-start', 'scroll-margin-block-end', 'scroll-margin-inline-start', 'scroll-margin-inline-end',
  'scroll-padding-top', 'scroll-padding-right', 'scroll-padding-bottom', 'scroll-padding-left', 'scroll-padding-block', 'scroll-padding-inline',
  'scroll-padding-block-start', 'scroll-padding-block-end', 'scroll-padding-inline-start', 'scroll-padding-inline-end',
  'scroll-snap-stop', 'scroll-timeline', 'scroll-timeline-name', 'scroll-timeline-axis', 'view-timeline', 'view-timeline-name',
  'view-timeline-axis', 'view-timeline-inset', 'timeline-scope', 'animation-timeline', 'animation-range', 'animation-range-start',
  'animation-range-end', 'overscroll-behavior-x', 'overscroll-behavior-y', 'overscroll-behavior-block', 'overscroll-behavior-inline',
  'view-transition-name', 'view-transition-class', 'interpolate-size', 'reading-flow', 'reading-order', 'interactivity',
  // the top layer's exit transitions (`overlay: auto` beside `transition-behavior: allow-discrete`): nothing animates on paper
  'overlay',
  // WebKit's first name of `color-scheme` (Safari 12.1), which e-mail templates (Cerberus, Litmus's)
  // still write beside it for Apple Mail's dark mode: no engine reads it now, and a print is light
  'supported-color-schemes',
  // aural: how a screen reader speaks the text (Font Awesome 4 and Glyphicons write `speak: none` on every icon)
  'speak', 'speak-as',
  // HDR headroom of images: a PDF has none to limit
  'dynamic-range-limit',
  'transition', 'transition-property', 'transition-duration', 'transition-timing-function', 'transition-delay', 'transition-behavior',
  // Chromium's print sets the words of every `text-rendering` where `auto` sets them (docs/css.md, Glyph advances)
  'text-rendering',
  // SVG properties: no effect on HTML boxes; SVG images read them from their own <style> (resources/svg-style.ts),
  // an inline <svg> also the inherited ones from the page's CSS (INLINE_SVG_PROPERTIES)
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-opacity', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stop-color', 'stop-opacity', 'clip-rule', 'text-anchor',
  'dominant-baseline', 'alignment-baseline', 'baseline-shift', 'marker', 'marker-start', 'marker-mid', 'marker-end', 'vector-effect', 'mask-type',
  // a filter's (Inkscape writes `style="color-interpolation-filters:sRGB"` on each), read by css/values/svg-filter.ts and Skia
  'color-interpolation-filters', 'flood-color', 'flood-opacity', 'lighting-color',
  // SVG 1.1's access to the canvas behind a filter, which Chromium never drew nor parses (Adobe Illustrator writes it on every export)
  'enable-background',
  // SVG 2 geometry properties (Mermaid's `.statediagram-cluster rect.outer { rx: 5px }`)
  'rx', 'ry', 'cx', 'cy', 'r', 'x', 'y',
  // how a rasteriser anti-aliases or blends: nothing a PDF says (its viewer decides)
  'shape-rendering', 'color-rendering', 'color-interpolation', 'buffered-rendering',
]);

/**
 * The SVG properties the page's CSS gives an inline `<svg>` and its elements, as a browser
 * cascades them (`.icon { fill: teal }`, `svg path { stroke: currentColor }`, `.from { stop-color:
 * red }`): cascaded as custom properties of the same name (which `var()` cannot name), read by the
 * box builder (boxes/inline-svg.ts). The inherited ones inherit as custom properties do; the
 * others (NON_INHERITED_SVG_PROPERTIES) are registered as not inheriting (css/custom-properties.ts).
 * The `marker` shorthand comes first, so that the longhands written after it win in the drawing.
 */
export const INLINE_SVG_PROPERTIES: ReadonlySet<string> = new Set([
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-opacity', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'clip-rule', 'text-anchor', 'dominant-baseline',
  'marker', 'marker-start', 'marker-mid', 'marker-end', 'stop-color', 'stop-opacity',
  'alignment-baseline', 'baseline-shift', 'vector-effect', 'mask-type', 'rx', 'ry', 'cx', 'cy', 'r', 'x', 'y',
  'color-interpolation-filters', 'flood-color', 'flood-opacity', 'lighting-color',
]);

/** The SVG properties of INLINE_SVG_PROPERTIES that do not inherit (SVG 2 §13.2.2 gradient stops, §11.10.2.6, the geometry properties). */
export const NON_INHERITED_SVG_PROPERTIES: ReadonlySet<string> = new Set(['stop-color', 'stop-opacity', 'alignment-baseline', 'baseline-shift', 'vector-effect', 'mask-type', 'rx', 'ry', 'cx', 'cy', 'r', 'x', 'y',
  'flood-color', 'flood-opacity', 'lighting-color']);

/**
 * Properties without a prefix that word processors write into the HTML they save, for themselves
 * or for Internet Explorer, and that no browser reads: Word's tab stops and default tab width (its
 * HTML carries each tab as a span of spaces, `mso-tab-count`), its underline style beside
 * `text-decoration`, IE's East Asian layout grid, justification and punctuation properties, and LibreOffice's
 * `so-language` on every link. Dropped silently, as Chromium drops them (`mso-` ones too).
 */
const OTHER_PROGRAM_PROPERTIES: ReadonlySet<string> = new Set([
  'tab-stops', 'tab-interval', 'text-underline', 'text-line-through',
  'layout-grid', 'layout-grid-mode', 'layout-grid-type', 'layout-grid-line', 'layout-grid-char', 'punctuation-wrap',
  'text-justify-trim', 'text-kashida-space', 'so-language',
]);

/**
 * Internet Explorer's words for standard properties, which Word writes on every justified
 * paragraph (`text-justify: inter-ideograph`) and on East Asian text (`text-autospace: none`):
 * invalid in CSS Text and dropped silently, as Chromium drops them, like other engines' values.
 */
const OTHER_PROGRAM_VALUES: Readonly<Record<string, readonly string[]>> = {
  'text-justify': ['inter-ideograph', 'inter-cluster', 'newspaper', 'distribute-all-lines', 'kashida'],
  'text-autospace': ['none'],
};

/** Whether `text` is Internet Explorer's word for the property `name` (OTHER_PROGRAM_VALUES). */
export function isOtherProgramsValue(name: string, text: string): boolean {
  return OTHER_PROGRAM_VALUES[name]?.includes(text.trim().toLowerCase()) ?? false;
}

/**
 * Another engine's or program's property: a vendor prefix, Microsoft Office's `mso-` of HTML saved
 * from Word and Outlook, or one of OTHER_PROGRAM_PROPERTIES.
 */
export function isOtherProgramsProperty(name: string): boolean {
  return /^-(webkit|moz|ms|o|epub|apple|khtml|wap|xv|prince|fs)-/.test(name) || name.startsWith('mso-') || OTHER_PROGRAM_PROPERTIES.has(name);
}
