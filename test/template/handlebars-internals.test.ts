/**
 * The Handlebars internals the expansion budget relies on (template/budget.ts): an environment
 * turns each compiled template spec into a template through `env.template(spec)`, the spec's
 * `main` program receives the runtime container first, and the compiled code calls the
 * container's `lambda` once per mustache. And the compiler internals text code generation
 * (template/text-code-generation.ts) extends. A version that changes any of these fails here, by name.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import type { HandlebarsInternal } from '../../src/template/text-code-generation.js';
import { HANDLEBARS_COMPILER_INTERNALS } from '../../src/template/text-code-generation.js';

describe('Handlebars internals used by the template budget', () => {
  it('compiles through env.template, whose main program gets a container with lambda, called once per mustache', () => {
    const env = Handlebars.create();
    const original = env.template;
    expect(typeof original, 'env.template').toBe('function');
    let mustaches = 0;
    let sawContainer = false;
    env.template = function spy(this: unknown, spec: { main: (...args: unknown[]) => unknown }) {
      expect(typeof spec.main, 'template spec main').toBe('function');
      const main = spec.main;
      spec.main = Object.assign(function countedMain(this: unknown, container: { lambda: (v: unknown, c: unknown) => unknown }, ...rest: unknown[]) {
        expect(typeof container.lambda, 'runtime container lambda').toBe('function');
        if (!sawContainer) {
          const lambda = container.lambda;
          container.lambda = (value, context) => { mustaches++; return lambda(value, context); };
          sawContainer = true;
        }
        return main.call(this, container, ...rest);
      }, main);
      return original.call(this, spec as never);
    } as typeof env.template;
    const template = env.compile('{{#each list}}{{a}}{{{b}}}{{c.d}}{{/each}}', { knownHelpers: { each: true }, knownHelpersOnly: true });
    expect(template({ list: [{ a: 1 }, { b: 2 }, {}] })).toBe('12');
    expect(sawContainer).toBe(true);
    expect(mustaches).toBe(9);
  });
});

describe('Handlebars compiler internals used by text code generation', () => {
  it(`every internal listed in HANDLEBARS_COMPILER_INTERNALS is a function on the installed Handlebars (${Handlebars.VERSION})`, () => {
    const require = createRequire(import.meta.url);
    const codeGen = require('handlebars/dist/cjs/handlebars/compiler/code-gen.js') as { default: { prototype: object } };
    const owners: Record<HandlebarsInternal['owner'], object> = {
      'JavaScriptCompiler.prototype': (Handlebars as unknown as { JavaScriptCompiler: { prototype: object } }).JavaScriptCompiler.prototype,
      'compiler/code-gen.js': codeGen,
      'CodeGen.prototype': codeGen.default.prototype,
    };
    const broken = HANDLEBARS_COMPILER_INTERNALS.filter(({ owner, member }) => typeof (owners[owner] as Record<string, unknown>)[member] !== 'function')
      .map(({ owner, member, use }) => `handlebars ${Handlebars.VERSION}: ${owner}.${member} is not a function — ${use}`);
    expect(broken, broken.join('\n')).toEqual([]);
  });

  it('the code generator makes its chunks only through wrap and empty, and a program\'s generators in preamble', () => {
    // text code generation replaces those three; a chunk made another way would be a source-map node
    const require = createRequire(import.meta.url);
    const source = (file: string): string => readFileSync(require.resolve(`handlebars/dist/cjs/handlebars/compiler/${file}`), 'utf8');
    expect(source('code-gen.js').match(/new SourceNode\(/g)).toHaveLength(2);
    expect(source('javascript-compiler.js').match(/new _codeGen2\['default'\]\(/g)).toHaveLength(2);
    expect(source('javascript-compiler.js')).toMatch(/preamble: function preamble\(\) \{[^}]*this\.source = new _codeGen2\['default'\]\(this\.options\.srcName\);\s*this\.decorators = new _codeGen2\['default'\]\(this\.options\.srcName\);/);
  });
});
