/**
 * Layout tests as data (docs/design.md §3): lay out tiny HTML and print the fragment geometry,
 * one fragment per line, e.g. `  div.a 8,8 300x110`. Layout leaves each fragment in its parent's
 * frame (docs/architecture.md, "Fragment frames") and paint resolves positions as it walks; the
 * tests read page coordinates, which `inPageFrame` resolves the same way.
 */
import { createInternalEngine } from '../../src/render.js';
import type { LaidOutDocument } from '../../src/render.js';
import type { Fragment, PageLayout, TextFragment } from '../../src/layout/types.js';
import { offsetFragment, placedBox } from '../../src/layout/fragment.js';
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

/**
 * Lays out `html` (no Handlebars data needed) and returns the pages in page coordinates (not to be
 * painted: paint resolves the frames itself); fails on unexpected warnings.
 */
export async function layoutHtml(html: string, options: LayoutOptions = {}): Promise<LaidOutDocument> {
  return inPageFrames(await layoutInFrames(html, options));
}

/** Lays out `html` and returns the pages as layout makes them, each fragment in its parent's frame (what paint takes). */
export async function layoutInFrames(html: string, options: LayoutOptions = {}): Promise<LaidOutDocument> {
  const { expectWarnings = [], ...render } = options;
  const laid = await engine.layout({ template: html, data: {}, ...render });
  checkDiagnostics(laid.diagnostics, expectWarnings);
  return laid;
}

/** The document's pages with every fragment in page coordinates (for tests that read positions). */
export function inPageFrames(laid: LaidOutDocument): LaidOutDocument {
  return { ...laid, pages: laid.pages.map(inPageFrame) };
}

/** A page with every fragment, margin boxes included, in page coordinates. */
export function inPageFrame(page: PageLayout): PageLayout {
  return { ...page, children: page.children.map((f) => toPageFrame(f, 0, 0)), marginBoxes: page.marginBoxes.map((f) => toPageFrame(f, 0, 0)) };
}

/**
 * The subtree in page coordinates, its parent's origin at (originX, originY) on the page: each
 * position resolved against its ancestors' — the sums paint makes (paint/placed.ts).
 */
export function toPageFrame(fragment: Fragment, originX: number, originY: number): Fragment {
  switch (fragment.kind) {
    case 'box': {
      const x = fragment.x + originX;
      const y = fragment.y + originY;
      return placedBox(fragment, x, y, fragment.height, fragment.children.map((child) => toPageFrame(child, x, y)));
    }
    case 'line': {
      const x = fragment.x + originX;
      const y = fragment.y + originY;
      return { ...fragment, x, y, baseline: fragment.baseline + originY, children: fragment.children.map((child) => toPageFrame(child, x, y)) };
    }
    default:
      return offsetFragment(fragment, originX, originY);
  }
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
  return findAllById(page, id, 1)[0];
}

/** The box fragments of an element with the given id on a page, in tree order (columns left to right), at most `limit`. */
export function findAllById(page: PageLayout, id: string, limit = Infinity): Fragment[] {
  const found: Fragment[] = [];
  const visit = (fragment: Fragment): void => {
    if (found.length >= limit) return;
    if (fragment.kind === 'box' && fragment.box.element?.attribs['id'] === id) found.push(fragment);
    if (fragment.kind === 'box' || fragment.kind === 'line') for (const child of fragment.children) visit(child);
  };
  for (const fragment of page.children) visit(fragment);
  return found;
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
