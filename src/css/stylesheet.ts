/**
 * The parsed form of a stylesheet (cached per engine by source text) and the per-render
 * `Stylesheet` that places one in the cascade (origin, file, line offset, media).
 */
import type { DiagnosticCode } from '../diagnostics.js';
import type { DomElement } from '../dom/types.js';
import type { RulePseudo, ScrollbarPseudoClass, CounterStyleRule, FontFaceRule, PageSelector, RawDeclaration } from './types.js';
import type { MediaPredicate } from './media.js';
import type { ContainerCondition } from './container-query.js';
import type { AncestorKeys } from './ancestor-filter.js';
import type { PropertySyntax } from './property-syntax.js';

export type Origin = 'user-agent' | 'author';
export type CssWideKeyword = 'inherit' | 'initial' | 'unset' | 'revert' | 'revert-layer';

/** Where a declaration's value goes: a longhand slot, a flow-relative pair, or a custom property. */
export type Slot =
  | { readonly kind: 'longhand'; readonly index: number }
  /** `flows`: the longhand in each writing mode (properties/logical.ts FLOW_MODES), left to right then right to left. */
  | { readonly kind: 'logical'; readonly ltr: number; readonly rtl: number; readonly flows: readonly number[] }
  | { readonly kind: 'custom'; readonly name: string };

export type DeclaredValue =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'keyword'; readonly keyword: CssWideKeyword }
  /** Contains `var()`: parsed after substitution (CSS Variables 1 §3). */
  | PendingValue
  | { readonly kind: 'custom'; readonly text: string };

/**
 * A value substituted per element (`var()`, `attr()`), with where it is declared in its sheet's or
 * `style` attribute's text: a value invalid once substituted is warned there (pending-values.ts).
 */
export interface PendingValue {
  readonly kind: 'pending';
  readonly text: string;
  readonly shorthand: string | undefined;
  readonly longhand: string;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
}

export interface Declaration {
  /** Longhand (or custom property) name, for messages. */
  readonly property: string;
  readonly slot: Slot;
  readonly value: DeclaredValue;
  readonly important: boolean;
}

export interface SelectorEntry {
  readonly text: string;
  /** a*1e6 + b*1e3 + c (Selectors 4 §17). */
  readonly specificity: number;
  readonly pseudo: RulePseudo | undefined;
  /** A scrollbar part's pseudo-classes (`::-webkit-scrollbar:horizontal`): the part must be in each (css/custom-scrollbar.ts). */
  readonly scrollbarStates?: readonly ScrollbarPseudoClass[] | undefined;
  readonly match: (element: DomElement) => boolean;
  /** The tags, classes and ids the subject's ancestors must have (ancestor-filter.ts); undefined: none. */
  readonly ancestors: AncestorKeys | undefined;
  /** In an `@scope` rule: the generations up to the element's scoping root (css/scope.ts), weighed after specificity. */
  readonly proximity?: ((element: DomElement) => number) | undefined;
  /** Rightmost compound's most selective simple selector, for rule buckets. */
  readonly bucket:
    | { readonly kind: 'id' | 'class' | 'tag' | 'attribute' | 'universal'; readonly key: string }
    /** `:is(ol, ul)` as the rightmost compound: filed under each tag. */
    | { readonly kind: 'tags'; readonly keys: readonly string[] };
}

export interface StyleRule {
  readonly selectors: readonly SelectorEntry[];
  readonly normal: readonly Declaration[];
  readonly important: readonly Declaration[];
  /** Conditions of the enclosing `@media` rules (all must hold). */
  readonly media: readonly MediaPredicate[];
  readonly line: number;
  /** The cascade layer (CSS Cascade 5 §6.4) the rule is in, as a path of names; undefined: unlayered. */
  readonly layer: LayerPath | undefined;
  /**
   * Declarations that have no effect (an unsupported property, a value not honoured), reported
   * only when the rule matches an element of the document (cascade.ts): a framework's rules for
   * widgets the document does not use say nothing.
   */
  readonly noEffect?: readonly SheetWarning[];
  /** Conditions of the enclosing `@container` rules (all must hold for the element's query containers). */
  readonly containers?: readonly ContainerCondition[];
}

/**
 * A cascade layer's name path (`@layer framework.base` -> ['framework', 'base']). An anonymous
 * layer's name starts with `\0` and is unique within its sheet.
 */
export type LayerPath = readonly string[];

/** A warning found while parsing, replayed into every render that uses the sheet. */
export interface SheetWarning {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
}

export interface ImportRule {
  readonly url: string;
  readonly media: MediaPredicate;
  readonly line: number;
  readonly column?: number | undefined;
  /** `layer` / `layer(name)`: the imported sheet's rules go into this layer. */
  readonly layer: LayerPath | undefined;
}

export interface ParsedPageRule {
  readonly selectors: readonly PageSelector[];
  readonly specificity: readonly [number, number, number];
  readonly declarations: readonly RawDeclaration[];
  readonly marginBoxes: Readonly<Record<string, readonly RawDeclaration[]>>;
  readonly media: readonly MediaPredicate[];
}

export interface ParsedSheet {
  readonly rules: readonly StyleRule[];
  readonly imports: readonly ImportRule[];
  readonly fontFaces: readonly { readonly rule: FontFaceRule; readonly media: readonly MediaPredicate[] }[];
  /** `@counter-style` rules, in order. */
  readonly counterStyles: readonly { readonly rule: CounterStyleRule; readonly media: readonly MediaPredicate[] }[];
  /** `@page` rules; declaration lines are relative to the sheet text. */
  readonly pages: readonly ParsedPageRule[];
  readonly warnings: readonly SheetWarning[];
  /** Every layer the sheet names, in order of first appearance (statements and blocks): the layer order. */
  readonly layers: readonly LayerPath[];
  /** How many of `layers` come before the sheet's `@import`s (they are ordered before the imported sheets' layers). */
  readonly leadingLayers: number;
  /** `@property` rules, in order. */
  readonly properties: readonly RegisteredProperty[];
}

/**
 * A custom property registered by `@property` (CSS Properties and Values API 1 §3): whether it
 * inherits, its initial value as token text (computed; undefined: the guaranteed-invalid value),
 * and its syntax (undefined: the universal `*`, whose values stay as written).
 */
export interface RegisteredProperty {
  readonly name: string;
  readonly inherits: boolean;
  readonly initial: string | undefined;
  readonly syntax?: PropertySyntax | undefined;
}

/** A stylesheet placed in a document's cascade. */
export interface Stylesheet {
  readonly origin: Origin;
  /** Absolute URL of the file (linked/imported sheets), or undefined for `<style>` and the UA sheet. */
  readonly url: string | undefined;
  /** Name used in diagnostics (file path, template name, `ua.css`). */
  readonly file: string;
  /** Added to sheet-relative line numbers (a `<style>` element's position in the template). */
  readonly lineOffset: number;
  /** Added to columns of the sheet's first line: a `<style>` whose CSS starts on the line of its tag. */
  readonly columnOffset?: number;
  /** Media conditions from `<link media>`, `<style media>` and `@import ... media`. */
  readonly media: readonly MediaPredicate[];
  readonly parsed: ParsedSheet;
  /** The layer an `@import ... layer()` put the sheet in (its own layers nest inside it). */
  readonly layer?: LayerPath | undefined;
  /** The text of a linked or imported sheet: where its `url()` were written (../dom/url-origins.ts). */
  readonly source?: string;
}

/** Where a sheet's text is in its file. */
export type SheetPlace = Pick<Stylesheet, 'lineOffset' | 'columnOffset'>;

/** A line and column of a sheet's text as a line and column of the file that holds it. */
export function placeInFile(sheet: SheetPlace, line: number, column: number | undefined): { line: number; column?: number } {
  const shift = line === 1 ? sheet.columnOffset ?? 0 : 0;
  return { line: line + sheet.lineOffset, ...(column === undefined ? {} : { column: column + shift }) };
}
