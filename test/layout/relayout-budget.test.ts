// The page's re-layout allowance (layout/relayout-budget.ts): what a search spends, nested or not.
import { describe, expect, it } from 'vitest';
import type { LayoutServices } from '../../src/layout/contract.js';
import { createLayoutContext } from '../../src/layout/driver/context.js';
import { MAX_RELAID_BOXES, countLayoutWork, renewRelayouts, spendRelayout, withinRelayouts } from '../../src/layout/relayout-budget.js';

function context(warnings: string[]) {
  const services = {
    text: {}, images: new Map(), diagnostics: { warn: (_code: string, message: string) => warnings.push(message) }, maxPages: 7,
    checkBudget: () => undefined, pageStyle: () => ({}), marginBoxStyle: () => undefined, shrinkToFit: true,
  } as unknown as LayoutServices;
  return createLayoutContext(services, undefined);
}

/** Does `units` of layout work. */
const work = (units: number): void => {
  for (let i = 0; i < units; i++) countLayoutWork();
};

describe('the re-layout allowance', () => {
  it('takes the work a search did, and what searches inside it took only once', () => {
    const warnings: string[] = [];
    const ctx = context(warnings);
    renewRelayouts(ctx);
    // an outer search of 100 units of its own around an inner one of 50
    const result = withinRelayouts(ctx, 'grid sizing', undefined, () => {
      work(100);
      return withinRelayouts(ctx, 'grid sizing', undefined, () => {
        work(50);
        return 'inner';
      });
    });
    expect(result).toBe('inner');
    // 151 spent: the 150 units of work once — not 250, as counting the inner search's work in the
    // outer's as well would — and one to enter the outer search (the inner's entry comes out of
    // the outer's share)
    expect(spendRelayout(ctx, 'grid sizing', undefined, MAX_RELAID_BOXES - 151)).toBe(true);
    expect(spendRelayout(ctx, 'grid sizing', undefined, 1)).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^grid sizing: 100000 boxes were laid out again on one page/);
  });

  it('runs no search once the page has spent it, until the next page', () => {
    const ctx = context([]);
    renewRelayouts(ctx);
    expect(spendRelayout(ctx, 'column balancing', undefined, MAX_RELAID_BOXES)).toBe(true);
    let ran = false;
    expect(withinRelayouts(ctx, 'grid sizing', undefined, () => (ran = true))).toBeUndefined();
    expect(ran).toBe(false);
    renewRelayouts(ctx);
    expect(withinRelayouts(ctx, 'grid sizing', undefined, () => (ran = true))).toBe(true);
  });
});
