import { describe, expect, it } from 'vitest';
import type { ComputedStyle } from '../../src/css/types.js';
import { styleWith } from './helpers.js';

async function divStyle(declarations: string): Promise<{ style: ComputedStyle; codes: string[]; messages: string[] }> {
  const doc = await styleWith(`div { ${declarations} }`, '<div>x</div>');
  return { style: doc.style('div'), codes: doc.diagnostics.map((d) => d.code), messages: doc.diagnostics.map((d) => d.message) };
}

const track = (min: unknown, max: unknown = min): unknown => ({ kind: 'minmax', min, max });
const AUTO = track('auto');

describe('grid-template-columns / rows (CSS Grid 1 §7.2)', () => {
  it('parses lengths, percentages, fr, keywords, minmax() and fit-content()', async () => {
    const { style, codes } = await divStyle('grid-template-columns: 10px 20% 1fr auto min-content max-content minmax(2em, 3fr) fit-content(50px)');
    expect(codes).toEqual([]);
    expect(style.gridTemplateColumns).toEqual({
      names: [[], [], [], [], [], [], [], [], []],
      entries: [track(10), track({ kind: 'percent', value: 20 }), track('auto', { fr: 1 }), AUTO, track('min-content'), track('max-content'),
        track(32, { fr: 3 }), { kind: 'fit-content', limit: 50 }],
    });
  });

  it('keeps line names and repeat() with its own names', async () => {
    const { style } = await divStyle('grid-template-rows: [top a] 10px repeat(2, [r] 1fr) [bottom]');
    expect(style.gridTemplateRows).toEqual({
      names: [['top', 'a'], [], ['bottom']],
      entries: [track(10), { kind: 'repeat', count: 2, names: [['r'], []], tracks: [track('auto', { fr: 1 })] }],
    });
  });

  it('accepts one auto-fill or auto-fit repeat of fixed sizes', async () => {
    const { style } = await divStyle('grid-template-columns: repeat(auto-fill, minmax(100px, 1fr))');
    expect(style.gridTemplateColumns).toEqual({ names: [[], []], entries: [{ kind: 'repeat', count: 'auto-fill', names: [[], []], tracks: [track(100, { fr: 1 })] }] });
    expect((await divStyle('grid-template-columns: repeat(auto-fit, 1fr)')).codes).toEqual(['css_invalid_value']);
    expect((await divStyle('grid-template-columns: repeat(auto-fit, 10px) repeat(auto-fill, 10px)')).codes).toEqual(['css_invalid_value']);
  });

  it('rejects fr as a minimum, negative sizes, repeat(0) and empty lists', async () => {
    for (const value of ['minmax(1fr, 10px)', '-10px', 'repeat(0, 10px)', '[a]', '10px [auto]']) {
      expect((await divStyle(`grid-template-columns: ${value}`)).codes, value).toEqual(['css_invalid_value']);
    }
  });

  it('reads subgrid with its line-name list (CSS Grid 2 §9)', async () => {
    const plain = await divStyle('grid-template-columns: subgrid');
    expect(plain.codes).toEqual([]);
    expect(plain.style.gridTemplateColumns).toEqual({ kind: 'subgrid', lineNames: [] });
    const named = await divStyle('grid-template-rows: subgrid [a] [b c] repeat(2, [r] [s]) []');
    expect(named.style.gridTemplateRows).toEqual({ kind: 'subgrid', lineNames: [['a'], ['b', 'c'], ['r'], ['s'], ['r'], ['s'], []] });
    const filled = await divStyle('grid-template-columns: subgrid [a] repeat(auto-fill, [x] [y]) [z]');
    expect(filled.style.gridTemplateColumns).toEqual({ kind: 'subgrid', lineNames: [['a'], ['z']], autoFill: { at: 1, lineNames: [['x'], ['y']] } });
    const both = await divStyle('grid-template: subgrid [top] / subgrid');
    expect([both.style.gridTemplateRows, both.style.gridTemplateColumns]).toEqual([{ kind: 'subgrid', lineNames: [['top']] }, { kind: 'subgrid', lineNames: [] }]);
  });

  it('rejects subgrid with track sizes, two auto-fill repeats or repeat(0)', async () => {
    for (const value of ['subgrid 10px', 'subgrid [a] 1fr', 'subgrid repeat(auto-fill, [a]) repeat(auto-fill, [b])', 'subgrid repeat(0, [a])', 'subgrid repeat(2, 10px)', '10px subgrid']) {
      expect((await divStyle(`grid-template-columns: ${value}`)).codes, value).toEqual(['css_invalid_value']);
    }
  });

  it('warns for masonry and takes none', async () => {
    const masonry = await divStyle('grid-template-rows: masonry');
    expect(masonry.style.gridTemplateRows).toBe('none');
    expect(masonry.codes).toEqual(['css_unsupported']);
  });
});

describe('grid-template-areas (§7.3)', () => {
  it('finds the rectangle of each name; dots are null cells', async () => {
    const { style } = await divStyle('grid-template-areas: "head head" "side ." "side main"');
    expect(style.gridTemplateAreas).toEqual({
      rows: 3, columns: 2,
      areas: [
        { name: 'head', rowStart: 1, rowEnd: 2, columnStart: 1, columnEnd: 3 },
        { name: 'side', rowStart: 2, rowEnd: 4, columnStart: 1, columnEnd: 2 },
        { name: 'main', rowStart: 3, rowEnd: 4, columnStart: 2, columnEnd: 3 },
      ],
    });
  });

  it('rejects rows of different lengths, non-rectangular areas and trash', async () => {
    for (const value of ['"a b" "a"', '"a a" "a b" "b a"', '"a #"']) {
      expect((await divStyle(`grid-template-areas: ${value}`)).codes, value).toEqual(['css_invalid_value']);
    }
  });
});

describe('grid-template and grid shorthands (§7.4, §7.8)', () => {
  it('grid-template: rows / columns', async () => {
    const { style } = await divStyle('grid-template: 10px auto / 1fr 2fr');
    expect(style.gridTemplateRows).toEqual({ names: [[], [], []], entries: [track(10), AUTO] });
    expect(style.gridTemplateColumns).toEqual({ names: [[], [], []], entries: [track('auto', { fr: 1 }), track('auto', { fr: 2 })] });
    expect(style.gridTemplateAreas).toBe('none');
  });

  it('grid-template: area strings with row sizes and line names', async () => {
    const { style } = await divStyle('grid-template: [t] "a b" 10px [m] "c d" [e] / 1fr [x] 2fr');
    expect(style.gridTemplateRows).toEqual({ names: [['t'], ['m'], ['e']], entries: [track(10), AUTO] });
    expect(style.gridTemplateColumns).toEqual({ names: [[], ['x'], []], entries: [track('auto', { fr: 1 }), track('auto', { fr: 2 })] });
    expect(style.gridTemplateAreas).toMatchObject({ rows: 2, columns: 2 });
  });

  it('grid: auto-flow on either side, and a template form that resets the implicit grid', async () => {
    const rows = (await divStyle('grid: auto-flow dense 40px / 1fr 1fr')).style;
    expect([rows.gridAutoFlow, rows.gridAutoRows, rows.gridTemplateRows]).toEqual(['row dense', [track(40)], 'none']);
    const columns = (await divStyle('grid: 20px / auto-flow 30px')).style;
    expect([columns.gridAutoFlow, columns.gridAutoColumns, columns.gridTemplateColumns]).toEqual(['column', [track(30)], 'none']);
    const template = (await divStyle('grid-auto-flow: column; grid: "a" 10px / 20px')).style;
    expect([template.gridAutoFlow, template.gridAutoRows]).toEqual(['row', [AUTO]]);
  });

  it('grid-auto-flow and grid-auto-rows', async () => {
    const { style } = await divStyle('grid-auto-flow: dense column; grid-auto-rows: 10px minmax(0, 1fr)');
    expect(style.gridAutoFlow).toBe('column dense');
    expect(style.gridAutoRows).toEqual([track(10), track(0, { fr: 1 })]);
  });
});

describe('grid placement properties (§8.3, §8.4)', () => {
  it('grid-row / grid-column with numbers, negatives, spans and names', async () => {
    const { style } = await divStyle('grid-row: 2 / -1; grid-column: span 2 foo / a 3');
    expect(style.gridRowStart).toEqual({ kind: 'line', line: 2, name: undefined });
    expect(style.gridRowEnd).toEqual({ kind: 'line', line: -1, name: undefined });
    expect(style.gridColumnStart).toEqual({ kind: 'span', count: 2, name: 'foo' });
    expect(style.gridColumnEnd).toEqual({ kind: 'line', line: 3, name: 'a' });
  });

  it('grid-area copies a lone name to the omitted lines', async () => {
    const { style } = await divStyle('grid-area: main');
    const main = { kind: 'line', line: 0, name: 'main' };
    expect([style.gridRowStart, style.gridColumnStart, style.gridRowEnd, style.gridColumnEnd]).toEqual([main, main, main, main]);
    const numbered = (await divStyle('grid-area: 1 / 2')).style;
    expect([numbered.gridRowEnd, numbered.gridColumnEnd]).toEqual(['auto', 'auto']);
  });

  it('rejects line 0, span 0 and span without a count or name', async () => {
    for (const value of ['0', 'span 0', 'span', 'span auto', '1 span 2']) {
      expect((await divStyle(`grid-row-start: ${value}`)).codes, value).toEqual(['css_invalid_value']);
    }
  });
});

describe('justify-items / justify-self and place-* (CSS Box Alignment 3)', () => {
  it('parses the justify longhands and both halves of place-items / place-self', async () => {
    const { style, codes } = await divStyle('justify-items: legacy center; justify-self: end; place-items: start stretch; place-self: center');
    expect(codes).toEqual([]);
    expect([style.alignItems, style.justifyItems, style.alignSelf, style.justifySelf]).toEqual(['start', 'stretch', 'center', 'center']);
  });
});
