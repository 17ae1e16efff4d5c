/**
 * Templates compiled with text code generation (src/template/text-code-generation.ts) are the
 * JavaScript Handlebars' own code generation (source-map nodes) makes, character for character,
 * print the same and fail with the same errors, and no source-map node is built.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { useTextCodeGeneration } from '../../src/template/text-code-generation.js';
import { createTemplateCache } from '../../src/template/render.js';

type Environment = ReturnType<typeof Handlebars.create>;

/** Two environments alike but for code generation, with a few helpers of each kind. */
function environment(text: boolean): Environment {
  const env = Handlebars.create();
  if (text) useTextCodeGeneration(env);
  env.registerHelper('upper', (value: unknown) => String(value).toUpperCase());
  env.registerHelper('join', (...args: unknown[]) => args.slice(0, -1).join('|'));
  env.registerHelper('pairs', (options: Handlebars.HelperOptions) => Object.entries(options.hash as object).map(([k, v]) => `${k}=${String(v)}`).join(','));
  env.registerHelper('twice', function twice(this: unknown, options: Handlebars.HelperOptions) {
    return options.fn(this) + options.inverse(this) + options.fn(this);
  });
  env.registerPartial('card', '<card>{{name}}{{> @partial-block}}</card>');
  env.registerPartial('line', '[{{this}}]');
  return env;
}

const DATA = {
  name: 'Ada <Lovelace> & "co"',
  title: 'x',
  html: '<b>bold</b>',
  items: [{ name: 'a', qty: 2, tags: ['t1', 't2'] }, { name: 'b', qty: 0, tags: [] }, { name: 'c', qty: 5 }],
  nested: { deep: { value: 42, list: [1, 2, 3] } },
  flag: true,
  none: null,
  zero: 0,
  empty: '',
  'odd key': 'spaced',
  fn: 'not a function',
};

/** Constructs that go through every branch of the JavaScript compiler that makes or reuses a chunk. */
const TEMPLATES = [
  '{{name}} {{{html}}} {{&html}}',
  '{{#each items}}{{@index}}:{{name}}{{#if @first}}!{{/if}}{{#unless @last}},{{/unless}}{{/each}}',
  '{{#each items as |item i|}}{{i}}={{item.name}}({{../title}}){{#each item.tags as |tag|}}<{{tag}}{{item.qty}}>{{/each}}{{/each}}',
  '{{#each items}}{{#each tags}}{{../name}}{{../../title}}{{@root.name}}{{/each}}{{else}}none{{/each}}',
  '{{#with nested.deep}}{{value}}{{#each list}}{{this}}{{../value}}{{/each}}{{/with}}',
  '{{#if none}}a{{else if zero}}b{{else if empty}}c{{else}}d{{/if}}',
  '{{^flag}}off{{/flag}}{{#flag}}on{{/flag}}{{^items}}x{{else}}y{{/items}}',
  '{{#items}}{{name}}{{/items}}{{#nested}}{{deep.value}}{{/nested}}',
  '{{upper name}} {{upper (join name title "lit" 3 true null)}} {{pairs a=1 b="two" c=(upper title) d=nested.deep.value}}',
  '{{#twice}}[{{title}}]{{else}}({{name}}){{/twice}}',
  '{{[odd key]}} {{this.[odd key]}} {{nested.deep.[value]}} {{lookup nested "deep"}} {{lookup items 1}}',
  '{{> line name}}{{#each items}}{{> line name}}{{/each}}{{#> card}}inside {{title}}{{/card}}',
  '{{#*inline "row"}}<r>{{name}}</r>{{/inline}}{{#each items}}{{> row}}{{/each}}',
  '{{{{raw}}}} {{not parsed}} {{{{/raw}}}}',
  '  {{#each items}}\n    {{name}}\n  {{/each}}\n{{~title~}}  \n  {{! a comment }}\n{{!-- another --}}x',
  '\\{{escaped}} \\\\{{name}} <script></script> <!-- c --> \u2028\u2029 \ud83d\ude00 "quotes" \'single\' \\back',
  '{{#each nested.deep.list}}{{#if (upper this)}}{{this}}{{/if}}{{/each}}{{lookup . "title"}}',
  '{{fn}} {{missing}} {{missing.deeper}} {{nested.missing.deeper}} {{#missing}}m{{/missing}}',
  '{{#each items}}{{#with this}}{{#if qty}}{{qty}}{{else}}-{{/if}}{{/with}}{{/each}}',
];

/** Every name the template calls with arguments or as a block. */
function helperNames(source: string): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const call = node as { type?: string; path?: { original?: unknown }; params?: unknown[]; hash?: unknown };
    if (call.type === 'BlockStatement' || call.type === 'SubExpression' || (call.type === 'MustacheStatement' && ((call.params?.length ?? 0) > 0 || call.hash !== undefined))) {
      if (typeof call.path?.original === 'string') names.add(call.path.original);
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(Handlebars.parse(source));
  for (const builtin of ['each', 'if', 'unless', 'with', 'lookup', 'log']) names.delete(builtin);
  return names;
}

function printingHelper(this: unknown, ...args: unknown[]): string {
  const options = args.pop() as Handlebars.HelperOptions;
  const printed = JSON.stringify([args, options.hash]);
  return typeof options.fn === 'function' ? `${printed}${options.fn(this)}${options.inverse(this)}` : printed;
}

function outcome(env: Environment, source: string, options: CompileOptions, data: unknown): string {
  try {
    return env.compile(source, options)(data);
  } catch (error) {
    return `error: ${String((error as Error).message)}`;
  }
}

type CompileOptions = Parameters<Environment['compile']>[1];

const OPTION_SETS: readonly CompileOptions[] = [{}, { strict: true }, { compat: true }, { noEscape: true }, { assumeObjects: true }, { preventIndent: true }];

describe('text code generation', () => {
  it('generates the code source-map code generation generates and prints the same, with every option set', () => {
    const stock = environment(false);
    const text = environment(true);
    for (const options of OPTION_SETS) {
      for (const source of TEMPLATES) {
        expect(text.precompile(source, options), source).toBe(stock.precompile(source, options));
        for (const data of [DATA, {}, { items: [] }]) {
          expect(outcome(text, source, options, data), `${source} ${JSON.stringify(options)}`).toBe(outcome(stock, source, options, data));
        }
      }
    }
  });

  it('generates the same code and prints the same for every fixture template', () => {
    const stock = environment(false);
    const text = environment(true);
    const fixtures = new URL('../../fixtures/', import.meta.url);
    let compared = 0;
    for (const folder of readdirSync(fixtures, { withFileTypes: true })) {
      if (!folder.isDirectory()) continue;
      const dir = new URL(`${folder.name}/`, fixtures);
      const files = readdirSync(dir);
      if (!files.includes('template.html')) continue;
      const data = files.includes('data.json') ? JSON.parse(readFileSync(new URL('data.json', dir), 'utf8')) as unknown : {};
      const source = readFileSync(new URL('template.html', dir), 'utf8');
      // their helpers print their arguments (blocks run their body): what matters is which code runs and with what
      for (const name of helperNames(source)) {
        for (const env of [stock, text]) env.registerHelper(name, printingHelper);
      }
      const options = { knownHelpersOnly: false };
      const printed = outcome(stock, source, options, data);
      if (!printed.startsWith('error:')) compared++;
      expect(outcome(text, source, options, data), folder.name).toBe(printed);
      expect(text.precompile(source, options), folder.name).toBe(stock.precompile(source, options));
    }
    expect(compared, 'fixtures printed without an error').toBeGreaterThan(5);
  });

  it('builds no source-map node, in octavo\'s template stage too', async () => {
    const require = createRequire(import.meta.url);
    const { SourceNode } = require('source-map') as { SourceNode: { prototype: { add: (...args: unknown[]) => unknown } } };
    const add = SourceNode.prototype.add;
    let nodes = 0;
    SourceNode.prototype.add = function counted(this: unknown, ...args: unknown[]) {
      nodes++;
      return add.apply(this, args);
    };
    try {
      environment(false).compile('{{#each items}}{{name}}{{/each}}')(DATA);
      expect(nodes, 'the stock environment builds nodes (the counter works)').toBeGreaterThan(0);
      nodes = 0;
      expect(environment(true).compile('{{#each items}}{{name}}{{/each}}')(DATA)).toBe('abc');
      expect(await createTemplateCache().render({ source: '{{#each items}}{{name}}{{#each tags}}{{this}}{{/each}}{{/each}}', data: DATA, name: 't' })).toBe('at1t2bc');
      expect(nodes).toBe(0);
    } finally {
      SourceNode.prototype.add = add;
    }
  });
});
