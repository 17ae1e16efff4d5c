/**
 * fast-check arbitraries for fuzzing the engine: HTML from a small vocabulary of elements,
 * attributes and CSS declarations (valid and broken values), Handlebars templates with
 * payloads, and byte-level mutations of a real fixture template.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';

const TAGS = ['div', 'p', 'span', 'table', 'tr', 'td', 'th', 'ul', 'ol', 'li', 'h1', 'b', 'i', 'pre', 'br', 'img', 'section', 'thead', 'a'];
const PROPERTIES = [
  'display', 'width', 'height', 'margin', 'padding', 'border', 'color', 'background', 'font-size', 'font-family', 'font-weight',
  'line-height', 'float', 'position', 'top', 'left', 'break-before', 'break-after', 'break-inside', 'flex', 'flex-direction',
  'white-space', 'text-align', 'columns', 'transform', 'opacity', 'content', 'counter-increment', 'list-style', 'overflow',
];
const VALUES = [
  'block', 'inline', 'flex', 'table', 'none', 'grid', 'inline-block', 'list-item', '0', '-1px', '10px', '50%', '1e9px', 'auto', 'calc(100% - 3px)',
  'calc(1px / 0)', 'red', '#abc', 'rgb(1,2,3)', 'solid 3px blue', 'page', 'avoid', 'absolute', 'relative', 'fixed', 'row', 'column',
  'pre', 'nowrap', 'center', '3', 'rotate(45deg)', '0.5', '"x"', 'counter(a)', 'inherit', 'initial', ';;', '}', '{', '!important', '\\', 'url(x)',
];
const TEXT = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('Hello world', 'שלום', 'مرحبا', '日本語のテキスト', '&amp; &lt;b&gt;', '\u00ad\u200b\u202e', 'a'.repeat(200), '  \n\t '),
);

const declaration = fc.tuple(fc.constantFrom(...PROPERTIES), fc.constantFrom(...VALUES)).map(([p, v]) => `${p}: ${v}`);
const style = fc.array(declaration, { maxLength: 4 }).map((ds) => ds.join('; '));

const element: fc.Memo<string> = fc.memo((depth) => {
  const leaf = TEXT.map((t) => t.replace(/[<>]/g, ''));
  if (depth <= 1) return leaf;
  return fc.oneof(
    { weight: 1, arbitrary: leaf },
    {
      weight: 3,
      arbitrary: fc.tuple(fc.constantFrom(...TAGS), style, fc.array(element(depth - 1), { maxLength: 4 }), fc.boolean())
        .map(([tag, css, children, close]) => `<${tag} style="${css}">${children.join('')}${close ? `</${tag}>` : ''}`),
    },
  );
});

/** A document: an optional stylesheet of random rules plus random nested elements (some left unclosed). */
export function htmlDocument(): fc.Arbitrary<string> {
  const rule = fc.tuple(fc.constantFrom('*', 'p', 'div > span', 'td:nth-child(2n)', '@page', 'li::marker', 'p::before', '.x', ':root'), style)
    .map(([selector, css]) => `${selector} { ${css} }`);
  return fc.tuple(fc.array(rule, { maxLength: 5 }), fc.array(element(5), { minLength: 1, maxLength: 4 }))
    .map(([rules, body]) => `<style>${rules.join('\n')}</style>${body.join('')}`);
}

const MUSTACHES = [
  '{{name}}', '{{{name}}}', '{{#each items}}<li>{{this}}</li>{{/each}}', '{{#if flag}}yes{{else}}no{{/if}}', '{{items.length}}',
  '{{#with nested}}{{deep.value}}{{/with}}', '{{lookup items 0}}', '{{formatNumber amount}}', '{{formatDate when}}', '{{unknown}}',
  '{{#each}}', '{{/if}}', '{{', '}}', '{{> partial}}', '{{constructor}}', '{{__proto__}}', '{{#each items}}{{@index}}{{/each}}',
];

/** A template of random Handlebars pieces around HTML, with a random JSON payload. */
export function templateAndPayload(): fc.Arbitrary<{ template: string; data: unknown }> {
  const payload = fc.record({
    name: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    items: fc.oneof(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }), fc.string(), fc.constant(undefined)),
    flag: fc.jsonValue({ maxDepth: 1 }),
    nested: fc.jsonValue({ maxDepth: 3 }),
    amount: fc.oneof(fc.double(), fc.string(), fc.integer()),
    when: fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.integer()),
  }, { requiredKeys: [] });
  const template = fc.array(fc.oneof(fc.constantFrom(...MUSTACHES), element(3)), { minLength: 1, maxLength: 8 }).map((parts) => `<p>${parts.join('')}</p>`);
  return fc.record({ template, data: payload });
}

const fixture = readFileSync(new URL('../../fixtures/invoice/template.html', import.meta.url), 'utf8');
const fixtureData = JSON.parse(readFileSync(new URL('../../fixtures/invoice/data.json', import.meta.url), 'utf8')) as unknown;

/** The invoice fixture with random slices deleted, duplicated or replaced by random characters. */
export function mutatedTemplate(): fc.Arbitrary<{ template: string; data: unknown }> {
  const mutation = fc.tuple(fc.nat({ max: fixture.length }), fc.nat({ max: 200 }), fc.constantFrom('delete', 'duplicate', 'replace'), fc.string({ maxLength: 10 }));
  return fc.array(mutation, { minLength: 1, maxLength: 5 }).map((mutations) => {
    let text = fixture;
    for (const [at, length, kind, noise] of mutations) {
      const start = Math.min(at, text.length);
      const end = Math.min(text.length, start + length);
      const slice = text.slice(start, end);
      text = text.slice(0, start) + (kind === 'delete' ? '' : kind === 'duplicate' ? slice + slice : noise) + text.slice(end);
    }
    return { template: text, data: fixtureData };
  });
}
