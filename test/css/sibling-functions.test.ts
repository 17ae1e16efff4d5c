/**
 * `sibling-index()` and `sibling-count()` (CSS Values 5 §9): substituted per element, so siblings
 * that match the same rules still get their own styles. Expected values are Chromium 156's
 * (getComputedStyle of the same page).
 */
import { describe, expect, it } from 'vitest';
import { styleWith } from './helpers.js';

describe('sibling-index() and sibling-count()', () => {
  it('give each sibling its place, in lengths, colours and integers', async () => {
    const doc = await styleWith(`li { width: calc(sibling-index() * 40px); background-color: hsl(calc(sibling-index() * 60) 70% 50%) }
      p { z-index: sibling-index(); opacity: calc(1 / sibling-count()) } li::before { content: ""; width: calc(sibling-count() * 1px) }`,
    '<ul><li id=a></li><li id=b></li><li id=c></li><li id=d></li></ul><div></div><p id=p1>x</p><p id=p2>y</p>');
    expect(['#a', '#b', '#c', '#d'].map((id) => doc.style(id).width)).toEqual([40, 80, 120, 160]);
    const rgb = (id: string): number[] => { const c = doc.style(id).backgroundColor; return [c.r, c.g, c.b].map(Math.round); };
    expect(rgb('#a')).toEqual([217, 217, 38]);
    expect(rgb('#d')).toEqual([38, 38, 217]);
    // the body's children: ul, div, p, p
    expect([doc.style('#p1').zIndex, doc.style('#p2').zIndex]).toEqual([3, 4]);
    expect(doc.style('#p1').opacity).toBeCloseTo(0.25, 6);
    expect(doc.styled.styleOf(doc.element('#c'), 'before')?.width).toBe(4);
    expect(doc.diagnostics).toEqual([]);
  });

  it('are invalid with arguments, and at @page where there are no siblings', async () => {
    const doc = await styleWith('li { width: calc(sibling-index(2) * 1px) }', '<ul><li id=a></li></ul>');
    expect(doc.style('#a').width).toBe('auto');
    expect(doc.diagnostics.map((d) => d.message)).toEqual([
      '`width: calc(sibling-index(2) * 1px)` uses sibling-index() or sibling-count() where there are no siblings (@page), or with arguments; the declaration is ignored',
    ]);
  });
});
