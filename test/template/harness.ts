/** Shared setup of the template tests: one cache, a render shortcut and an expected-failure helper. */
import { expect } from 'vitest';
import type { TemplateRequest } from '../../src/template/render.js';
import { createTemplateCache } from '../../src/template/render.js';
import { OctavoError } from '../../src/errors.js';

export type TemplateOptions = Partial<Omit<TemplateRequest, 'source' | 'data' | 'name'>>;

export function templateHarness(name: string): {
  render: (source: string, data?: unknown, options?: TemplateOptions) => Promise<string>;
  failure: (source: string, data?: unknown, options?: TemplateOptions) => Promise<OctavoError>;
} {
  const cache = createTemplateCache();
  const render = (source: string, data: unknown = {}, options: TemplateOptions = {}): Promise<string> =>
    cache.render({ source, data, name, ...options });
  const failure = async (source: string, data: unknown = {}, options: TemplateOptions = {}): Promise<OctavoError> => {
    try {
      await render(source, data, options);
    } catch (error) {
      expect(error).toBeInstanceOf(OctavoError);
      return error as OctavoError;
    }
    throw new Error(`expected ${JSON.stringify(source)} to fail`);
  };
  return { render, failure };
}
