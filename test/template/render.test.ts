import { describe, expect, it } from 'vitest';
import { createTemplateCache } from '../../src/template/render.js';
import { templateHarness } from './harness.js';
import { OctavoError } from '../../src/errors.js';

const { render, failure } = templateHarness('invoice.html');

describe('template rendering', () => {
  it('fills fields, escapes {{ }} and keeps {{{ }}} raw', () => {
    expect(render('<p>{{name}}</p>{{{html}}}', { name: 'A & <B>', html: '<b>x</b>' }))
      .toBe('<p>A &amp; &lt;B&gt;</p><b>x</b>');
  });

  it('iterates with each, @index and parent paths', () => {
    const out = render('{{#each items}}{{@index}}:{{name}}/{{../currency}};{{/each}}', {
      currency: 'EUR', items: [{ name: 'a' }, { name: 'b' }],
    });
    expect(out).toBe('0:a/EUR;1:b/EUR;');
  });

  it('supports context blocks and inline partials', () => {
    expect(render('{{#person}}{{name}}{{/person}}', { person: { name: 'P' } })).toBe('P');
    expect(render('{{#*inline "row"}}[{{this}}]{{/inline}}{{#each xs}}{{> row}}{{/each}}', { xs: [1, 2] })).toBe('[1][2]');
  });

  it('lets optional fields be tested with #if and default', () => {
    expect(render('{{#if note}}{{note}}{{else}}none{{/if}}|{{default note "—"}}', {})).toBe('none|—');
    expect(render('{{#if c.vat}}{{c.vat}}{{/if}}', { c: {} })).toBe('');
  });

  it('caches compiled templates but renders each call with its own data', () => {
    const local = createTemplateCache();
    expect(local.render('{{x}}', { x: 1 }, 't')).toBe('1');
    expect(local.render('{{x}}', { x: 2 }, 't')).toBe('2');
  });
});

describe('strict mode errors', () => {
  it('reports a missing field with file, line and column', () => {
    const error = failure('<h1>Invoice</h1>\n<p>  {{customer.name}}</p>', { customer: {} });
    expect(error.code).toBe('template_runtime');
    expect(error.message).toBe('"customer.name" is not defined (neither a data field nor a helper)');
    expect(error.location).toBe('invoice.html:2:6');
    expect(error.hint).toContain('default');
  });

  it('reports a missing field inside #each at the inner mustache', () => {
    const error = failure('{{#each items}}\n  <td>{{price}}</td>\n{{/each}}', { items: [{}] });
    expect([error.code, error.line, error.column]).toEqual(['template_runtime', 2, 7]);
  });

  it('locates a missing parent in a helper argument', () => {
    const error = failure('line 1\n{{#if customer.vat}}x{{/if}}');
    expect(error.code).toBe('template_runtime');
    expect(error.message).toContain('"vat"');
    expect([error.line, error.column]).toEqual([2, 7]);
  });
});

describe('syntax errors', () => {
  it('reports an unclosed mustache with its line and column', () => {
    const error = failure('<p>ok</p>\n<p>{{name</p>');
    expect(error.code).toBe('template_syntax');
    expect(error.file).toBe('invoice.html');
    expect(error.line).toBe(2);
    expect(error.column).toBeGreaterThanOrEqual(4);
    expect(error.message).toMatch(/invalid Handlebars syntax/);
  });

  it('reports a mismatched closing block', () => {
    const error = failure('{{#if a}}\nx\n{{/each}}', { a: true });
    expect(error.code).toBe('template_syntax');
    expect(error.line).toBeDefined();
    expect(error.message).toContain("doesn't match");
  });

  it('reports an unknown helper at compile time, even in an untaken branch', () => {
    const error = failure('{{#if false}}\n  {{frobnicate total 2}}\n{{/if}}');
    expect(error.code).toBe('template_syntax');
    expect(error.message).toBe("unknown helper 'frobnicate'");
    expect(error.location).toBe('invoice.html:2:3');
  });

  it('reports an unknown helper in a subexpression', () => {
    const error = failure('{{#if (isPaid status)}}x{{/if}}');
    expect([error.code, error.line, error.column]).toEqual(['template_syntax', 1, 7]);
  });

  it('reports an unknown helper without arguments as an undefined name', () => {
    const error = failure('\n {{frobnicate}}');
    expect([error.code, error.line, error.column]).toEqual(['template_runtime', 2, 2]);
    expect(failure('{{#each xs}}\n  {{frob}}{{/each}}', { xs: [1] }).column).toBe(3);
  });

  it('checks helper arity and options', () => {
    expect(failure('{{#if}}x{{/if}}').message).toBe("helper 'if' expects 1 argument, got 0");
    expect(failure('{{formatNumber 1 2 "en" 4}}').message).toBe("helper 'formatNumber' expects 1 to 3 arguments, got 4");
    expect(failure('{{formatNumber 1 digits=2}}').message).toContain("no option 'digits'");
    const shadow = failure('{{first}}', { first: 'Ada' });
    expect(shadow.hint).toContain('{{this.first}}');
    expect(render('{{this.first}}', { first: 'Ada' })).toBe('Ada');
  });

  it('refuses partials that would be loaded from elsewhere', () => {
    const error = failure('a\n{{> header}}');
    expect([error.code, error.line, error.message]).toEqual(['template_syntax', 2, "unknown partial 'header'"]);
    expect(failure('{{> (whichPartial)}}').message).toBe('dynamic partials are not supported');
  });

  it('turns runaway recursion into a template error', () => {
    const error = failure('{{#*inline "loop"}}{{> loop}}{{/inline}}{{> loop}}');
    expect(error.code).toBe('template_runtime');
    expect(error.message).toMatch(/call stack/i);
  });

  it('does not cache a failed compilation as a success', () => {
    const local = createTemplateCache();
    expect(() => local.render('{{#if}}', {}, 't')).toThrow(OctavoError);
    expect(() => local.render('{{#if}}', {}, 't')).toThrow(OctavoError);
  });
});

describe('prototype access is blocked', () => {
  it('prints nothing for constructor, __proto__ and prototype methods', () => {
    expect(render('[{{constructor}}][{{__proto__}}][{{toString}}]')).toBe('[][][]');
    // a denied prototype member is undefined, so reading below it is a strict-mode error
    expect(failure('{{constructor.name}}').message).toContain('"constructor.name" is not defined');
    expect(render('[{{lookup this "constructor"}}][{{lookup (lookup this "constructor") "prototype"}}]')).toBe('[][]');
    expect(render('{{#with this.constructor}}[{{this}}]{{/with}}')).toBe('');
    expect(render('[{{items.constructor}}]', { items: [] })).toBe('[]');
    expect(render('[{{lookup name "constructor"}}]', { name: 'x' })).toBe('[]');
  });

  it('cannot reach Function through a helper result', () => {
    expect(render('[{{lookup (first items) "constructor"}}]', { items: [{}] })).toBe('[]');
    expect(render('[{{#with (lookup this "__proto__")}}{{hasOwnProperty}}{{/with}}]')).toBe('[]');
  });

  it('reads own data properties named like prototype members', () => {
    expect(render('{{constructor}}', JSON.parse('{"constructor":"own"}'))).toBe('own');
  });
});
