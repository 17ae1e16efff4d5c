/**
 * Hostile templates, written as an attacker would (issue 26): each one expands exponentially,
 * loops over loops, recurses or nests past what a parser can take. Shared by the library, CLI
 * and service tests, which all expect the typed error named here.
 */
export interface HostileTemplate {
  readonly name: string;
  readonly template: string;
  readonly data?: unknown;
  /** The limit that must refuse it (`limit_exceeded` naming it). */
  readonly limit: string;
  /** `line:column` the error must point at, when the limit has a place. */
  readonly at?: string;
}

const thousand = Array.from({ length: 1000 }, (_, index) => index);

/** Inline partials e0…e40, each calling the previous one twice: 2^40 calls of e0. */
function doubling(body: string): string {
  let source = `{{#*inline "e0"}}${body}{{/inline}}`;
  for (let level = 1; level <= 40; level++) source += `{{#*inline "e${level}"}}{{> e${level - 1}}}{{> e${level - 1}}}{{/inline}}`;
  return `${source}{{> e40}}`;
}

export const HOSTILE_TEMPLATES: readonly HostileTemplate[] = [
  { name: 'partials e0…e40 doubling, writing text', template: doubling('<p>'.padEnd(1000, 'x') + '</p>'), limit: 'maxTemplateOutputBytes' },
  { name: 'partials e0…e40 doubling, writing nothing', template: doubling(''), limit: 'maxTemplateSteps' },
  {
    name: 'three nested each over 1,000 items',
    template: '{{#each a}}{{#each ../a}}{{#each ../../a}}<b>{{this}}</b>{{/each}}{{/each}}{{/each}}', data: { a: thousand }, limit: 'maxTemplateSteps',
  },
  {
    name: 'each over 200,000 items of ten mustaches writing nothing',
    template: `{{#each big}}${'{{a}}{{b}}'.repeat(5)}{{/each}}`, data: { big: Array.from({ length: 200_000 }, () => ({})) }, limit: 'maxTemplateSteps',
  },
  {
    name: 'two nested each over 1,000 items with a long body',
    template: `{{#each a}}{{#each ../a}}<p>${'y'.repeat(200)}{{this}}</p>{{/each}}{{/each}}`, data: { a: thousand }, limit: 'maxTemplateOutputBytes',
  },
  { name: 'if nested 20,000 deep', template: '{{#if a}}'.repeat(20_000) + 'x' + '{{/if}}'.repeat(20_000), data: { a: 1 }, limit: 'maxTemplateNesting', at: '1:1153' },
  { name: 'if nested 1,000 deep', template: '{{#if a}}'.repeat(1000) + 'x' + '{{/if}}'.repeat(1000), data: { a: 1 }, limit: 'maxTemplateNesting', at: '1:1153' },
  {
    name: 'else-if chain 20,000 long',
    template: '{{#if a}}a' + '{{else if b}}b'.repeat(20_000) + '{{/if}}', limit: 'maxTemplateNesting', at: '1:1789',
  },
  { name: 'subexpressions nested 20,000 deep', template: '{{uppercase ' + '(uppercase '.repeat(20_000) + '"x"' + ')'.repeat(20_000) + '}}', limit: 'maxSubexpressionDepth', at: '1:717' },
  { name: 'a partial calling itself', template: '{{#*inline "me"}}<i>{{> me}}</i>{{/inline}}\n{{> me}}', limit: 'maxPartialDepth', at: '1:21' },
  {
    name: 'two partials calling each other',
    template: '{{#*inline "ping"}}{{> pong}}{{/inline}}{{#*inline "pong"}}{{#if true}}{{> ping}}{{/if}}{{/inline}}{{> ping}}', limit: 'maxPartialDepth', at: '1:72',
  },
];

/** A hostile document (HTML and CSS) that must end in a PDF with the given warning, or in `limit`. */
export interface HostileDocument {
  readonly name: string;
  readonly template: string;
  readonly data?: unknown;
  /** The limit that must refuse it, when it is refused. */
  readonly limit?: string;
  /** A warning code and a piece of its message, when it renders. */
  readonly warning?: { readonly code: string; readonly contains: string; readonly line?: number };
}

/** `--v0` … `--v40`, each twice the previous: 2^40 times the first value once substituted. */
function doublingProperties(selector: string, elements: number, html = ''): string {
  let css = `${selector} { --v0: "Something really really really long";`;
  for (let level = 1; level <= 40; level++) css += ` --v${level}: var(--v${level - 1}) var(--v${level - 1});`;
  return `${html}<style>${css} } p::before { content: var(--v40); } p { margin-left: var(--v39, 1px); }</style>${'<p>x</p>'.repeat(elements)}`;
}

export const HOSTILE_DOCUMENTS: readonly HostileDocument[] = [
  {
    name: 'custom properties doubling 40 times on the root', template: doublingProperties(':root', 1),
    warning: { code: 'css_invalid_value', contains: 'limits.maxCustomPropertyLength = 65536' },
  },
  {
    name: 'custom properties doubling 40 times on every one of 2,000 elements', template: doublingProperties('*', 2000, '<html lang="en">\n'),
    warning: { code: 'css_invalid_value', contains: 'limits.maxCustomPropertyLength = 65536', line: 1 },
  },
];

const repeatText = (count: number, make: (index: number) => string): string => Array.from({ length: count }, (_, index) => make(index)).join('');

/** 12 levels of `<g>`, each `<use>`-ing the level below 10 times: 10^12 copies of the leaf. */
export function useBomb(): string {
  let defs = '<g id="g0"><rect width="1" height="1"/></g>';
  for (let level = 1; level <= 12; level++) defs += `<g id="g${level}">${repeatText(10, () => `<use href="#g${level - 1}"/>`)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs>${defs}</defs><use href="#g12"/></svg>`;
}

export const HOSTILE_LAYOUTS: readonly HostileDocument[] = [
  {
    name: 'grid-template-columns: repeat(1000000, 1px)',
    template: '<div style="display: grid; grid-template-columns: repeat(1000000, 1px); grid-template-rows: repeat(1000000, 1px)"><i>a</i><i>b</i></div>',
  },
  {
    name: 'grid items at extreme line numbers',
    template: '<div style="display: grid"><i style="grid-column: 99999999">a</i><i style="grid-row: -99999999 / span 99999999">b</i>'
      + '<i style="grid-column: span 99999999 / -99999999; grid-row: 99999999 x / span 99999999 y">c</i><i style="grid-area: 1 / 1 / 99999999 / 99999999">d</i></div>',
  },
  {
    name: '50,000 counter names on 200 elements',
    template: `<style>p { counter-reset: ${repeatText(50_000, (i) => `c${i} `)}; counter-increment: ${repeatText(250, (i) => `c${i * 200} `)}}</style>${'<p>x</p>'.repeat(200)}`,
    limit: 'maxCounters',
  },
  {
    name: 'a 330 KB word under hyphens: auto',
    template: `<html lang="en">\n<p style="hyphens: auto; width: 200px">${'hyphenation'.repeat(30_000)}</p></html>`,
    warning: { code: 'css_unsupported', contains: 'a word longer than 100 letters is not hyphenated', line: 2 },
  },
  {
    name: '100,000 elements with page-break-after: always',
    template: `<style>p { page-break-after: always }</style>${'<p>x</p>'.repeat(100_000)}`, limit: 'maxPages',
  },
  {
    name: 'a million-cell table',
    template: `<table>{{#each rows}}<tr>${'<td>1</td>'.repeat(1000)}</tr>{{/each}}</table>`, data: { rows: thousand }, limit: 'maxBoxes',
  },
  { name: 'an inline SVG <use> bomb', template: useBomb(), limit: 'maxSvgUseElements' },
  {
    name: 'an SVG <use> bomb through <img>',
    template: `<img src="data:image/svg+xml;base64,${Buffer.from(useBomb()).toString('base64')}">`, limit: 'maxSvgUseElements',
  },
  {
    name: '200,000 nested <g> in an SVG file through <img>',
    template: `<img src="data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(200_000)}${'</g>'.repeat(200_000)}</svg>`).toString('base64')}">`,
    limit: 'maxNestingDepth',
  },
];

/** Documents whose cost grew faster than their size in a third-party library's or octavo's own paint and CSS code. */
export const HOSTILE_COSTS: readonly HostileDocument[] = [
  {
    // each float copied the list of those placed before it, and each placement walked them all (17 s, 2.6 GB)
    name: '20,000 floats of 1px on one page',
    template: `<!DOCTYPE html><div>${'<div style="float: left; width: 1px; height: 1px"></div>'.repeat(20_000)}</div>`,
  },
  {
    // each css-tree syntax error split the whole stylesheet into lines (20,000: 38 s)
    name: '10,000 @supports rules css-tree recovers from, in one stylesheet',
    template: `<!DOCTYPE html><style>${repeatText(10_000, (i) => `@supports ((display: grid) or (not (display: x${i}))) { .c${i} { color: red } }`)}</style><p class="c5">x`,
  },
  {
    // every small value parsed after it cleared css-tree's buffers of its size (11 s)
    name: 'a style attribute of 60,000 quirks-mode declarations',
    // (not the string test/css/perf.test.ts parses: the style-attribute cache is per process)
    template: `<div style="${'width: 2e9; margin: -2e9; color: fffffe; '.repeat(20_000)}">x</div>`,
  },
  {
    // each line's mask was the largest one, its coverage read every edge per row (22 s)
    name: 'text-shadow blurred by 100,000px on 2,000 words',
    template: `<!DOCTYPE html><p style="text-shadow: 0 0 100000px red">${'word '.repeat(2000)}</p>`,
  },
  {
    // each tile was a shading, named by counting the page's (20,000px: 26 s, 20 MB)
    name: 'a 1px gradient spaced over 10,000px',
    template: '<!DOCTYPE html><div style="height: 10000px; background: linear-gradient(red, blue) 0 0 / 1px 1px space">x</div>',
  },
  {
    // each class test searched the whole 70 kB class attribute (19 s)
    name: '20 elements of 10,000 classes each, against 10,000 two-class rules',
    template: `<!DOCTYPE html><style>${repeatText(10_000, (i) => `.c${i}.c${i + 1} { color: red }`)}</style>${`<p class="${repeatText(10_000, (i) => `c${i} `)}">x</p>`.repeat(20)}`,
  },
  {
    // each test scanned the siblings and matched S against each (7.3 s)
    name: ':nth-child(An+B of S) over 10,000 siblings',
    template: `<!DOCTYPE html><style>li:nth-child(2n+1 of .a) { color: red } li:nth-last-child(3n of .a, .b) { color: blue }</style><ul>${'<li class="a">x<li class="b">y'.repeat(5000)}</ul>`,
  },
  {
    // each page listed the children still to come (200,000: 17 s before the page limit ended it)
    name: '200,000 fixed-height blocks, past the page limit',
    template: `<!DOCTYPE html><style>div { height: 10px }</style>${'<div></div>'.repeat(200_000)}`,
    limit: 'maxPages',
  },
  {
    // each page compared its break token with the last one by copying its path at every level (7 s)
    name: '5,000 paragraphs 200 blocks deep',
    template: `<!DOCTYPE html>${'<div>'.repeat(200)}${repeatText(5_000, (i) => `<p>line ${i}</p>`)}${'</div>'.repeat(200)}`,
  },
  {
    // each page sorted the items again and turned all of them into boxes to place (22 s)
    name: 'a flex column of 20,000 items, past the page limit',
    template: `<!DOCTYPE html><style>i { display: block; height: 100px }</style><div style="display: flex; flex-direction: column">${'<i></i>'.repeat(20_000)}</div>`,
    limit: 'maxPages',
  },
  {
    // each child searched the children placed before it for one that takes room (minutes)
    name: '100,000 empty blocks whose margins collapse through them',
    template: `<!DOCTYPE html>${'<div style="margin: 1px"></div>'.repeat(100_000)}`,
  },
  {
    // a curve per wave of the wavy line: 10^8 of them filled the heap (FUZZ_SEED=8814)
    name: 'a wavy underline under a line 1e9px wide',
    template: '<!DOCTYPE html><p style="text-decoration: underline wavy; white-space: nowrap; word-spacing: 1e9px">a b</p>',
    warning: { code: 'layout', contains: 'what is beyond is cut', line: 1 },
  },
  {
    // columns sized again at the rows for each logo laid each level's subtree out at two widths (60 s, 3.3 GB)
    name: '240 fixed-height grids nested, each with a logo at a percentage height',
    template: `<!DOCTYPE html>${repeatText(240, (i) => `<div style="display: grid; height: ${300 - i}px; grid-template-columns: auto 1fr"><img style="height: 50%" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='200' height='100'/%3E">`)}x${'</div>'.repeat(240)}`,
    // 240 logos side by side
    warning: { code: 'layout', contains: 'what is beyond is cut', line: 1 },
  },
  {
    // each grid sized its columns again at its rows and measured its inner grid at one more width per level (4.3 s, 490 MB)
    name: '240 fixed-height grids nested, each with a 2:1 box',
    template: `<!DOCTYPE html>${repeatText(240, (i) => `<div style="display: grid; height: ${300 - i}px; grid-template-columns: auto 1fr"><div style="aspect-ratio: 2; background: teal"></div>`)}x${'</div>'.repeat(240)}`,
    warning: { code: 'layout', contains: 'what is beyond is cut', line: 1 },
  },
  {
    // the same with heights that are auto when measured: each level's inner grids at many widths (over 60 s, 3.8 GB)
    name: '240 grids nested, each with a 2:1 box, at heights a percentage makes auto',
    template: `<!DOCTYPE html>${repeatText(240, (i) => `<div style="display: grid; height: calc(300px - ${i}px + 1%); grid-template-columns: auto 1fr"><div style="aspect-ratio: 2; background: teal"></div>`)}x${'</div>'.repeat(240)}`,
    warning: { code: 'layout', contains: 'grid sizing: 100000 boxes were laid out again', line: 1 },
  },
  {
    // each level's inner grid measured at the widths of both sizing passes of every level above it: 2^depth
    name: '120 grids nested, each with a logo at a percentage height beside a padded block',
    template: `<!DOCTYPE html>${repeatText(120, (i) => `<div style="display: grid; grid-template-columns: auto 1fr"><img style="height: 50%" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='200' height='100'/%3E"><div style="padding-top: ${i % 7}px">`)}x${'</div></div>'.repeat(120)}`,
    warning: { code: 'layout', contains: 'grid sizing: 100000 boxes were laid out again', line: 1 },
  },
  {
    // each one copied the list of those before it, and every copy was kept (20,000: 14 s, over 2 GB)
    name: '12,000 absolutely positioned children of one block',
    template: `<!DOCTYPE html><div style="position: relative">${repeatText(12_000, (i) => `<div style="position: absolute; top: ${i}px; left: ${i % 500}px">x</div>`)}</div>`,
  },
];
