/**
 * The Handlebars internals the expansion budget relies on (template/budget.ts): an environment
 * turns each compiled template spec into a template through `env.template(spec)`, the spec's
 * `main` program receives the runtime container first, and the compiled code calls the
 * container's `lambda` once per mustache. A version that changes any of these fails here, by name.
 */
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';

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
