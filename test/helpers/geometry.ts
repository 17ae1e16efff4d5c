/** Exact geometry of laid-out boxes by id, for the flex and grid layout tests. */
import type { PageLayout } from '../../src/layout/types.js';
import { findById, layoutHtml } from './layout.js';

export const PAGE = '@page { size: 600px 400px; margin: 0 } body { margin: 0 }';

/** `x,y wxh` of the fragment with this id (rounded to 1/100 px). */
export function box(page: PageLayout, id: string): string {
  const fragment = findById(page, id);
  if (fragment === undefined) throw new Error(`#${id} not laid out`);
  const r = (v: number): number => Math.round(v * 100) / 100;
  return `${r(fragment.x)},${r(fragment.y)} ${r(fragment.width)}x${r(fragment.height)}`;
}

/** `id x,y wxh` of each id on the first page. */
export async function geometry(body: string, ids: readonly string[], css = ''): Promise<string[]> {
  const doc = await layoutHtml(`<style>${PAGE} ${css}</style>${body}`);
  return ids.map((id) => `${id} ${box(doc.pages[0]!, id)}`);
}

/** `page: id x,y wxh` of each id on every page it is on. */
export async function pages(body: string, ids: readonly string[], css = ''): Promise<string[]> {
  const doc = await layoutHtml(`<style>${PAGE} ${css}</style>${body}`);
  return doc.pages.flatMap((page, i) => ids.filter((id) => findById(page, id) !== undefined).map((id) => `${i + 1}: ${id} ${box(page, id)}`));
}

/** Empty divs with ids a, b, c ... and these styles. */
export const items = (spec: readonly string[]): string => spec.map((style, i) => `<div id=${String.fromCharCode(97 + i)} style="${style}"></div>`).join('');
