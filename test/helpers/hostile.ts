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
