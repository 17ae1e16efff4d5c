/**
 * Parsing of `@page` rules (CSS Paged Media 3 §3-5): page selectors with their specificity,
 * page-context declarations and margin-box at-rules, kept as raw declarations.
 */
import type { Atrule, CssNode } from 'css-tree';
import { generate } from 'css-tree';
import type { PageSelector, RawDeclaration } from './types.js';
import { parseAnB } from './nth.js';
import type { ParsedPageRule } from './stylesheet.js';
import type { MediaPredicate } from './media.js';
import { childrenOf } from './values/nodes.js';
import { excerpt } from '../diagnostics.js';

export const MARGIN_BOXES = new Set([
  'top-left-corner', 'top-left', 'top-center', 'top-right', 'top-right-corner',
  'bottom-left-corner', 'bottom-left', 'bottom-center', 'bottom-right', 'bottom-right-corner',
  'left-top', 'left-middle', 'left-bottom', 'right-top', 'right-middle', 'right-bottom',
]);

type PagePseudo = 'first' | 'left' | 'right' | 'blank';
const PSEUDOS = new Set<string>(['first', 'left', 'right', 'blank']);

export interface PageRuleContext {
  readonly source: string;
  /** The stylesheet's URL: relative `url()`s in the declarations resolve against it. */
  readonly baseUrl: string | undefined;
  readonly media: readonly MediaPredicate[];
  warn(code: 'css_parse' | 'css_unsupported', message: string, line: number | undefined): void;
}

/** `<page-selector-list>`; undefined when invalid. */
function parsePageSelectors(text: string): ParsedPageRule['selectors'] | undefined {
  if (text.trim() === '') return [{ pseudoClasses: [] }];
  const selectors: PageSelector[] = [];
  for (const part of text.split(/,(?![^(]*\))/)) {
    const match = /^\s*(-?[a-z_][\w-]*)?((?::[a-z-]+(?:\([^)]*\))?)*)\s*$/i.exec(part);
    if (!match) return undefined;
    const pseudoClasses: PagePseudo[] = [];
    let nth: { a: number; b: number; of?: string } | undefined;
    for (const [, name, arg] of (match[2] ?? '').matchAll(/:([a-z-]+)(?:\(([^)]*)\))?/gi)) {
      const lower = name!.toLowerCase();
      if (lower === 'nth' && arg !== undefined && nth === undefined) {
        nth = parseNth(arg);
        if (nth === undefined) return undefined;
      } else if (PSEUDOS.has(lower) && arg === undefined) pseudoClasses.push(lower as PagePseudo);
      else return undefined;
    }
    selectors.push({ ...(match[1] ? { name: match[1] } : {}), pseudoClasses, ...(nth ? { nth } : {}) });
  }
  return selectors;
}

/** `An+B [of <custom-ident>]` (CSS GCPM 3 §5.1: `of name` counts the pages of that page group). */
function parseNth(arg: string): { a: number; b: number; of?: string } | undefined {
  const match = /^(.*?)(?:\s+of\s+(-?[a-z_][\w-]*))?\s*$/i.exec(arg.trim());
  const anb = match === null ? undefined : parseAnB(match[1]!);
  if (anb === undefined) return undefined;
  return match![2] === undefined ? anb : { ...anb, of: match![2] };
}

/** CSS Paged Media 3 §3.4: (named, :first/:blank count, :left/:right count) of the most specific selector. */
function pageSpecificity(selectors: ParsedPageRule['selectors']): [number, number, number] {
  let best: [number, number, number] = [0, 0, 0];
  for (const s of selectors) {
    const spec: [number, number, number] = [
      s.name ? 1 : 0,
      s.pseudoClasses.filter((p) => p === 'first' || p === 'blank').length + (s.nth ? 1 : 0),
      s.pseudoClasses.filter((p) => p === 'left' || p === 'right').length,
    ];
    if (spec[0] * 1e6 + spec[1] * 1e3 + spec[2] > best[0] * 1e6 + best[1] * 1e3 + best[2]) best = spec;
  }
  return best;
}

function rawDeclaration(node: CssNode, source: string, baseUrl: string | undefined): RawDeclaration | undefined {
  if (node.type !== 'Declaration') return undefined;
  const loc = node.value.loc;
  const value = loc ? source.slice(loc.start.offset, loc.end.offset).trim() : generate(node.value);
  const result: RawDeclaration = {
    property: node.property.startsWith('--') ? node.property : node.property.toLowerCase(),
    value: value.replace(/\s*!\s*important\s*$/i, ''),
    important: node.important !== false,
    ...(baseUrl === undefined ? {} : { baseUrl }),
  };
  return node.loc ? { ...result, line: node.loc.start.line, column: node.loc.start.column } : result;
}

export function parsePageRule(rule: Atrule, ctx: PageRuleContext): ParsedPageRule | undefined {
  const preludeText = rule.prelude ? (rule.prelude.type === 'Raw' ? rule.prelude.value : generate(rule.prelude)) : '';
  const selectors = parsePageSelectors(preludeText);
  if (selectors === undefined) {
    ctx.warn('css_parse', `invalid @page selector \`${excerpt(preludeText, 60)}\``, rule.loc?.start.line);
    return undefined;
  }
  const declarations: RawDeclaration[] = [];
  const marginBoxes: Record<string, RawDeclaration[]> = {};
  for (const node of rule.block ? childrenOf(rule.block) : []) {
    if (node.type === 'Atrule') {
      const name = node.name.toLowerCase();
      // @footnote (CSS GCPM 3 §2.2) is kept with the margin boxes: a page area styled the same way
      if (!MARGIN_BOXES.has(name) && name !== 'footnote') {
        ctx.warn('css_unsupported', `@${name} in @page`, node.loc?.start.line);
        continue;
      }
      const decls = (node.block ? childrenOf(node.block) : []).map((d) => rawDeclaration(d, ctx.source, ctx.baseUrl)).filter((d): d is RawDeclaration => d !== undefined);
      marginBoxes[name] = [...(marginBoxes[name] ?? []), ...decls];
      continue;
    }
    const decl = rawDeclaration(node, ctx.source, ctx.baseUrl);
    if (decl !== undefined) declarations.push(decl);
    else if (node.type === 'Raw') ctx.warn('css_parse', `could not parse \`${excerpt(node.value, 60)}\` in @page`, node.loc?.start.line);
  }
  return { selectors, specificity: pageSpecificity(selectors), declarations, marginBoxes, media: ctx.media };
}
