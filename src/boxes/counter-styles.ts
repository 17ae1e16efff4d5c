/**
 * Predefined counter styles (CSS Counter Styles 3 §6, the ones HTML lists use).
 * `formatCounter` gives the representation; `markerText` adds the marker suffix (§3.1.6).
 */

type CounterSystem =
  | { readonly kind: 'numeric'; readonly digits: readonly string[] }
  | { readonly kind: 'alphabetic'; readonly letters: readonly string[] }
  | { readonly kind: 'cyclic'; readonly symbols: readonly string[] }
  | { readonly kind: 'additive-roman'; readonly upper: boolean }
  | { readonly kind: 'decimal-leading-zero' };

const DECIMAL = '0123456789'.split('');
const LOWER_LATIN = 'abcdefghijklmnopqrstuvwxyz'.split('');
const UPPER_LATIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const LOWER_GREEK = 'αβγδεζηθικλμνξοπρστυφχψω'.split('');

const STYLES: Readonly<Record<string, CounterSystem>> = {
  decimal: { kind: 'numeric', digits: DECIMAL },
  'decimal-leading-zero': { kind: 'decimal-leading-zero' },
  'lower-alpha': { kind: 'alphabetic', letters: LOWER_LATIN },
  'lower-latin': { kind: 'alphabetic', letters: LOWER_LATIN },
  'upper-alpha': { kind: 'alphabetic', letters: UPPER_LATIN },
  'upper-latin': { kind: 'alphabetic', letters: UPPER_LATIN },
  'lower-greek': { kind: 'alphabetic', letters: LOWER_GREEK },
  'lower-roman': { kind: 'additive-roman', upper: false },
  'upper-roman': { kind: 'additive-roman', upper: true },
  disc: { kind: 'cyclic', symbols: ['•'] },
  circle: { kind: 'cyclic', symbols: ['◦'] },
  square: { kind: 'cyclic', symbols: ['▪'] },
  'disclosure-open': { kind: 'cyclic', symbols: ['▾'] },
  'disclosure-closed': { kind: 'cyclic', symbols: ['▸'] },
};

const ROMAN: readonly (readonly [number, string])[] = [
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];

export function isKnownCounterStyle(name: string): boolean {
  return name === 'none' || name in STYLES;
}

/** The counter's representation in `style` (unknown styles fall back to decimal, §3.1). */
export function formatCounter(value: number, style: string): string {
  if (style === 'none') return '';
  const system = STYLES[style] ?? STYLES['decimal']!;
  return represent(Math.trunc(value), system) ?? represent(Math.trunc(value), STYLES['decimal']!)!;
}

/** Every character a counter in `style` may print (a unknown style prints decimal), its sign and the marker suffix included. */
export function counterStyleCharacters(style: string): string {
  const system = STYLES[style] ?? STYLES['decimal']!;
  switch (system.kind) {
    case 'numeric': return `${system.digits.join('')}-. `;
    case 'alphabetic': return `${system.letters.join('')}${DECIMAL.join('')}-. `;
    case 'cyclic': return `${system.symbols.join('')} `;
    case 'additive-roman': return `${ROMAN.map(([, symbol]) => (system.upper ? symbol : symbol.toLowerCase())).join('')}${DECIMAL.join('')}-. `;
    case 'decimal-leading-zero': return `${DECIMAL.join('')}-. `;
  }
}

/** Text of a list marker: `1. `, `• ` (CSS Lists 3 §3.1: the style's suffix). */
export function markerText(value: number, style: string): string {
  if (style === 'none') return '';
  const system = STYLES[style] ?? STYLES['decimal']!;
  return formatCounter(value, style) + (system.kind === 'cyclic' ? ' ' : '. ');
}

function represent(value: number, system: CounterSystem): string | undefined {
  switch (system.kind) {
    case 'numeric': return numeric(value, system.digits);
    case 'decimal-leading-zero': return value < 0 ? `-${String(-value).padStart(2, '0')}` : String(value).padStart(2, '0');
    case 'alphabetic': return value < 1 ? undefined : alphabetic(value, system.letters);
    case 'cyclic': return system.symbols[(((value - 1) % system.symbols.length) + system.symbols.length) % system.symbols.length];
    case 'additive-roman': return value < 1 || value > 3999 ? undefined : roman(value, system.upper);
  }
}

function numeric(value: number, digits: readonly string[]): string {
  if (value === 0) return digits[0]!;
  const negative = value < 0;
  let rest = Math.abs(value);
  let out = '';
  while (rest > 0) {
    out = digits[rest % digits.length]! + out;
    rest = Math.floor(rest / digits.length);
  }
  return negative ? `-${out}` : out;
}

function alphabetic(value: number, letters: readonly string[]): string {
  let rest = value;
  let out = '';
  while (rest > 0) {
    rest -= 1;
    out = letters[rest % letters.length]! + out;
    rest = Math.floor(rest / letters.length);
  }
  return out;
}

function roman(value: number, upper: boolean): string {
  let rest = value;
  let out = '';
  for (const [amount, symbol] of ROMAN) {
    while (rest >= amount) {
      out += symbol;
      rest -= amount;
    }
  }
  return upper ? out : out.toLowerCase();
}
