/** Shared setup of the template tests: one cache, a render shortcut and an expected-failure helper. */
import { expect } from 'vitest';
import { createTemplateCache } from '../../src/template/render.js';
import { OctavoError } from '../../src/errors.js';

export function templateHarness(name: string): {
  render: (source: string, data?: unknown) => string;
  failure: (source: string, data?: unknown) => OctavoError;
} {
  const cache = createTemplateCache();
  const render = (source: string, data: unknown = {}): string => cache.render(source, data, name);
  const failure = (source: string, data: unknown = {}): OctavoError => {
    try {
      render(source, data);
    } catch (error) {
      expect(error).toBeInstanceOf(OctavoError);
      return error as OctavoError;
    }
    throw new Error(`expected ${JSON.stringify(source)} to fail`);
  };
  return { render, failure };
}
