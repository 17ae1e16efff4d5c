/**
 * A template styled with Tailwind CSS 4's compiled output (test/fixtures/tailwind/README.md):
 * it renders without a single warning, and the utilities land as Chromium prints them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BoxFragment, Fragment, PageLayout } from '../../src/layout/types.js';
import { layoutHtml } from '../helpers/layout.js';

const DIR = fileURLToPath(new URL('../fixtures/tailwind/', import.meta.url));
const TEMPLATE = readFileSync(`${DIR}invoice.html`, 'utf8');

function boxes(page: PageLayout, test: (f: BoxFragment) => boolean): BoxFragment[] {
  const found: BoxFragment[] = [];
  const visit = (f: Fragment): void => {
    if (f.kind === 'box' && test(f)) found.push(f);
    if (f.kind === 'box' || f.kind === 'line') f.children.forEach(visit);
  };
  page.children.forEach(visit);
  return found;
}

const byClass = (name: string) => (f: BoxFragment): boolean => (f.box.element?.attribs['class'] ?? '').split(' ').includes(name);
const hex = (c: { r: number; g: number; b: number }): string => [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');

describe('a Tailwind CSS 4 invoice', () => {
  it('renders without a warning, its theme variables and layers applied', async () => {
    const laid = await layoutHtml(TEMPLATE, { baseDir: DIR });
    const page = laid.pages[0]!;
    const title = boxes(page, (f) => f.box.element?.name === 'h1')[0]!;
    // text-indigo-700: oklch(45.7% 0.24 277.023) from `:root, :host` in @layer theme, as Chromium prints it
    expect(hex(title.style.color)).toBe('432dd7');
    expect(title.style.fontSize).toBe(24); // text-2xl, a utility beating preflight's `h1 { font-size: inherit }`
    expect(title.style.fontWeight).toBe(700);
  });

  it('draws the utilities that need modern CSS', async () => {
    const page = (await layoutHtml(TEMPLATE, { baseDir: DIR })).pages[0]!;
    // rounded-full is calc(infinity * 1px): a pill
    const badge = boxes(page, byClass('rounded-full'))[0]!;
    expect(badge.style.borderTopLeftRadius).toEqual([33_554_431, 33_554_431]);
    // shadow-md and ring-1 compose box-shadow from @property initial values
    const card = boxes(page, byClass('shadow-md'))[0]!;
    expect(card.style.boxShadow.length).toBe(6);
    expect(card.style.boxShadow.filter((s) => s.color.a > 0).map((s) => [s.y, s.blur, s.spread])).toEqual([[0, 0, 1], [4, 6, -1], [2, 4, -2]]);
    // bg-indigo-600/90: color-mix(in oklab, … 90%, transparent)
    const total = boxes(page, byClass('bg-indigo-600/90'))[0]!;
    expect(total.style.backgroundColor.a).toBeCloseTo(0.9, 5);
    // w-1/5 (an escaped class name) on the amount column
    const table = boxes(page, (f) => f.box.element?.name === 'table' && f.box.kind !== 'table-wrapper')[0] ?? boxes(page, (f) => f.box.element?.name === 'table')[0]!;
    const amount = boxes(page, byClass('w-1/5'))[0]!;
    expect(amount.width).toBeCloseTo(table.width / 5, 1);
    // `text-left` on the header row keeps its th cells left (HTML §15.3.8: th centres only under an initial text-align)
    const description = boxes(page, (f) => f.box.element?.name === 'th')[0]!;
    expect(description.style.textAlign).toBe('left');
  });
});
