import { describe, expect, it } from 'vitest';
import { missingFields } from '../../src/template/fields.js';
import { parse } from '../../src/template/parse.js';

const missing = (source: string, sample: unknown): string[] => missingFields(parse(source, 't'), sample).map((m) => `${m.path}@${m.line}:${m.column}`);

describe('fields the sample payload lacks', () => {
  it('follows each, with, block params and ../', () => {
    const source = '{{#each items}}{{name}}{{vat}}{{../currency}}{{../shop}}{{/each}}'
      + '{{#with customer}}{{first}}{{last}}{{/with}}{{#each items as |it|}}{{it.sku}}{{/each}}';
    expect(missing(source, { currency: 'EUR', items: [{ name: 'a' }], customer: { first: 'A' } }))
      .toEqual(['vat@1:24', '../shop@1:46', 'last@1:93', 'it.sku@1:133']);
  });

  it('does not report tested or guarded fields, helper names or @data', () => {
    const source = '{{#if note}}{{note}}{{/if}}{{#unless paid}}x{{/unless}}{{default ref "-"}}{{#each xs}}{{@index}}{{/each}}'
      + '{{formatNumber total}}{{#person}}{{name}}{{/person}}';
    expect(missing(source, { xs: [] })).toEqual(['total@1:121']);
  });

  it('reports helper arguments and subexpressions, once per path', () => {
    expect(missing('{{formatCurrency (multiply qty price) cur}}\n{{qty}}', { price: 1 })).toEqual(['qty@1:28', 'cur@1:39']);
  });

  it('does not guess below an empty list or a missing parent', () => {
    expect(missing('{{#each items}}{{anything}}{{/each}}{{a.b.c}}', { items: [] })).toEqual(['a.b.c@1:37']);
  });
});
