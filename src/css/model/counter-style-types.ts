/** Counter styles (CSS Counter Styles 3): `@counter-style` rules and a document's set of styles. */

/** A counter style's algorithm (CSS Counter Styles 3 §3.1.1); `extends` takes another style's. */
export type CounterSystemName = 'cyclic' | 'numeric' | 'alphabetic' | 'symbolic' | 'additive' | 'fixed' | 'extends';

/** An `@counter-style` rule (CSS Counter Styles 3 §3): the descriptors it gives (undefined: not given). */
export interface CounterStyleRule {
  readonly name: string;
  readonly system: CounterSystemName;
  /** `fixed <integer>`: the value of the first symbol. */
  readonly first?: number;
  readonly extends?: string;
  readonly symbols?: readonly string[];
  /** `additive-symbols`: weights and symbols. */
  readonly additive?: readonly (readonly [number, string])[];
  readonly negative?: readonly [string, string];
  readonly prefix?: string;
  readonly suffix?: string;
  readonly range?: readonly (readonly [number, number])[];
  readonly pad?: readonly [number, string];
  readonly fallback?: string;
}

/** A document's counter styles (css/counter-styles.ts `CounterStyles`), by name. */
export interface CounterStyleSet {
  /** Whether the name is a counter style of the document (`none` included). */
  has(name: string): boolean;
  /** A counter value's representation in the style (CSS Counter Styles 3 §3.1; unknown: decimal). */
  format(value: number, style: string): string;
  /** A list marker's text: the style's prefix, the representation, its suffix. */
  marker(value: number, style: string): string;
  /** Every character a counter in the style may print. */
  characters(style: string): string;
}
