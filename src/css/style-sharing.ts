/**
 * Style sharing, within a render and across the renders of one template. An element's computed
 * style depends only on its parent's style, the selectors it matched, its style attribute and
 * presentational hints, and whether it is the root (plus the root font size, the page area and
 * the base URL, which are fixed per stylesheet list). So every element whose inputs are the same
 * gets the same ElementStyles object: siblings with the same classes, and — since the rule index
 * and the sharing trie are kept per stylesheet list — the same elements of the next document
 * made from the same template. Styled elements then cost a rule match and a few map lookups.
 *
 * Structural selectors (`:nth-child`, `:first-child`, `:empty`...) need no special case: they
 * are decided per element by the match, and a selector matched by one sibling and not by the
 * other makes their keys differ.
 */
import type { Diagnostics } from '../diagnostics.js';
import type { ComputedStyle, ControlPart, Display, KeptPageStyles } from './types.js';
import type { CustomProperties, PropertyRegistry } from './custom-properties.js';
import { propertyRegistry } from './custom-properties.js';
import type { MediaEnvironment } from './media.js';
import type { IndexedSelector, RuleIndex } from './rule-index.js';
import { buildRuleIndex } from './rule-index.js';
import type { ParsedSheet, Stylesheet } from './stylesheet.js';
import { BoundedCache } from '../cache/bounded.js';

/** A control's parts' styles (cascade.ts controlPartStyles), present on progress, meter and range inputs only. */
export type ControlPartStyles = { readonly [P in ControlPart]?: ComputedStyle | undefined };

export interface ElementStyles extends ControlPartStyles {
  readonly style: ComputedStyle;
  readonly custom: CustomProperties;
  readonly before: ComputedStyle | undefined;
  readonly after: ComputedStyle | undefined;
  readonly marker: ComputedStyle | undefined;
  readonly 'footnote-call'?: ComputedStyle | undefined;
  readonly 'footnote-marker'?: ComputedStyle | undefined;
  /** An `<input type=file>`'s button (boxes/form-pickers.ts). */
  readonly 'file-selector-button'?: ComputedStyle | undefined;
  /**
   * The element's matched ::first-letter rules (undefined: none). Its style is computed where its
   * letter is found, with that text's parent style (StyledDocument.firstLetterStyle).
   */
  readonly firstLetter: readonly IndexedSelector[] | undefined;
  /** The same for ::first-line, whose style is its block's first line's (StyledDocument.firstLineStyle). */
  readonly firstLine: readonly IndexedSelector[] | undefined;
  /** Style-sharing trie of this style's children, by matched selectors. */
  children: ShareNode | undefined;
  /**
   * The render that computed this entry while it reported warnings (a `var()` without a
   * value...): reused only within that render, so that every render reports them. Undefined:
   * shared by every render.
   */
  readonly owner?: object | undefined;
  /**
   * Of a `display: contents` element: the display of the box its children are in, its nearest
   * ancestor's that has one (CSS Display 3 §2.5) — children of a `contents` element in a flex or
   * grid container are its items, blockified (Blink's layout parent style).
   */
  readonly boxParentDisplay?: Display | undefined;
}

/**
 * A trie over the ids of the matched selectors (in cascade order); the leaf is keyed by what
 * else decides the style: the style attribute, presentational hints and being the root.
 */
export interface ShareNode {
  next: Map<number, ShareNode> | undefined;
  leaf: Map<string, ElementStyles> | undefined;
}

/** What the cascade keeps per stylesheet list between renders. */
export interface CascadeMemo {
  readonly index: RuleIndex;
  /** The `@property` registrations of the sheets. */
  readonly registry: PropertyRegistry;
  readonly initialStyle: ComputedStyle;
  /** The trie root: the "parent" of the root element. */
  readonly top: ElementStyles;
  /** Anonymous box styles by parent style and display (CSS 2 §9.2.1.1). */
  readonly anonymous: WeakMap<ComputedStyle, Map<Display, ComputedStyle>>;
  /** Page boxes and margin-box styles of the sheets' `@page` rules (css/page.ts). */
  readonly pageStyles: KeptPageStyles;
  /** ElementStyles stored in the trie so far (the memo is dropped past MAX_SHARED_STYLES). */
  entries: number;
  /** A style of the trie read estimated font metrics (CascadeContext `fontMetrics` absent): its renders style again once fonts load. */
  estimatedFontUnits: boolean;
}

/**
 * Most entries one memo's trie may hold before it is started afresh: style attributes filled
 * from data (`style="width: {{percent}}%"`) would otherwise grow it without limit.
 */
export const MAX_SHARED_STYLES = 4096;
/** Most stylesheet lists remembered per last stylesheet (its media, page size, base URL). */
const MAX_MEMOS_PER_SHEET = 8;

/** Memos by the last active sheet (they go when the engine's stylesheet cache drops it), then by the full key. */
const memos = new WeakMap<ParsedSheet, BoundedCache<string, CascadeMemo>>();
const sheetIds = new WeakMap<ParsedSheet, number>();
let nextSheetId = 0;

function sheetId(sheet: ParsedSheet): number {
  let id = sheetIds.get(sheet);
  if (id === undefined) {
    id = nextSheetId++;
    sheetIds.set(sheet, id);
  }
  return id;
}

export interface MemoInputs {
  readonly sheets: readonly Stylesheet[];
  readonly env: MediaEnvironment;
  readonly viewport: { readonly width: number; readonly height: number };
  readonly baseUrl: string | undefined;
  /** The loaded fonts' metrics key (DocumentFontMetrics), '' for estimated metrics: styles computed with other metrics are not shared. */
  readonly fontMetricsKey: string;
  /** Linting (CascadeContext.lint): its styles carry warnings a render's do not, and are not shared with them. */
  readonly lint: boolean;
  /** The initial style, computed only when a new memo is made. */
  readonly initialStyle: () => ComputedStyle;
}

/** The memo of this stylesheet list, page and base URL: found, or made (and remembered). */
export function cascadeMemo(inputs: MemoInputs): CascadeMemo {
  const { sheets, env, viewport, baseUrl, fontMetricsKey, lint } = inputs;
  const active = sheets.filter((sheet) => sheet.media.every((m) => m(env)));
  const key = `${env.width}x${env.height}|${viewport.width}x${viewport.height}|${baseUrl ?? ''}|${fontMetricsKey}|${lint ? 'lint' : ''}|${active.map((s) => `${s.origin === 'user-agent' ? 'u' : 'a'}${sheetId(s.parsed)}`).join(',')}`;
  const last = active[active.length - 1]?.parsed;
  let byKey = last === undefined ? undefined : memos.get(last);
  const found = byKey?.get(key);
  if (found !== undefined && found.entries <= MAX_SHARED_STYLES) return found;
  const initialStyle = inputs.initialStyle();
  const registry = propertyRegistry(active);
  const memo: CascadeMemo = {
    index: buildRuleIndex(active, env),
    registry,
    initialStyle,
    top: newElementStyles(initialStyle, registry.initial),
    anonymous: new WeakMap(),
    pageStyles: { pages: new WeakMap(), marginBoxes: new WeakMap() },
    entries: 0,
    estimatedFontUnits: false,
  };
  if (last !== undefined) {
    if (byKey === undefined) memos.set(last, byKey = new BoundedCache('css.cascade-memos', MAX_MEMOS_PER_SHEET));
    byKey.set(key, memo);
  }
  return memo;
}

function newElementStyles(style: ComputedStyle, custom: CustomProperties): ElementStyles {
  return { style, custom, before: undefined, after: undefined, marker: undefined, firstLetter: undefined, firstLine: undefined, children: undefined };
}

/** The trie leaf map for these matched selector ids under `parent` (made on the way). */
export function shareLeaf(parent: ElementStyles, ids: readonly { readonly id: number }[]): Map<string, ElementStyles> {
  let node = parent.children ??= { next: undefined, leaf: undefined };
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!.id;
    let next = (node.next ??= new Map()).get(id);
    if (next === undefined) {
      next = { next: undefined, leaf: undefined };
      node.next.set(id, next);
    }
    node = next;
  }
  return node.leaf ??= new Map();
}

/** A warning sink that counts what passes through it (to know whether a computation warned). */
export interface CountingDiagnostics {
  readonly warn: Diagnostics['warn'];
  readonly count: () => number;
}

export function countingDiagnostics(diagnostics: Pick<Diagnostics, 'warn'>): CountingDiagnostics {
  let count = 0;
  return {
    warn: (...args) => {
      count++;
      diagnostics.warn(...args);
    },
    count: () => count,
  };
}
