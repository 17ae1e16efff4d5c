/**
 * The operator dictionary (MathML Core §B, "Operator Dictionary", in its common entries): the
 * space an `mo` takes before and after it, by its form in the row, and whether it stretches or
 * is a large operator. Spaces are in 18ths of an em, as the dictionary writes them. Explicit
 * `lspace`, `rspace`, `stretchy`, `largeop`, `movablelimits` and `form` attributes win.
 */
import type { MathBox } from '../../boxes/types.js';
import { ABSOLUTE_UNITS } from '../../css/values/units.js';

export type OperatorForm = 'prefix' | 'infix' | 'postfix';

export interface OperatorProperties {
  /** px */
  readonly lspace: number;
  readonly rspace: number;
  readonly stretchy: boolean;
  readonly largeop: boolean;
  readonly movablelimits: boolean;
}

interface Entry {
  readonly lspace: number;
  readonly rspace: number;
  readonly stretchy?: true;
  readonly largeop?: true;
  readonly movablelimits?: true;
}

const DICTIONARY = new Map<string, Entry>();

function define(chars: Iterable<string>, form: OperatorForm, entry: Entry): void {
  for (const char of chars) DICTIONARY.set(`${form} ${char}`, entry);
}

define('=<>≤≥≠≈≡≢∈∉∋∌⊂⊃⊆⊇⊄⊅→←↔⇒⇐⇔⟶⟵⟷⟹⟸⟺↦∼≃≅≇∝≺≻⪯⪰∥∦⊥≪≫≔≐≜∣⊢⊨', 'infix', { lspace: 5, rspace: 5 });
define('+−-±∓∪∩⊕⊖∨∧⊎⊓⊔', 'infix', { lspace: 4, rspace: 4 });
define('×·⋅∗∘÷∖⊗⊙⋆†‡', 'infix', { lspace: 4, rspace: 4 });
define('/', 'infix', { lspace: 4, rspace: 4 });
define(',;', 'infix', { lspace: 0, rspace: 3 });
define(':', 'infix', { lspace: 5, rspace: 5 });
define('.…⋯', 'infix', { lspace: 0, rspace: 0 });
define('+−-±∓¬', 'prefix', { lspace: 0, rspace: 0 });
define('!′″‴%', 'postfix', { lspace: 0, rspace: 0 });
define('([{|‖⌈⌊⟨⟦', 'prefix', { lspace: 0, rspace: 0, stretchy: true });
define(')]}|‖⌉⌋⟩⟧', 'postfix', { lspace: 0, rspace: 0, stretchy: true });
define('|‖', 'infix', { lspace: 5, rspace: 5, stretchy: true });
define('∑∏∐⋃⋂⨀⨁⨂⨄⋁⋀', 'prefix', { lspace: 3, rspace: 3, largeop: true, movablelimits: true });
define('∫∬∭∮∯∰', 'prefix', { lspace: 3, rspace: 3, largeop: true });
define(['lim', 'max', 'min', 'sup', 'inf', 'det', 'gcd', 'liminf', 'limsup'], 'prefix', { lspace: 3, rspace: 3, movablelimits: true });
define(['\u2061', '\u2062', '\u2063', '\u2064'], 'infix', { lspace: 0, rspace: 0 });
define('¯_^~‾˙¨ˇ˘→←↔⏞⏟⏜⏝⎴⎵', 'postfix', { lspace: 0, rspace: 0, stretchy: true });

/** An operator not in the dictionary: a thick space on each side (MathML Core §3.2.4.1). */
const DEFAULT: Entry = { lspace: 5, rspace: 5 };

/** The entry of `text` in `form`, else in the other forms (infix, postfix, prefix), else the default. */
function lookup(text: string, form: OperatorForm): Entry {
  return DICTIONARY.get(`${form} ${text}`) ?? DICTIONARY.get(`infix ${text}`) ?? DICTIONARY.get(`postfix ${text}`) ?? DICTIONARY.get(`prefix ${text}`) ?? DEFAULT;
}

/** Named spaces (MathML 3 §2.1.5.2) and lengths of `lspace`/`rspace`, px; undefined when not a length. */
export function mathLength(value: string | undefined, fontSize: number): number | undefined {
  if (value === undefined) return undefined;
  const named = NAMED_SPACES[value.trim()];
  if (named !== undefined) return (named / 18) * fontSize;
  const match = /^\s*(-?(?:\d+\.?\d*|\.\d+))\s*(px|em|pt|pc|in|cm|mm|%)?\s*$/.exec(value);
  if (match === null) return undefined;
  const number = Number(match[1]);
  const unit = match[2];
  if (unit === undefined) return number === 0 ? 0 : undefined;
  if (unit === 'em') return number * fontSize;
  if (unit === '%') return (number / 100) * fontSize;
  return number * ABSOLUTE_UNITS[unit]!;
}

const NAMED_SPACES: Readonly<Record<string, number>> = {
  veryverythinmathspace: 1, verythinmathspace: 2, thinmathspace: 3, mediummathspace: 4, thickmathspace: 5,
  verythickmathspace: 6, veryverythickmathspace: 7,
  negativeveryverythinmathspace: -1, negativeverythinmathspace: -2, negativethinmathspace: -3,
  negativemediummathspace: -4, negativethickmathspace: -5, negativeverythickmathspace: -6, negativeveryverythickmathspace: -7,
};

/** The properties of operator `box` (an `mo` token) in `form`, attributes first. */
export function operatorProperties(box: MathBox, form: OperatorForm): OperatorProperties {
  const attribs = box.element?.attribs ?? {};
  const explicit = attribs['form'];
  const entry = lookup(box.operator ?? '', explicit === 'prefix' || explicit === 'infix' || explicit === 'postfix' ? explicit : form);
  const size = box.style.fontSize;
  const flag = (name: string, fallback: boolean | undefined): boolean => (attribs[name] === 'true' ? true : attribs[name] === 'false' ? false : fallback === true);
  return {
    lspace: mathLength(attribs['lspace'], size) ?? (entry.lspace / 18) * size,
    rspace: mathLength(attribs['rspace'], size) ?? (entry.rspace / 18) * size,
    stretchy: flag('stretchy', entry.stretchy),
    largeop: flag('largeop', entry.largeop),
    movablelimits: flag('movablelimits', entry.movablelimits),
  };
}
