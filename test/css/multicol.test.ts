import { describe, expect, it } from 'vitest';
import type { ComputedStyle } from '../../src/css/types.js';
import { styleWith } from './helpers.js';

async function divStyle(declarations: string): Promise<{ style: ComputedStyle; codes: string[]; messages: string[] }> {
  const doc = await styleWith(`div { ${declarations} }`, '<div>x</div>');
  return { style: doc.style('div'), codes: doc.diagnostics.map((d) => d.code), messages: doc.diagnostics.map((d) => d.message) };
}

const pick = (style: ComputedStyle): unknown => ({ count: style.columnCount, width: style.columnWidth });

describe('multi-column properties (CSS Multi-column Layout 1)', () => {
  it('columns: a number is the count, a length the width, in either order; auto resets either', async () => {
    expect(pick((await divStyle('columns: 3')).style)).toEqual({ count: 3, width: 'auto' });
    expect(pick((await divStyle('columns: 10em')).style)).toEqual({ count: 'auto', width: 160 });
    expect(pick((await divStyle('columns: 2 100px')).style)).toEqual({ count: 2, width: 100 });
    expect(pick((await divStyle('columns: auto 100px')).style)).toEqual({ count: 'auto', width: 100 });
    expect(pick((await divStyle('column-count: 4; columns: auto')).style)).toEqual({ count: 'auto', width: 'auto' });
  });

  it('rejects a count below 1, a fractional count, two counts and a negative width', async () => {
    for (const value of ['columns: 0', 'columns: 1.5', 'columns: 2 3', 'column-width: -1px', 'column-count: 0', 'column-width: 10%']) {
      expect((await divStyle(value)).codes, value).toEqual(['css_invalid_value']);
    }
  });

  it('column-rule: width, style and colour in any order; the width is a border width', async () => {
    const { style, codes } = await divStyle('color: blue; column-rule: dotted thin');
    expect(codes).toEqual([]);
    expect([style.columnRuleWidth, style.columnRuleStyle, style.columnRuleColor]).toEqual([1, 'dotted', { r: 0, g: 0, b: 255, a: 1 }]);
    const initial = (await divStyle('')).style;
    expect([initial.columnRuleWidth, initial.columnRuleStyle, initial.columnSpan, initial.columnFill]).toEqual([3, 'none', 'none', 'balance']);
  });

  it('column-span and column-fill keywords; balance-all is reported as balancing the last fragment only', async () => {
    const { style, codes } = await divStyle('column-span: all; column-fill: auto');
    expect(codes).toEqual([]);
    expect([style.columnSpan, style.columnFill]).toEqual(['all', 'auto']);
    const all = await divStyle('column-fill: balance-all');
    expect(all.messages).toEqual(['`column-fill: balance-all` has no effect: only the last fragment of a multi-column container is balanced (as `balance`)']);
  });
});
