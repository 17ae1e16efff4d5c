/**
 * The shape of a property definition (CSS Cascade 4 §4: declared -> specified -> computed).
 * A longhand parses css-tree value nodes into a specified value once per stylesheet, and
 * computes it per element; a shorthand parses into its longhands (CSS Cascade 4 §1.2).
 */
import type { Color, ColorScheme, ComputedStyle } from '../model/types.js';
import type { Invalid, Nodes } from '../values/nodes.js';
import { INVALID, singleIdent } from '../values/nodes.js';
import type { LengthContext } from '../values/units.js';

export { INVALID };
export type { Invalid, Nodes };

export interface ParseContext {
  /** URL of the stylesheet, for `url()`. */
  readonly baseUrl: string | undefined;
  /** Reports valid CSS octavo does not implement (a `css_unsupported` warning at the declaration). */
  unsupported(feature: string): void;
}

/** What a computed-value function may read. */
export interface ComputeContext extends LengthContext {
  readonly parent: ComputedStyle;
  /** The element's computed `color` (for `currentcolor`). */
  readonly color: Color;
  /** The element's used colour scheme (for `light-dark()` and system colours). */
  readonly colorScheme: ColorScheme;
  /** True for the root element (`font-size: rem` of the root uses the initial size). */
  readonly isRoot: boolean;
}

/**
 * Keys of ComputedStyle set by a property (`displayBeforeBlockify` is kept by the blockification
 * fix-up, `whiteSpace` derived from its longhands, `webkitBox` from the declared `display`,
 * `fontSizeKeyword` with `font-size`).
 */
export type StyleKey = Exclude<keyof ComputedStyle, 'displayBeforeBlockify' | 'quirkyMargins' | 'whiteSpace' | 'webkitBox' | 'fontSizeKeyword' | 'customScrollbar'>;

export interface LonghandDef<K extends StyleKey = StyleKey, S = unknown> {
  readonly kind: 'longhand';
  /** CSS name, lower case. */
  readonly name: string;
  readonly key: K;
  readonly inherited: boolean;
  readonly initial: ComputedStyle[K];
  /**
   * Set when the initial value depends on the element (e.g. `currentcolor`): it is computed
   * per element from this specified value instead of using `initial`.
   */
  readonly initialSpecified?: S;
  parse(nodes: Nodes, ctx: ParseContext): S | Invalid;
  compute(value: S, ctx: ComputeContext): ComputedStyle[K];
}

/** A shorthand's parse result: longhand name -> specified value, or `initial` for omitted parts. */
export type ShorthandValue = ReadonlyMap<string, unknown>;

/** Marker for a longhand a shorthand resets to its initial value. */
export const RESET: unique symbol = Symbol('reset-to-initial');

export interface ShorthandDef {
  readonly kind: 'shorthand';
  readonly name: string;
  readonly longhands: readonly string[];
  parse(nodes: Nodes, ctx: ParseContext): ShorthandValue | Invalid;
}

/** Any property whose value the registry validates but octavo does not render yet. */
export interface UnsupportedDef {
  readonly kind: 'unsupported';
  readonly name: string;
}

export type PropertyDef = LonghandDef<StyleKey, unknown> | ShorthandDef | UnsupportedDef;

/** Widens a typed longhand for storage in the heterogeneous registry. */
export function longhand<K extends StyleKey, S>(def: Omit<LonghandDef<K, S>, 'kind'>): LonghandDef<StyleKey, unknown> {
  return { kind: 'longhand', ...def } as unknown as LonghandDef<StyleKey, unknown>;
}

export function shorthand(name: string, longhands: readonly string[], parse: ShorthandDef['parse']): ShorthandDef {
  return { kind: 'shorthand', name, longhands, parse };
}

const identity = <T>(value: T): T => value;

/** A longhand whose value is one keyword out of a list, computed as specified. */
export interface KeywordProperty<K extends StyleKey> {
  readonly name: string;
  readonly key: K;
  readonly keywords: readonly ComputedStyle[K][];
  readonly initial: ComputedStyle[K];
  readonly inherited: boolean;
  /** Other keywords accepted as one of `keywords` (legacy or not-honoured values). */
  readonly aliases?: Readonly<Record<string, ComputedStyle[K]>>;
}

export function keywordProperty<K extends StyleKey>({ name, key, keywords, initial, inherited, aliases = {} }: KeywordProperty<K>): LonghandDef<StyleKey, unknown> {
  const allowed = new Set<string>(keywords as readonly string[]);
  return longhand<K, ComputedStyle[K]>({
    name,
    key,
    inherited,
    initial,
    parse: (nodes) => {
      const word = singleIdent(nodes);
      if (word === undefined) return INVALID;
      if (allowed.has(word)) return word as ComputedStyle[K];
      const alias = aliases[word];
      return alias !== undefined ? alias : INVALID;
    },
    compute: identity,
  });
}
