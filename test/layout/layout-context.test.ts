// The render's layout context: built with Object.assign (one map from render to render, see
// layout/driver/context.ts), it must carry what the spread it replaced carried.
import { describe, expect, it } from 'vitest';
import type { LayoutServices } from '../../src/layout/contract.js';
import { cacheKey } from '../../src/layout/contract.js';
import { createLayoutContext } from '../../src/layout/driver/context.js';

const services = {
  text: {}, images: new Map(), diagnostics: {}, maxPages: 7, checkBudget: () => undefined,
  pageStyle: () => ({}), marginBoxStyle: () => undefined, shrinkToFit: true,
} as unknown as LayoutServices;

describe('createLayoutContext', () => {
  it('carries every service given, the formatting-context table, the caches and the page names', () => {
    const pageNames = new WeakMap();
    const ctx = createLayoutContext(services, pageNames);
    for (const [key, value] of Object.entries(services)) expect(ctx[key as keyof LayoutServices]).toBe(value);
    expect(typeof ctx.dispatch.layoutBox).toBe('function');
    expect(ctx.pageNames).toBe(pageNames);
    expect(createLayoutContext(services, undefined).pageNames).toBeUndefined();
  });

  it("makes each cache once per context, on first use, and a new context's caches afresh", () => {
    let made = 0;
    const key = cacheKey('test', () => ({ made: ++made }));
    const ctx = createLayoutContext(services, undefined);
    expect(made).toBe(0);
    const first = ctx.caches.of(key);
    expect(ctx.caches.of(key)).toBe(first);
    expect(made).toBe(1);
    expect(createLayoutContext(services, undefined).caches.of(key)).not.toBe(first);
    expect(typeof ctx.caches.inline.delete).toBe('function');
  });
});
