/**
 * Helpers the caller registers on the engine (EngineOptions.helpers), written as for
 * Handlebars.registerHelper: escaping, SafeString, blocks, hashes, located failures, names that
 * cannot shadow octavo's, the step budget, and `octavo check`'s view of them.
 */
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import { createTemplateCache } from '../../src/template/render.js';
import type { TemplateHelper } from '../../src/options.js';
import { OctavoError } from '../../src/errors.js';
import { analyzeTemplate } from '../../src/template/analyze.js';
import { helperCatalog } from '../../src/template/helpers/index.js';
import { missingFields } from '../../src/template/fields.js';
import { parse } from '../../src/template/parse.js';

const HELPERS: Record<string, TemplateHelper> = {
  nl2br: (value: unknown) => new Handlebars.SafeString(String(value ?? '').split('\n').map((line) => Handlebars.escapeExpression(line)).join('<br>')),
  shout: (text: unknown, options: { hash: Record<string, unknown> }) => `${String(text).toUpperCase()}${String(options.hash['mark'] ?? '!')}`,
  bold(this: unknown, options: Handlebars.HelperOptions) { return `<b>${options.fn(this)}</b>`; },
  either(this: unknown, value: unknown, options: Handlebars.HelperOptions) { return value ? options.fn(this) : options.inverse(this); },
  today: () => 'Tuesday',
  boom: () => { throw new Error('kaboom'); },
};

const cache = createTemplateCache(undefined, HELPERS);
const fill = (source: string, data: unknown = {}): Promise<string> => cache.render({ source, data, name: 't.html' });
async function failure(source: string, data: unknown = {}): Promise<OctavoError> {
  try {
    await fill(source, data);
  } catch (error) {
    expect(error).toBeInstanceOf(OctavoError);
    return error as OctavoError;
  }
  throw new Error(`expected ${source} to fail`);
}

describe('helpers registered on the engine', () => {
  it('are called as Handlebars calls them: arguments, hash, blocks with this, an else branch', async () => {
    expect(await fill('{{shout name}} {{shout name mark="?"}}', { name: 'Ada' })).toBe('ADA! ADA?');
    expect(await fill('{{#each people}}{{#bold}}{{name}}{{/bold}}{{/each}}', { people: [{ name: 'Ada' }, { name: 'Bo' }] })).toBe('<b>Ada</b><b>Bo</b>');
    expect(await fill('{{#either paid}}paid{{else}}due{{/either}} {{#either 0}}x{{else}}none{{/either}}', { paid: true })).toBe('paid none');
  });

  it('escape what they return unless it is a SafeString, as Handlebars does', async () => {
    expect(await fill('{{shout "<i>"}}')).toBe('&lt;I&gt;!');
    expect(await fill('{{nl2br note}}', { note: 'a <b>\nsecond' })).toBe('a &lt;b&gt;<br>second');
  });

  it('are called without arguments too, as in Handlebars (a payload field of the same name does not hide them)', async () => {
    expect(await fill('{{today}}', { today: 'field' })).toBe('Tuesday');
  });

  it('fail at the mustache that called them, as template_runtime errors', async () => {
    const error = await failure('<p>\n  {{boom}}</p>');
    expect([error.code, error.line, error.column, error.message]).toEqual(['template_runtime', 2, 3, "helper 'boom' failed: kaboom"]);
  });

  it('count against the template step budget', async () => {
    const tight = createTemplateCache({ ...(await import('../../src/options.js')).DEFAULT_LIMITS, maxTemplateSteps: 50 }, HELPERS);
    await expect(tight.render({ source: '{{#each items}}{{shout this}}{{/each}}', data: { items: Array.from({ length: 100 }, (_, i) => i) }, name: 't.html' }))
      .rejects.toMatchObject({ code: 'limit_exceeded' });
  });

  it('are known to the compile-time check: a misspelt one is an error that suggests it', async () => {
    const error = await failure('{{shoutt name}}');
    expect([error.code, error.hint]).toEqual(['template_syntax', "did you mean 'shout'?"]);
  });

  it('are checked when the engine is made: functions, under names no octavo or Handlebars helper has', () => {
    const refused = (helpers: unknown): string => {
      try {
        createEngine({ helpers: helpers as Record<string, TemplateHelper> });
      } catch (error) {
        return `${(error as OctavoError).code}: ${(error as OctavoError).message}`;
      }
      return 'accepted';
    };
    expect(refused({ formatDate: () => '' })).toBe("invalid_options: invalid option helpers.formatDate: 'formatDate' is a helper of octavo or Handlebars");
    expect(refused({ each: () => '' })).toBe("invalid_options: invalid option helpers.each: 'each' is a helper of octavo or Handlebars");
    expect(refused({ nl2br: 'x' })).toBe('invalid_options: invalid option helpers.nl2br: expected a function, got the string "x"');
    expect(refused({ 'a.b': () => '' })).toMatch(/^invalid_options: invalid option helpers\.a\.b: a helper name is/);
    expect(refused([() => '']).startsWith('invalid_options: invalid option helpers: expected an object of functions')).toBe(true);
    expect(refused({ 'format-date': () => '' })).toBe('accepted');
  });

  it('render through the engine, and octavo check knows them (no unknown helper, no missing field)', async () => {
    const engine = createEngine({ helpers: HELPERS });
    const { html } = await (engine as unknown as { fillTemplate: (r: object) => Promise<{ html: string }> }).fillTemplate({ template: '<p>{{shout who}}</p>', data: { who: 'x' } });
    expect(html).toContain('<p>X!</p>');
    const catalog = helperCatalog(Object.keys(HELPERS));
    const analysis = await analyzeTemplate('{{shout name}} {{#bold}}{{name}}{{/bold}} {{today}}', 't.html', { name: 'Ada' }, false, { helpers: catalog });
    expect(analysis.findings).toEqual([]);
    const without = await analyzeTemplate('{{shout name}}', 't.html', { name: 'Ada' }, false);
    expect(without.findings.map((f) => f.message)).toEqual(["unknown helper 'shout'"]);
    expect(missingFields(parse('{{#bold}}{{name}}{{/bold}} {{today}}', 't'), { name: 'x' }, undefined, catalog)).toEqual([]);
  });
});
