import { describe, expect, it } from 'vitest';
import { templateHarness } from './harness.js';
import { createTemplateCache } from '../../src/template/render.js';
import { BUILTIN_ARITY, OCTAVO_HELPERS } from '../../src/template/helpers/index.js';
import { OctavoError } from '../../src/errors.js';
import { DEFAULT_LIMITS } from '../../src/options.js';

const { render, failure } = templateHarness('invoice.html');

describe('template rendering', () => {
  it('fills fields, escapes {{ }} and keeps {{{ }}} raw', async () => {
    expect(await render('<p>{{name}}</p>{{{html}}}', { name: 'A & <B>', html: '<b>x</b>' }))
      .toBe('<p>A &amp; &lt;B&gt;</p><b>x</b>');
  });

  it('caches compiled templates but renders each call with its own data', async () => {
    const local = createTemplateCache();
    expect(await local.render({ source: '{{x}}', data: { x: 1 }, name: 't' })).toBe('1');
    expect(await local.render({ source: '{{x}}', data: { x: 2 }, name: 't' })).toBe('2');
  });
});

describe('a template without Handlebars syntax', () => {
  /** The slow path: parsed, checked and compiled by Handlebars, then run. */
  const compiled = (source: string): string => createTemplateCache().compile(source, 't').template({});
  const plain = (source: string): Promise<string> => createTemplateCache().render({ source, data: {}, name: 't' });

  it('prints what Handlebars prints for it: itself', async () => {
    const sources = ['', 'x', '<p>a & b</p>', '}}', '{ {', 'a{', '{', '}', '\\', '<p>\\</p>', '\r\n\r', '\uFEFFa', '<a href="{x}">{}</a>', '-- --}}', '<!-- x -->'];
    for (const source of sources) expect(await plain(source)).toBe(compiled(source));
  });

  it('is the same as the compiled path over random mixes of braces, backslashes and line breaks', async () => {
    const alphabet = ['{', '}', '\\', '\r', '\n', ' ', 'a', '<', '>', '!', '-', '#', '/', '&', '"', '~', '>'];
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 500; i++) {
      const source = Array.from({ length: 1 + random(24) }, () => alphabet[random(alphabet.length)]!).join('');
      if (source.includes('{{')) continue;
      expect(await plain(source)).toBe(compiled(source));
    }
  });

  it('leaves a NUL to Handlebars, which refuses it as before', async () => {
    await expect(plain('a\0b')).rejects.toThrow(/invalid Handlebars syntax/);
  });

  it('keeps the output limit, with the same error', async () => {
    const local = createTemplateCache({ ...DEFAULT_LIMITS, maxTemplateOutputBytes: 10 });
    const failure = (source: string): Promise<OctavoError> => local.render({ source, data: {}, name: 'big.html' }).then(() => expect.fail('rendered'), (e: unknown) => e as OctavoError);
    const fast = await failure('x'.repeat(11));
    const slow = await failure('x'.repeat(11) + '{{! a comment prints nothing }}');
    expect(fast).toBeInstanceOf(OctavoError);
    expect(fast.message).toBe('the template writes more than 10 characters (limits.maxTemplateOutputBytes = 10)');
    expect([fast.code, fast.message, fast.location]).toEqual([slow.code, slow.message, slow.location]);
  });
});

describe("Handlebars' own semantics for missing fields", () => {
  it('prints nothing for a missing field, also below a missing parent', async () => {
    expect(await render('[{{note}}][{{customer.name}}][{{a.b.c}}]', {})).toBe('[][][]');
  });

  it('treats a missing field as false in #if and as empty in #each', async () => {
    expect(await render('{{#if note}}yes{{else}}no{{/if}}|{{#if c.vat}}v{{/if}}|{{#each items}}x{{else}}none{{/each}}', {}))
      .toBe('no||none');
  });

  it('strict mode makes a missing field an error with file, line and column', async () => {
    const error = await failure('<h1>Invoice</h1>\n<p>  {{customer.name}}</p>', { customer: {} }, { strict: true });
    expect(error.code).toBe('template_runtime');
    expect(error.message).toBe('"customer.name" is not defined in the data');
    expect(error.location).toBe('invoice.html:2:6');
    expect(error.hint).toContain('{{default field ""}}');
  });

  it('strict mode locates a miss inside #each at the inner mustache', async () => {
    const error = await failure('{{#each items}}\n  <td>{{price}}</td>\n{{/each}}', { items: [{}] }, { strict: true });
    expect([error.code, error.line, error.column]).toEqual(['template_runtime', 2, 7]);
  });

  it('strict mode still lets #if and default test optional fields', async () => {
    expect(await render('{{#if note}}{{note}}{{else}}none{{/if}}|{{default note "—"}}', {}, { strict: true })).toBe('none|—');
  });

  it('strict mode locates a missing parent in a helper argument', async () => {
    const error = await failure('line 1\n{{#if customer.vat}}x{{/if}}', {}, { strict: true });
    expect([error.code, error.line, error.column]).toEqual(['template_runtime', 2, 7]);
    expect(error.message).toContain('"vat"');
  });
});

describe('fields win over helpers of the same name', () => {
  it('prints the fields of {{#with customer}}{{first}} {{last}}{{/with}}', async () => {
    expect(await render('{{#with customer}}{{first}} {{last}}{{/with}}', { customer: { first: 'Ada', last: 'Lovelace' } }))
      .toBe('Ada Lovelace');
  });

  it.each([...OCTAVO_HELPERS.keys(), ...BUILTIN_ARITY.keys()])('a field named %s prints the field', async (name) => {
    expect(await render(`{{#with row}}[{{${name}}}]{{/with}}`, { row: { [name]: `value of ${name}` } })).toBe(`[value of ${name}]`);
    expect(await render(`[{{${name}}}]`, {})).toBe('[]'); // and without the field, nothing
  });

  it('prints {{raw}} with {"raw": "x"} (a block helper name, as a plain mustache, is a field)', async () => {
    expect(await render('{{raw}}|{{each}}|{{if}}', { raw: 'x', each: 'e', if: 'i' })).toBe('x|e|i');
  });

  it.each([
    ['{{each items}}', 1, 1, '{{#each items}}...{{/each}}'],
    ['<p>\n  {{if paid}}', 2, 3, '{{#if paid}}...{{/if}}'],
    ['{{formatNumber (with customer)}}', 1, 16, '{{#with customer}}...{{/with}}'],
  ])('a block-only helper used as a mustache (%s) is a located error that shows the block', async (source, line, column, block) => {
    const error = await failure(source, { items: [], paid: true, customer: {} });
    expect([error.code, error.line, error.column]).toEqual(['template_syntax', line, column]);
    expect(error.message).toMatch(/is a block helper and cannot be used inside a mustache or as an argument$/);
    expect(error.hint).toBe(`write it as a block: ${block}`);
  });

  it('still calls the helper when the mustache has arguments', async () => {
    expect(await render('{{first items}}/{{first}}', { items: ['x', 'y'], first: 'F' })).toBe('x/F');
  });

  it('strict mode reports a missing field named like a helper as a missing field', async () => {
    const error = await failure('{{sum}}', {}, { strict: true });
    expect([error.code, error.message]).toEqual(['template_runtime', '"sum" is not defined in the data']);
  });
});

describe('Handlebars built-ins and syntax', () => {
  it.each([
    ['each with @index, @first, @last and ../', '{{#each items}}{{@index}}{{#if @first}}^{{/if}}{{name}}/{{../cur}}{{#if @last}}${{/if}};{{/each}}',
      { cur: 'EUR', items: [{ name: 'a' }, { name: 'b' }] }, '0^a/EUR;1b/EUR$;'],
    ['each over an object with @key', '{{#each totals}}{{@key}}={{this}} {{/each}}', { totals: { net: 10, vat: 2 } }, 'net=10 vat=2 '],
    ['each {{else}}', '{{#each items}}x{{else}}empty{{/each}}', { items: [] }, 'empty'],
    ['block params', '{{#each items as |item i|}}{{i}}:{{item.name}} {{/each}}', { items: [{ name: 'a' }, { name: 'b' }] }, '0:a 1:b '],
    ['with and its else', '{{#with c}}{{name}}{{else}}none{{/with}}|{{#with d}}x{{else}}none{{/with}}', { c: { name: 'C' } }, 'C|none'],
    ['with block params', '{{#with customer as |c|}}{{c.name}}{{/with}}', { customer: { name: 'N' } }, 'N'],
    ['unless', '{{#unless paid}}due{{/unless}}', { paid: false }, 'due'],
    ['else if chains', '{{#if a}}A{{else if b}}B{{else}}C{{/if}}', { b: 1 }, 'B'],
    ['lookup', '{{lookup labels lang}}|{{lookup items 1}}', { labels: { de: 'Rechnung' }, lang: 'de', items: ['x', 'y'] }, 'Rechnung|y'],
    ['context blocks', '{{#person}}{{name}}{{/person}}', { person: { name: 'P' } }, 'P'],
    ['whitespace control', '<ul>\n  {{~#each xs~}}\n  <li>{{this}}</li>\n  {{~/each~}}\n</ul>', { xs: [1, 2] }, '<ul><li>1</li><li>2</li></ul>'],
    ['raw blocks', '{{{{raw}}}}{{not processed}}{{{{/raw}}}}', {}, '{{not processed}}'],
    ['comments', 'a{{! short }}b{{!-- long {{with}} mustaches --}}c', {}, 'abc'],
    ['escaped mustaches', '\\{{name}}', { name: 'x' }, '{{name}}'],
    ['inline partials', '{{#*inline "row"}}[{{this}}]{{/inline}}{{#each xs}}{{> row}}{{/each}}', { xs: [1, 2] }, '[1][2]'],
    ['inline partials with a context and hash', '{{#*inline "p"}}{{name}}{{sep}}{{/inline}}{{> p c sep="!"}}', { c: { name: 'n' } }, 'n!'],
    ['partial blocks', '{{#*inline "box"}}<b>{{> @partial-block}}</b>{{/inline}}{{#> box}}in{{/box}}', {}, '<b>in</b>'],
    ['subexpressions', '{{#if (and (gt total 0) (not paid))}}due{{/if}}', { total: 5, paid: false }, 'due'],
    ['literals', '{{default missing 12}} {{default missing true}} {{default missing null}}|{{default missing "s"}}', {}, '12 true |s'],
  ])('%s', async (_title, source, data, expected) => {
    expect(await render(source, data)).toBe(expected);
  });

  it('sends {{log}} to the diagnostics with its location', async () => {
    const logged: unknown[] = [];
    const out = await render('a\n  {{log "total is" total level="warn"}}b', { total: 3 }, { log: (message, where) => logged.push({ message, ...where }) });
    expect(out).toBe('a\n  b');
    expect(logged).toEqual([{ message: 'total is 3', file: 'invoice.html', line: 2, column: 3 }]);
  });
});

describe('template errors in human words', () => {
  it('reports an unclosed {{#if}} at that {{#if}}', async () => {
    const error = await failure('<p>\n  {{#each items}}\n    {{#if paid}}x\n  {{/each}}', {});
    expect(error.message).toBe('{{#if}} is closed by {{/each}} at line 4, column 3');
    expect([error.code, error.location]).toEqual(['template_syntax', 'invoice.html:3:5']);
    expect(error.hint).toBe('close {{#if}} with {{/if}} before {{/each}}');
    const unclosed = await failure('<p>\n  {{#if paid}}\n  paid\n</p>\n');
    expect([unclosed.message, unclosed.location, unclosed.hint]).toEqual(['{{#if}} is never closed', 'invoice.html:2:3', 'add {{/if}} where the block ends']);
  });

  it('names both blocks of a mismatched close', async () => {
    const error = await failure('{{#if a}}\nx\n{{/each}}', { a: true });
    expect([error.code, error.message, error.line, error.column]).toEqual(['template_syntax', '{{#if}} is closed by {{/each}} at line 3, column 1', 1, 1]);
  });

  it('finds the unclosed block past comments, raw blocks and inline partials', async () => {
    const error = await failure('{{!-- {{#each}} --}}{{{{raw}}}}{{#with}}{{{{/raw}}}}{{#*inline "r"}}x{{/inline}}\n{{#unless x}}');
    expect([error.message, error.line, error.column]).toEqual(['{{#unless}} is never closed', 2, 1]);
  });

  it('reports an unclosed mustache with its line and column', async () => {
    const error = await failure('<p>ok</p>\n<p>{{name</p>');
    expect([error.code, error.file, error.line]).toEqual(['template_syntax', 'invoice.html', 2]);
    expect(error.column).toBeGreaterThanOrEqual(4);
    expect(error.message).toMatch(/invalid Handlebars syntax/);
  });

  it('reports an unknown helper at compile time, even in an untaken branch', async () => {
    const error = await failure('{{#if false}}\n  {{frobnicate total 2}}\n{{/if}}');
    expect([error.code, error.message, error.location]).toEqual(['template_syntax', "unknown helper 'frobnicate'", 'invoice.html:2:3']);
    const sub = await failure('{{#if (isPaid status)}}x{{/if}}');
    expect([sub.code, sub.line, sub.column]).toEqual(['template_syntax', 1, 7]);
  });

  it('checks helper arity and options', async () => {
    expect((await failure('{{#if}}x{{/if}}')).message).toBe("helper 'if' expects 1 argument, got 0");
    expect((await failure('{{formatNumber 1 2 "en" 4}}')).message).toBe("helper 'formatNumber' expects 1 to 3 arguments, got 4");
    expect((await failure('{{formatNumber 1 digits=2}}')).message).toContain("no option 'digits'");
    expect((await failure('{{#if (first)}}x{{/if}}')).message).toBe("helper 'first' expects 1 argument, got 0");
  });

  it('reports a partial found nowhere, and dynamic partials', async () => {
    const error = await failure('a\n{{> header}}');
    expect([error.code, error.location, error.message]).toEqual(['template_syntax', 'invoice.html:2:1', "unknown partial 'header'"]);
    expect(error.hint).toContain('partials/header.html');
    expect((await failure('{{> (whichPartial)}}')).message).toBe('dynamic partials are not supported');
  });

  it('turns runaway recursion into limit_exceeded at the recursive call (was a stack overflow)', async () => {
    const error = await failure('{{#*inline "loop"}}{{> loop}}{{/inline}}{{> loop}}');
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toBe("partial 'loop' recurses more than 100 calls deep (limits.maxPartialDepth = 100)");
    expect([error.line, error.column]).toEqual([1, 20]);
  });

  it('does not cache a failed compilation as a success', async () => {
    const local = createTemplateCache();
    await expect(local.render({ source: '{{#if}}', data: {}, name: 't' })).rejects.toThrow(OctavoError);
    await expect(local.render({ source: '{{#if}}', data: {}, name: 't' })).rejects.toThrow(OctavoError);
  });
});

describe('prototype access is blocked', () => {
  it('prints nothing for constructor, __proto__ and prototype methods', async () => {
    expect(await render('[{{constructor}}][{{__proto__}}][{{toString}}][{{constructor.name}}]')).toBe('[][][][]');
    expect(await render('[{{lookup this "constructor"}}][{{lookup (lookup this "constructor") "prototype"}}]')).toBe('[][]');
    expect(await render('{{#with this.constructor}}[{{this}}]{{/with}}')).toBe('');
    expect(await render('[{{items.constructor}}]', { items: [] })).toBe('[]');
    expect(await render('[{{lookup name "constructor"}}]', { name: 'x' })).toBe('[]');
    expect((await failure('{{constructor.name}}', {}, { strict: true })).code).toBe('template_runtime');
  });

  it('cannot reach Function through a helper result', async () => {
    expect(await render('[{{lookup (first items) "constructor"}}]', { items: [{}] })).toBe('[]');
    expect(await render('[{{#with (lookup this "__proto__")}}{{hasOwnProperty}}{{/with}}]')).toBe('[]');
    expect(await render('[{{#with (first items)}}{{constructor.constructor}}{{/with}}]', { items: [{}] })).toBe('[]');
  });

  it('reads own data properties named like prototype members', async () => {
    expect(await render('{{constructor}}', JSON.parse('{"constructor":"own"}'))).toBe('own');
  });
});
