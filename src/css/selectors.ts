/**
 * Selectors (Selectors 4): specificity, the rightmost-compound bucket key and compilation with
 * css-select (on domhandler nodes). Pseudo-elements are split off: `p::before` compiles `p`.
 */
import { elementNameOf } from '../dom/svg-names.js';
import type { CssNode } from 'css-tree';
import { generate } from 'css-tree';
import { compile } from 'css-select';
import type { DomElement, DomNode } from '../dom/types.js';
import type { ControlPart, RulePseudo, ScrollbarPseudo, ScrollbarPseudoClass } from './types.js';
import type { SelectorEntry } from './stylesheet.js';
import { STRUCTURAL_PSEUDOS } from './nth.js';
import { STATE_PSEUDOS } from './state-pseudos.js';
import { compileNative } from './match-native.js';
import { CSS_SELECT_OPTIONS } from './css-select-options.js';
import { ancestorKeysOf } from './ancestor-filter.js';
import { forgivenSelector, hasForgivingList } from './forgiving.js';
import { childrenOf, unescaped } from './values/nodes.js';

export type SelectorResult =
  | { readonly ok: true; readonly entry: SelectorEntry }
  /**
   * `unrendered`: a valid selector octavo parses but does not render (`::first-line`...): only this
   * selector of its list is dropped. `interactive`: the same, for what no printed page shows (no
   * warning). `unsupported`/`invalid`: the whole rule is dropped, as browsers do.
   */
  | { readonly ok: false; readonly reason: 'unsupported' | 'invalid' | 'unrendered' | 'interactive'; readonly message: string };

/** Chromium's names of the parts of a progress bar, a meter and a slider, and octavo's (css/model/types.ts ControlPart). */
const CONTROL_PARTS: ReadonlyMap<string, ControlPart> = new Map<string, ControlPart>([
  ['-webkit-progress-bar', 'progress-bar'], ['-webkit-progress-value', 'progress-value'],
  ['-webkit-slider-runnable-track', 'slider-track'], ['-webkit-slider-thumb', 'slider-thumb'],
  ['-webkit-meter-inner-element', 'meter-inner-element'], ['-webkit-meter-bar', 'meter-bar'], ['-webkit-meter-optimum-value', 'meter-optimum-value'],
  ['-webkit-meter-suboptimum-value', 'meter-suboptimum-value'], ['-webkit-meter-even-less-good-value', 'meter-even-less-good-value'],
  ['-webkit-datetime-edit-fields-wrapper', 'datetime-fields-wrapper'],
]);
/** Chromium's custom scrollbar's pseudo-elements, by octavo's names (css/model/pseudo-elements.ts ScrollbarPseudo). */
const SCROLLBAR_PSEUDOS: ReadonlyMap<string, ScrollbarPseudo> = new Map<string, ScrollbarPseudo>([
  ['-webkit-scrollbar', 'scrollbar'], ['-webkit-scrollbar-thumb', 'scrollbar-thumb'], ['-webkit-scrollbar-track', 'scrollbar-track'],
  ['-webkit-scrollbar-track-piece', 'scrollbar-track-piece'], ['-webkit-scrollbar-button', 'scrollbar-button'], ['-webkit-scrollbar-corner', 'scrollbar-corner'],
]);
const SCROLLBAR_PSEUDO_NAMES = new Set<string>(SCROLLBAR_PSEUDOS.values());
const SUPPORTED_PSEUDO_ELEMENTS = new Set<string>(['before', 'after', 'marker', 'footnote-call', 'footnote-marker', 'first-letter', 'first-line', 'file-selector-button', ...SCROLLBAR_PSEUDO_NAMES, ...CONTROL_PARTS.values()]);
/**
 * The pseudo-classes Chromium allows after a scrollbar part's pseudo-element: those of the part's
 * state, and three a printed page never matches (a user action, an inactive window).
 */
const SCROLLBAR_PSEUDO_CLASSES = new Set<string>([
  'horizontal', 'vertical', 'decrement', 'increment', 'start', 'end', 'double-button', 'single-button', 'no-button', 'corner-present', 'enabled', 'disabled',
] satisfies ScrollbarPseudoClass[]);
const NEVER_PRINTED_SCROLLBAR_CLASSES = new Set(['hover', 'active', 'window-inactive']);
/**
 * Pseudo-classes of user action, which may follow a pseudo-element (Selectors 4 §3.6.3:
 * `::file-selector-button:hover`, `::-webkit-slider-thumb:active`): valid, never matched on paper.
 */
const USER_ACTION_PSEUDOS = new Set(['hover', 'active', 'focus', 'focus-visible', 'focus-within']);
/**
 * Valid pseudo-elements (CSS Pseudo 4) that octavo does not render, though a printed page could
 * show them: a custom resize grip is printed as Chromium's classic one (paint/resizer.ts).
 */
const UNRENDERED_PSEUDO_ELEMENTS = new Set<string>(['details-content', '-webkit-resizer']);
/**
 * Pseudo-elements of interaction and of widgets octavo does not draw (selections, form control
 * parts, a modal's backdrop): nothing on a printed page could show them, so they are dropped
 * without a warning, as CSS resets (Tailwind's preflight) write them for every document.
 */
const INTERACTIVE_PSEUDO_ELEMENTS = new Set<string>([
  'selection', 'placeholder', 'backdrop', 'target-text', 'spelling-error', 'grammar-error', 'cue',
  'search-text', 'scroll-marker', 'scroll-marker-group', 'scroll-button', 'picker', 'picker-icon', 'checkmark',
]);
/**
 * The parts of Chromium's date and time fields besides their fields' line (which octavo honours:
 * 'datetime-fields-wrapper'): valid in Chromium, so a list naming them with the wrapper (Bootstrap's
 * reboot: `::-webkit-datetime-edit-fields-wrapper, ::-webkit-datetime-edit-text, ... { padding: 0 }`)
 * keeps its other selectors; not drawn apart by octavo, they are dropped without a warning, as
 * another engine's prefixed selectors are (css/parse.ts).
 */
const UNDRAWN_DATE_TIME_PARTS = new Set<string>([
  '-webkit-datetime-edit', '-webkit-datetime-edit-text', '-webkit-date-and-time-value', '-webkit-datetime-edit-ampm-field',
  ...['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millisecond'].map((field) => `-webkit-datetime-edit-${field}-field`),
]);

/** CSS 2 pseudo-elements that may be written with one colon. */
const LEGACY_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter']);

type Specificity = [number, number, number];

/** Pseudo-classes that only match `a`, `area` and `link` elements (css-select's `:any-link`). */
const LINK_PSEUDOS = new Set(['link', 'visited', 'any-link', 'local-link']);

function add(a: Specificity, b: Specificity): Specificity {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

function pack(s: Specificity): number {
  return Math.min(s[0], 999) * 1e6 + Math.min(s[1], 999) * 1e3 + Math.min(s[2], 999);
}

function max(list: Specificity[]): Specificity {
  return list.reduce((best, s) => (pack(s) > pack(best) ? s : best), [0, 0, 0] as Specificity);
}

/** Specificity of a selector list argument: the most specific complex selector. */
function listSpecificity(node: CssNode | undefined): Specificity {
  if (node === undefined) return [0, 0, 0];
  if (node.type === 'SelectorList') return max(childrenOf(node).map(selectorSpecificity));
  if (node.type === 'Selector') return selectorSpecificity(node);
  return [0, 0, 0];
}

/** Selectors 4 §17: (ids, classes/attributes/pseudo-classes, types/pseudo-elements). */
export function selectorSpecificity(selector: CssNode): Specificity {
  let result: Specificity = [0, 0, 0];
  for (const node of childrenOf(selector)) {
    switch (node.type) {
      case 'IdSelector': result = add(result, [1, 0, 0]); break;
      case 'ClassSelector':
      case 'AttributeSelector': result = add(result, [0, 1, 0]); break;
      case 'TypeSelector': if (node.name !== '*' && !node.name.endsWith('|*')) result = add(result, [0, 0, 1]); break;
      case 'PseudoElementSelector': result = add(result, [0, 0, 1]); break;
      case 'PseudoClassSelector': result = add(result, pseudoClassSpecificity(node)); break;
      default: break;
    }
  }
  return result;
}

function pseudoClassSpecificity(node: CssNode & { type: 'PseudoClassSelector' }): Specificity {
  const name = node.name.toLowerCase();
  if (LEGACY_PSEUDO_ELEMENTS.has(name)) return [0, 0, 1];
  const args = childrenOf(node);
  switch (name) {
    case 'where': return [0, 0, 0];
    case 'is':
    case 'not':
    case 'has':
    case 'matches':
    case '-webkit-any':
    case 'any': return listSpecificity(args[0]);
    case 'nth-child':
    case 'nth-last-child': {
      const nth = args[0];
      const of = nth?.type === 'Nth' ? nth.selector ?? undefined : undefined;
      return add([0, 1, 0], listSpecificity(of));
    }
    default: return [0, 1, 0];
  }
}

function pseudoElementName(node: CssNode): string | undefined {
  if (node.type === 'PseudoElementSelector') {
    const name = node.name.toLowerCase();
    // Chromium's older name of the file chooser's button (Bootstrap 5 styles both)
    return name === '-webkit-file-upload-button' ? 'file-selector-button' : SCROLLBAR_PSEUDOS.get(name) ?? CONTROL_PARTS.get(name) ?? name;
  }
  if (node.type === 'PseudoClassSelector' && LEGACY_PSEUDO_ELEMENTS.has(node.name.toLowerCase())) return node.name.toLowerCase();
  return undefined;
}

/** The rightmost compound's id, else a class, else its type, else universal. */
function bucketOf(nodes: readonly CssNode[]): SelectorEntry['bucket'] {
  let start = nodes.length;
  while (start > 0 && nodes[start - 1]!.type !== 'Combinator') start--;
  const compound = nodes.slice(start);
  const id = compound.find((n) => n.type === 'IdSelector');
  if (id?.type === 'IdSelector') return { kind: 'id', key: unescaped(id.name) };
  const cls = compound.find((n) => n.type === 'ClassSelector');
  if (cls?.type === 'ClassSelector') return { kind: 'class', key: unescaped(cls.name) };
  const type = compound.find((n) => n.type === 'TypeSelector');
  if (type?.type === 'TypeSelector' && type.name !== '*' && !type.name.includes('|')) return { kind: 'tag', key: elementNameOf(unescaped(type.name).toLowerCase()) };
  for (const node of compound) {
    const tags = node.type === 'PseudoClassSelector' ? typeList(node) : undefined;
    if (tags !== undefined) return { kind: 'tags', keys: tags };
  }
  const attribute = compound.find((n) => n.type === 'AttributeSelector');
  if (attribute?.type === 'AttributeSelector' && attribute.name.type === 'Identifier') {
    return { kind: 'attribute', key: unescaped(attribute.name.name).toLowerCase() };
  }
  return { kind: 'universal', key: '*' };
}

/** The tags of `:is(a, b)` / `:where(a, b)` when every argument is a lone type selector. */
function typeList(node: CssNode & { type: 'PseudoClassSelector' }): string[] | undefined {
  const name = node.name.toLowerCase();
  if (LINK_PSEUDOS.has(name)) return ['a', 'area', 'link'];
  if (name !== 'is' && name !== 'where' && name !== 'matches') return undefined;
  const list = childrenOf(node)[0];
  if (list?.type !== 'SelectorList') return undefined;
  const tags: string[] = [];
  for (const selector of childrenOf(list)) {
    const parts = childrenOf(selector);
    const only = parts[0];
    if (parts.length !== 1 || only?.type !== 'TypeSelector' || only.name === '*' || only.name.includes('|')) return undefined;
    tags.push(elementNameOf(only.name.toLowerCase()));
  }
  return tags.length > 0 ? tags : undefined;
}

const NEVER = (): boolean => false;

/**
 * A pseudo-class allowed after a pseudo-element that no printed page matches: a user action, or an
 * `:is()`/`:where()`, whose forgiving list keeps only user actions there (anything else is not
 * allowed after a pseudo-element) and so matches on paper no more than they do.
 */
function isUserAction(node: CssNode): boolean {
  if (node.type !== 'PseudoClassSelector') return false;
  const name = node.name.toLowerCase();
  return USER_ACTION_PSEUDOS.has(name) || name === 'is' || name === 'where';
}

/** `:host`, `:host()` and `:host-context()` match shadow hosts, and documents octavo renders have no shadow trees. */
function isShadowHost(node: CssNode): boolean {
  return node.type === 'PseudoClassSelector' && (node.name.toLowerCase() === 'host' || node.name.toLowerCase() === 'host-context');
}

// `host`: so that `svg:not(:host)` (Pico) matches every svg, as in a document without shadow trees
const COMPILE_OPTIONS = { ...CSS_SELECT_OPTIONS, pseudos: { ...STRUCTURAL_PSEUDOS, ...STATE_PSEUDOS, host: NEVER } } as const;

/** Turns one css-tree `Selector` into a cascade entry, or explains why it cannot be used. */
export function compileSelector(selector: CssNode): SelectorResult {
  const result = compileExactly(selector);
  if (result.ok || !hasForgivingList(selector)) return result;
  // an error elsewhere than in the lists is told as the selector was written
  const forgiven = compileExactly(forgivenSelector(selector, usableInList));
  return forgiven.ok ? forgiven : result;
}

/** A selector an `:is()`/`:where()` argument may keep: one octavo can match, not a pseudo-element, not a shadow host. */
function usableInList(selector: CssNode): boolean {
  if (childrenOf(selector).some(isShadowHost)) return false;
  const result = compileSelector(selector);
  return result.ok && result.entry.pseudo === undefined;
}

function compileExactly(selector: CssNode): SelectorResult {
  const text = generate(selector);
  const nodes = childrenOf(selector);
  let pseudo: RulePseudo | undefined;
  let scrollbarStates: ScrollbarPseudoClass[] | undefined;
  const kept: CssNode[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const name = pseudoElementName(node);
    if (name === undefined) { kept.push(node); continue; }
    if (SCROLLBAR_PSEUDO_NAMES.has(name) && pseudo === undefined) {
      const states = scrollbarPartStates(nodes.slice(i + 1), text);
      if (!Array.isArray(states)) return states;
      pseudo = name as ScrollbarPseudo;
      scrollbarStates = states.length > 0 ? states : undefined;
      break;
    }
    if (i !== nodes.length - 1 && nodes.slice(i + 1).every(isUserAction)) {
      return { ok: false, reason: 'interactive', message: `selector \`${text}\`: a user action is never printed` };
    }
    if (i !== nodes.length - 1 && !(name === 'marker' || name === 'before' || name === 'after')) {
      return { ok: false, reason: 'invalid', message: `selector \`${text}\`: a pseudo-element must come last` };
    }
    if (UNDRAWN_DATE_TIME_PARTS.has(name) && i === nodes.length - 1) {
      return { ok: false, reason: 'interactive', message: `selector \`${text}\`: ::${name} is not drawn apart` };
    }
    if (INTERACTIVE_PSEUDO_ELEMENTS.has(name) && i === nodes.length - 1) {
      return { ok: false, reason: 'interactive', message: `selector \`${text}\`: ::${name} is never printed` };
    }
    if (UNRENDERED_PSEUDO_ELEMENTS.has(name) && i === nodes.length - 1) {
      return { ok: false, reason: 'unrendered', message: `selector \`${text}\`: ::${name} is parsed but not rendered` };
    }
    if (!SUPPORTED_PSEUDO_ELEMENTS.has(name)) {
      return { ok: false, reason: 'unsupported', message: `pseudo-element ::${name}` };
    }
    if (pseudo !== undefined || i !== nodes.length - 1) {
      return { ok: false, reason: 'unsupported', message: `selector \`${text}\`` };
    }
    pseudo = name as RulePseudo;
  }
  const last = kept[kept.length - 1];
  const matchText = kept.length === 0 || last?.type === 'Combinator'
    ? `${kept.map((n) => generate(n)).join('')}*`
    : kept.map((n) => generate(n)).join('');
  let match: ((element: DomElement) => boolean) | undefined = kept.some(isShadowHost) ? NEVER : compileNative(kept);
  try {
    match ??= compile<DomNode, DomElement>(matchText, COMPILE_OPTIONS) as (element: DomElement) => boolean;
  } catch (error) {
    return { ok: false, reason: 'unsupported', message: `selector \`${text}\` (${(error as Error).message})` };
  }
  return {
    ok: true,
    entry: { text, specificity: pack(selectorSpecificity(selector)), pseudo, scrollbarStates, match, ancestors: ancestorKeysOf(kept), bucket: bucketOf(kept) },
  };
}

/** The scrollbar pseudo-classes after a scrollbar part's pseudo-element, or why the selector is not used. */
function scrollbarPartStates(after: readonly CssNode[], text: string): ScrollbarPseudoClass[] | SelectorResult {
  const states: ScrollbarPseudoClass[] = [];
  for (const node of after) {
    const name = node.type === 'PseudoClassSelector' ? node.name.toLowerCase() : '';
    if (NEVER_PRINTED_SCROLLBAR_CLASSES.has(name)) return { ok: false, reason: 'interactive', message: `selector \`${text}\`: :${name} is never printed` };
    if (!SCROLLBAR_PSEUDO_CLASSES.has(name) || node.type !== 'PseudoClassSelector' || node.children !== null) {
      return { ok: false, reason: 'invalid', message: `selector \`${text}\`: only a scrollbar's pseudo-classes may follow its pseudo-element` };
    }
    states.push(name as ScrollbarPseudoClass);
  }
  return states;
}
