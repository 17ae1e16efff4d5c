/**
 * Layout tests as data (docs/design.md §3): lay out tiny HTML and print the fragment geometry,
 * one fragment per line, e.g. `  div.a 8,8 300x110`.
 */
import { createInternalEngine } from '../../src/render.js';
import type { LaidOutDocument } from '../../src/render.js';
import type { Fragment, PageLayout, TextFragment } from '../../src/layout/types.js';
import { checkDiagnostics } from './diagnostics.js';
import type { ExpectedDiagnostic } from './diagnostics.js';

const engine = createInternalEngine();

export interface LayoutOptions {
  readonly baseDir?: string;
  /**
   * Warnings the test expects (see checkDiagnostics). Every diagnostic must match one of them and
   * every one of them must match a diagnostic; without it any diagnostic fails the test.
   */
  readonly expectWarnings?: readonly ExpectedDiagnostic[];
  /** RenderOptions.glyphAdvances (default exact). */
  readonly glyphAdvances?: 'exact' | 'whole-px';
}

/** Lays out `html` (no Handlebars data needed) and returns the pages; fails on unexpected warnings. */
export async function layoutHtml(html: string, options: LayoutOptions = {}): Promise<LaidOutDocument> {
  const { expectWarnings = [], ...render } = options;
  const laid = await engine.layout({ template: html, data: {}, ...render });
  checkDiagnostics(laid.diagnostics, expectWarnings);
  return laid;
}

function round(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function label(fragment: Fragment): string {
  switch (fragment.kind) {
    case 'box': {
      const element = fragment.box.element;
      if (fragment.box.pseudo !== undefined) return `::${fragment.box.pseudo}`;
      if (element === undefined) return `anon-${fragment.box.kind}`;
      const cls = element.attribs['class'];
      return cls ? `${element.name}.${cls.trim().split(/\s+/).join('.')}` : element.name;
    }
    case 'line': return 'line';
    case 'text': return `text ${JSON.stringify(fragment.text)}`;
    case 'image': return 'image';
  }
}

/** `name x,y wxh` lines for a fragment tree, children indented. */
export function dumpFragment(fragment: Fragment, depth = 0, only?: (f: Fragment) => boolean): string[] {
  const lines: string[] = [];
  if (only === undefined || only(fragment)) {
    lines.push(`${'  '.repeat(depth)}${label(fragment)} ${round(fragment.x)},${round(fragment.y)} ${round(fragment.width)}x${round(fragment.height)}`);
  }
  if (fragment.kind === 'box' || fragment.kind === 'line') {
    for (const child of fragment.children) lines.push(...dumpFragment(child, depth + 1, only));
  }
  return lines;
}

export function dumpPage(page: PageLayout, only?: (f: Fragment) => boolean): string {
  return page.children.flatMap((fragment) => dumpFragment(fragment, 0, only)).join('\n');
}

/** Only element boxes (no lines or text): the block structure. */
export const boxesOnly = (f: Fragment): boolean => f.kind === 'box' && f.box.element !== undefined && f.box.pseudo === undefined;

/** The text fragments inside a fragment, in order. */
export function textFragments(fragment: Fragment): TextFragment[] {
  if (fragment.kind === 'text') return [fragment];
  if (fragment.kind === 'box' || fragment.kind === 'line') return fragment.children.flatMap(textFragments);
  return [];
}

/** Finds the first box fragment of an element with the given id on a page. */
export function findById(page: PageLayout, id: string): Fragment | undefined {
  const visit = (fragment: Fragment): Fragment | undefined => {
    if (fragment.kind === 'box' && fragment.box.element?.attribs['id'] === id) return fragment;
    if (fragment.kind === 'box' || fragment.kind === 'line') {
      for (const child of fragment.children) {
        const found = visit(child);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  for (const fragment of page.children) {
    const found = visit(fragment);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Lays out `html` with `layoutEngine` (strict diagnostics) and gives each id's first box on page 1
 * as `id wxh`, rounded to 0.01px — sizes to compare with Chromium's getBoundingClientRect.
 */
export async function sizesById(layoutEngine: ReturnType<typeof createInternalEngine>, html: string, ids: readonly string[]): Promise<string[]> {
  const laid = await layoutEngine.layout({ template: html, data: {} });
  checkDiagnostics(laid.diagnostics, []);
  return ids.map((id) => {
    const f = findById(laid.pages[0]!, id)!;
    return `${id} ${Math.round(f.width * 100) / 100}x${Math.round(f.height * 100) / 100}`;
  });
}
