/** `@page` rules as parsed and the page styles computed from them (CSS Paged Media 3, CSS GCPM 3). */
import type { ComputedStyle, LengthPercentageAuto } from './types.js';

/** Which pages an `@page` rule applies to (CSS Paged Media 3 §3). */
export interface PageSelector {
  readonly name?: string;
  readonly pseudoClasses: readonly ('first' | 'left' | 'right' | 'blank')[];
  /** `:nth(An+B)` (CSS GCPM 3 §5.1): matches page number `An+B` (1-based) for some n >= 0. */
  readonly nth?: { readonly a: number; readonly b: number; readonly of?: string };
}

export interface PageRule {
  readonly selectors: readonly PageSelector[];
  /** (a, b, c) specificity of the page selector, for ordering. */
  readonly specificity: readonly [number, number, number];
  /** Source order. */
  readonly order: number;
  /** Cascade origin; user-agent rules lose to author rules whatever their specificity. */
  readonly origin?: 'user-agent' | 'author';
  /** Raw declarations of the page context, validated by the css stage when a page style is computed. */
  readonly declarations: readonly RawDeclaration[];
  /** Margin boxes: `@top-center { ... }` keyed by their name without `@`. */
  readonly marginBoxes: Readonly<Record<string, readonly RawDeclaration[]>>;
}

export interface RawDeclaration {
  readonly property: string;
  /** Value source text, without `!important`. */
  readonly value: string;
  readonly important: boolean;
  /** Where relative `url()`s resolve (the stylesheet's URL). */
  readonly baseUrl?: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
}

/** Page context used to select `@page` rules. */
export interface PageContext {
  readonly index: number;
  readonly name?: string;
  readonly side: 'left' | 'right';
  readonly blank: boolean;
  /** 0-based index among the consecutive pages of the same name (the page group, for `:nth(An+B of name)`). */
  readonly groupIndex?: number;
}

/** The computed page box (CSS Paged Media 3 §5-7). */
export interface PageStyle {
  /** Page box size in px. */
  readonly width: number;
  readonly height: number;
  readonly marginTop: LengthPercentageAuto;
  readonly marginRight: LengthPercentageAuto;
  readonly marginBottom: LengthPercentageAuto;
  readonly marginLeft: LengthPercentageAuto;
  /** Full style of the page box (background, borders, padding...). */
  readonly style: ComputedStyle;
  /** `-octavo-shrink-to-fit: auto` (true) or `none` (false); absent when no rule sets it. */
  readonly shrinkToFit?: boolean;
  /** `bleed` (CSS Paged Media 3 §7.2): how far the page background runs past each edge of the page box, px; absent = 0. */
  readonly bleed?: number;
  /** `marks` (CSS Paged Media 3 §7.1): the printer's marks drawn in the bleed area; absent = none. */
  readonly marks?: PageMarks;
  /** `page-orientation` (CSS Paged Media 3 §7.3): degrees a viewer turns the page clockwise; absent = upright. */
  readonly rotate?: 90 | 270;
}

export interface PageMarks {
  readonly crop: boolean;
  readonly cross: boolean;
}
