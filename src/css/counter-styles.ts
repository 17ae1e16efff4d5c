/**
 * Counter styles (CSS Counter Styles 3): the predefined styles of §6 and the document's
 * `@counter-style` rules (css/counter-style-rule.ts), resolved into one set per stylesheet list,
 * which formats a counter value (§3.1: range, negative sign, padding, fallback) and a list
 * marker's text (with the style's prefix and suffix).
 */
import type { CounterStyleRule, CounterSystemName } from './types.js';

/** A counter style with every descriptor resolved (`extends` followed, defaults filled in). */
export interface CounterStyle {
  readonly name: string;
  readonly system: CounterSystemName;
  /** `fixed`'s first symbol value. */
  readonly first: number;
  readonly symbols: readonly string[];
  /** Weights in decreasing order. */
  readonly additive: readonly (readonly [number, string])[];
  readonly negative: readonly [string, string];
  readonly prefix: string;
  readonly suffix: string;
  /** Inclusive ranges; empty: the system's automatic range. */
  readonly range: readonly (readonly [number, number])[];
  readonly pad: readonly [number, string];
  readonly fallback: string;
  /** The Chinese, Japanese and Korean longhand numbering of §7.1 (its `system` is then `additive`, for the range and the negative sign). */
  readonly cjk?: CjkNumbering;
  /** The Ethiopic numbering of §7.2 (`ethiopic-numeric`). */
  readonly ethiopic?: true;
}

/** §7.1: digits and the markers of tens, hundreds and thousands; what happens to zeros and to a one before a marker. */
interface CjkNumbering {
  readonly digits: readonly string[];
  readonly markers: readonly string[];
  /** Chinese writes one zero for a run of them (一千零一); Japanese and Korean drop them. */
  readonly zeros: 'collapse' | 'drop';
  /** The informal styles drop 一 before 十 in 10-19 (Chinese) or before every marker (Japanese, Korean hanja). */
  readonly dropOne: 'teens' | 'markers' | 'none';
}

/** The representations longer than this (a huge value in an additive or symbolic style) fall back. */
const MAX_LENGTH = 60;

const DIGITS = (text: string): readonly string[] => [...text];
const DECIMAL_DIGITS = DIGITS('0123456789');

/** The predefined styles (§6), as `@counter-style` rules. */
const PREDEFINED: readonly CounterStyleRule[] = [
  { name: 'decimal', system: 'numeric', symbols: DECIMAL_DIGITS },
  { name: 'decimal-leading-zero', system: 'extends', extends: 'decimal', pad: [2, '0'] },
  ...numeric({
    'arabic-indic': '٠١٢٣٤٥٦٧٨٩', bengali: '০১২৩৪৫৬৭৮৯', cambodian: '០១២៣៤៥៦៧៨៩', khmer: '០១២៣៤៥៦៧៨៩', devanagari: '०१२३४५६७८९',
    gujarati: '૦૧૨૩૪૫૬૭૮૯', gurmukhi: '੦੧੨੩੪੫੬੭੮੯', kannada: '೦೧೨೩೪೫೬೭೮೯', lao: '໐໑໒໓໔໕໖໗໘໙', malayalam: '൦൧൨൩൪൫൬൭൮൯',
    mongolian: '᠐᠑᠒᠓᠔᠕᠖᠗᠘᠙', myanmar: '၀၁၂၃၄၅၆၇၈၉', oriya: '୦୧୨୩୪୫୬୭୮୯', persian: '۰۱۲۳۴۵۶۷۸۹', tamil: '௦௧௨௩௪௫௬௭௮௯',
    telugu: '౦౧౨౩౪౫౬౭౮౯', thai: '๐๑๒๓๔๕๖๗๘๙', tibetan: '༠༡༢༣༤༥༦༧༨༩',
  }),
  { name: 'cjk-decimal', system: 'numeric', symbols: DIGITS('〇一二三四五六七八九'), suffix: '、' },
  { name: 'lower-alpha', system: 'alphabetic', symbols: DIGITS('abcdefghijklmnopqrstuvwxyz') },
  { name: 'lower-latin', system: 'extends', extends: 'lower-alpha' },
  { name: 'upper-alpha', system: 'alphabetic', symbols: DIGITS('ABCDEFGHIJKLMNOPQRSTUVWXYZ') },
  { name: 'upper-latin', system: 'extends', extends: 'upper-alpha' },
  { name: 'lower-greek', system: 'alphabetic', symbols: DIGITS('αβγδεζηθικλμνξοπρστυφχψω') },
  { name: 'hiragana', system: 'alphabetic', symbols: DIGITS('あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわゐゑをん'), suffix: '、' },
  { name: 'hiragana-iroha', system: 'alphabetic', symbols: DIGITS('いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす'), suffix: '、' },
  { name: 'katakana', system: 'alphabetic', symbols: DIGITS('アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン'), suffix: '、' },
  { name: 'katakana-iroha', system: 'alphabetic', symbols: DIGITS('イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス'), suffix: '、' },
  { name: 'cjk-earthly-branch', system: 'fixed', symbols: DIGITS('子丑寅卯辰巳午未申酉戌亥'), suffix: '、', fallback: 'cjk-decimal' },
  { name: 'cjk-heavenly-stem', system: 'fixed', symbols: DIGITS('甲乙丙丁戊己庚辛壬癸'), suffix: '、', fallback: 'cjk-decimal' },
  { name: 'lower-roman', system: 'additive', range: [[1, 3999]], additive: pairs('1000 m 900 cm 500 d 400 cd 100 c 90 xc 50 l 40 xl 10 x 9 ix 5 v 4 iv 1 i') },
  { name: 'upper-roman', system: 'additive', range: [[1, 3999]], additive: pairs('1000 M 900 CM 500 D 400 CD 100 C 90 XC 50 L 40 XL 10 X 9 IX 5 V 4 IV 1 I') },
  {
    name: 'armenian', system: 'additive', range: [[1, 9999]],
    additive: pairs('9000 Ք 8000 Փ 7000 Ւ 6000 Ց 5000 Ր 4000 Տ 3000 Վ 2000 Ս 1000 Ռ 900 Ջ 800 Պ 700 Չ 600 Ո 500 Շ 400 Ն 300 Յ 200 Մ 100 Ճ 90 Ղ 80 Ձ 70 Հ 60 Կ 50 Ծ 40 Խ 30 Լ 20 Ի 10 Ժ 9 Թ 8 Ը 7 Է 6 Զ 5 Ե 4 Դ 3 Գ 2 Բ 1 Ա'),
  },
  { name: 'upper-armenian', system: 'extends', extends: 'armenian' },
  {
    name: 'lower-armenian', system: 'additive', range: [[1, 9999]],
    additive: pairs('9000 ք 8000 փ 7000 ւ 6000 ց 5000 ր 4000 տ 3000 վ 2000 ս 1000 ռ 900 ջ 800 պ 700 չ 600 ո 500 շ 400 ն 300 յ 200 մ 100 ճ 90 ղ 80 ձ 70 հ 60 կ 50 ծ 40 խ 30 լ 20 ի 10 ժ 9 թ 8 ը 7 է 6 զ 5 ե 4 դ 3 գ 2 բ 1 ա'),
  },
  {
    name: 'georgian', system: 'additive', range: [[1, 19999]],
    additive: pairs('10000 ჵ 9000 ჰ 8000 ჯ 7000 ჴ 6000 ხ 5000 ჭ 4000 წ 3000 ძ 2000 ც 1000 ჩ 900 შ 800 ყ 700 ღ 600 ქ 500 ფ 400 ჳ 300 ტ 200 ს 100 რ 90 ჟ 80 პ 70 ო 60 ჲ 50 ნ 40 მ 30 ლ 20 კ 10 ი 9 თ 8 ჱ 7 ზ 6 ვ 5 ე 4 დ 3 გ 2 ბ 1 ა'),
  },
  {
    name: 'hebrew', system: 'additive', range: [[1, 10999]],
    additive: pairs('10000 י׳ 9000 ט׳ 8000 ח׳ 7000 ז׳ 6000 ו׳ 5000 ה׳ 4000 ד׳ 3000 ג׳ 2000 ב׳ 1000 א׳ 400 ת 300 ש 200 ר 100 ק 90 צ 80 פ 70 ע 60 ס 50 נ 40 מ 30 ל 20 כ 19 יט 18 יח 17 יז 16 טז 15 טו 10 י 9 ט 8 ח 7 ז 6 ו 5 ה 4 ד 3 ג 2 ב 1 א'),
  },
  { name: 'cjk-ideographic', system: 'extends', extends: 'trad-chinese-informal' },
  { name: 'disc', system: 'cyclic', symbols: ['•'], suffix: ' ' },
  { name: 'circle', system: 'cyclic', symbols: ['◦'], suffix: ' ' },
  { name: 'square', system: 'cyclic', symbols: ['▪'], suffix: ' ' },
  { name: 'disclosure-open', system: 'cyclic', symbols: ['▾'], suffix: ' ' },
  { name: 'disclosure-closed', system: 'cyclic', symbols: ['▸'], suffix: ' ' },
];

/**
 * The longhand styles of §7.1, as Chromium 156 prints them up to ±9999 (it goes on with 万 and 萬
 * past that in Chinese and Korean; the specification's range stops there, and cjk-decimal follows).
 */
const CJK: Readonly<Record<string, CjkNumbering & { readonly negative: string; readonly suffix: string }>> = {
  'simp-chinese-informal': cjk('零一二三四五六七八九', '十百千', 'collapse teens', ['负', '、']),
  'simp-chinese-formal': cjk('零壹贰叁肆伍陆柒捌玖', '拾佰仟', 'collapse none', ['负', '、']),
  'trad-chinese-informal': cjk('零一二三四五六七八九', '十百千', 'collapse teens', ['負', '、']),
  'trad-chinese-formal': cjk('零壹貳參肆伍陸柒捌玖', '拾佰仟', 'collapse none', ['負', '、']),
  'japanese-informal': cjk('〇一二三四五六七八九', '十百千', 'drop markers', ['マイナス', '、']),
  'japanese-formal': cjk('零壱弐参四伍六七八九', '拾百阡', 'drop none', ['マイナス', '、']),
  'korean-hangul-formal': cjk('영일이삼사오육칠팔구', '십백천', 'drop none', ['마이너스 ', ', ']),
  'korean-hanja-informal': cjk('零一二三四五六七八九', '十百千', 'drop markers', ['마이너스 ', ', ']),
  'korean-hanja-formal': cjk('零壹貳參四五六七八九', '拾百仟', 'drop none', ['마이너스 ', ', ']),
};

/** `rules`: what happens to zeros and to a one before a marker; `around`: the negative sign and the marker suffix. */
function cjk(digits: string, markers: string, rules: `${CjkNumbering['zeros']} ${CjkNumbering['dropOne']}`, around: readonly [string, string]): CjkNumbering & { readonly negative: string; readonly suffix: string } {
  const [zeros, dropOne] = rules.split(' ') as [CjkNumbering['zeros'], CjkNumbering['dropOne']];
  return { digits: [...digits], markers: [...markers], zeros, dropOne, negative: around[0], suffix: around[1] };
}

function numeric(sets: Readonly<Record<string, string>>): CounterStyleRule[] {
  return Object.entries(sets).map(([name, digits]) => ({ name, system: 'numeric', symbols: DIGITS(digits) }));
}

/** `"1000 M 900 CM"` as [[1000, 'M'], [900, 'CM']]. */
function pairs(text: string): [number, string][] {
  const words = text.split(' ');
  const out: [number, string][] = [];
  for (let i = 0; i < words.length; i += 2) out.push([Number(words[i]), words[i + 1]!]);
  return out;
}

/** Styles a document cannot redefine (§3). */
const FIXED_NAMES = new Set(['decimal', 'disc', 'square', 'circle', 'disclosure-open', 'disclosure-closed']);

/** The counter styles of a document: the predefined ones and its `@counter-style` rules (later ones win). */
export class CounterStyles {
  private readonly rules = new Map<string, CounterStyleRule>();
  private readonly resolved = new Map<string, CounterStyle>();

  constructor(rules: readonly CounterStyleRule[] = []) {
    for (const rule of PREDEFINED) this.rules.set(rule.name, rule);
    for (const rule of rules) if (!FIXED_NAMES.has(rule.name.toLowerCase())) this.rules.set(rule.name, rule);
  }

  /** Whether `name` is a counter style of the document (`none` included). */
  has(name: string): boolean {
    return name === 'none' || this.rules.has(name) || this.rules.has(name.toLowerCase()) || longhandStyle(name.toLowerCase()) !== undefined;
  }

  /** The counter's representation (§3.1): unknown styles are decimal. */
  format(value: number, ref: string): string {
    if (ref === 'none') return '';
    return this.represent(Math.trunc(value), this.style(ref), 0);
  }

  /** The text of a list marker in `ref`: its prefix, the value's representation, its suffix (CSS Lists 3 §3.1). */
  marker(value: number, ref: string): string {
    if (ref === 'none') return '';
    const style = this.style(ref);
    return style.prefix + this.represent(Math.trunc(value), style, 0) + style.suffix;
  }

  /** Every character a counter in `ref` may print (its fallback's too), its marker's prefix and suffix included. */
  characters(ref: string): string {
    if (ref === 'none') return '';
    const style = this.style(ref);
    const printed = (s: CounterStyle): string => s.symbols.join('') + s.additive.map(([, symbol]) => symbol).join('') + s.negative.join('') + s.pad[1]
      + (s.cjk === undefined ? '' : s.cjk.digits.join('') + s.cjk.markers.join(''));
    // its fallback's (one step: a chain ends in decimal, whose digits are there anyway)
    return printed(style) + printed(this.style(style.fallback)) + style.prefix + style.suffix + '0123456789-';
  }

  /** A style by name (unknown: decimal), resolved once. */
  style(ref: string): CounterStyle {
    const name = this.rules.has(ref) ? ref : ref.toLowerCase();
    let style = this.resolved.get(name);
    if (style === undefined) {
      style = this.resolve(name);
      this.resolved.set(name, style);
    }
    return style;
  }

  /**
   * `extends` followed to a style with a system, a loop rather than recursion (chains may be
   * long). A style that extends an unknown name extends decimal; one in a loop of `extends` is
   * decimal (§3.1.7).
   */
  private resolve(name: string): CounterStyle {
    const chain: CounterStyleRule[] = [];
    const seen = new Set<string>();
    let at: string | undefined = name;
    let base: CounterStyle = DECIMAL;
    while (at !== undefined) {
      const rule: CounterStyleRule | undefined = this.rules.get(at) ?? this.rules.get(at.toLowerCase());
      if (rule === undefined) {
        base = longhandStyle(at.toLowerCase()) ?? DECIMAL;
        break;
      }
      if (seen.has(rule.name)) return { ...DECIMAL, name };
      seen.add(rule.name);
      chain.push(rule);
      if (rule.system !== 'extends') {
        base = { ...defaults(rule.name, rule.system), first: rule.first ?? 1 };
        break;
      }
      at = rule.extends;
    }
    let style = base;
    for (let i = chain.length - 1; i >= 0; i--) style = withDescriptors({ ...style, name: chain[i]!.name }, chain[i]!);
    return chain.length === 0 ? { ...base, name } : style;
  }

  private represent(value: number, style: CounterStyle, depth: number): string {
    const text = depth < 8 && inRange(value, style) ? generate(value, style) : undefined;
    if (text === undefined) {
      if (style.name === 'decimal' || depth >= 8) return String(value);
      return this.represent(value, this.style(style.fallback), depth + 1);
    }
    return text;
  }
}

function defaults(name: string, system: CounterSystemName): CounterStyle {
  return {
    name, system, first: 1, symbols: [], additive: [], negative: ['-', ''], prefix: '', suffix: '. ', range: [], pad: [0, ''], fallback: 'decimal',
  };
}

function withDescriptors(base: CounterStyle, rule: CounterStyleRule): CounterStyle {
  return {
    ...base,
    ...(rule.symbols === undefined ? {} : { symbols: rule.symbols }),
    ...(rule.additive === undefined ? {} : { additive: [...rule.additive].sort((a, b) => b[0] - a[0]) }),
    ...(rule.negative === undefined ? {} : { negative: rule.negative }),
    ...(rule.prefix === undefined ? {} : { prefix: rule.prefix }),
    ...(rule.suffix === undefined ? {} : { suffix: rule.suffix }),
    ...(rule.range === undefined ? {} : { range: rule.range }),
    ...(rule.pad === undefined ? {} : { pad: rule.pad }),
    ...(rule.fallback === undefined ? {} : { fallback: rule.fallback }),
  };
}

const DECIMAL: CounterStyle = { ...defaults('decimal', 'numeric'), symbols: DECIMAL_DIGITS };

/** §3.1.2 `range` (`auto`: the system's own). */
function inRange(value: number, style: CounterStyle): boolean {
  if (style.range.length > 0) return style.range.some(([low, high]) => value >= low && value <= high);
  switch (style.system) {
    case 'alphabetic': case 'symbolic': return value >= 1;
    case 'additive': return value >= 0;
    default: return true;
  }
}

/** The representation with the negative sign and padding (§3.1, §3.1.3, §3.1.5); undefined when the system cannot represent it. */
function generate(value: number, style: CounterStyle): string | undefined {
  const negative = value < 0 && (style.system === 'symbolic' || style.system === 'alphabetic' || style.system === 'numeric' || style.system === 'additive');
  const initial = algorithm(negative ? -value : value, style);
  if (initial === undefined || [...initial].length > MAX_LENGTH) return undefined;
  const [minimum, symbol] = style.pad;
  const sign = negative ? [...style.negative[0]].length + [...style.negative[1]].length : 0;
  const missing = Math.min(MAX_LENGTH, minimum - [...initial].length - sign);
  const padded = missing > 0 && symbol !== '' ? symbol.repeat(missing) + initial : initial;
  return negative ? style.negative[0] + padded + style.negative[1] : padded;
}

/** §3.1.1 the systems' algorithms (on a non-negative value but for `cyclic` and `fixed`). */
function algorithm(value: number, style: CounterStyle): string | undefined {
  const symbols = style.symbols;
  const n = symbols.length;
  switch (style.system) {
    case 'cyclic': return n === 0 ? undefined : symbols[(((value - 1) % n) + n) % n];
    case 'fixed': {
      const index = value - style.first;
      return index >= 0 && index < n ? symbols[index] : undefined;
    }
    case 'symbolic': {
      if (n === 0 || value < 1) return undefined;
      const times = Math.ceil(value / n);
      return times > MAX_LENGTH ? undefined : symbols[(value - 1) % n]!.repeat(times);
    }
    case 'alphabetic': {
      if (n < 2 || value < 1) return undefined;
      let rest = value;
      let out = '';
      while (rest > 0) {
        rest -= 1;
        out = symbols[rest % n]! + out;
        rest = Math.floor(rest / n);
      }
      return out;
    }
    case 'numeric': {
      if (n < 2) return undefined;
      if (value === 0) return symbols[0];
      let rest = value;
      let out = '';
      while (rest > 0) {
        out = symbols[rest % n]! + out;
        rest = Math.floor(rest / n);
      }
      return out;
    }
    case 'additive': return style.cjk !== undefined ? cjkLonghand(value, style.cjk) : style.ethiopic === true ? ethiopic(value) : additive(value, style.additive);
    case 'extends': return undefined;
  }
}

/** A longhand style of §7.1 or §7.2 by name (its range and fallback are the specification's). */
function longhandStyle(name: string): CounterStyle | undefined {
  if (name === 'ethiopic-numeric') return { ...defaults(name, 'additive'), suffix: '/ ', range: [[1, Infinity]], ethiopic: true };
  const longhand = CJK[name];
  if (longhand === undefined) return undefined;
  return { ...defaults(name, 'additive'), negative: [longhand.negative, ''], suffix: longhand.suffix, range: [[-9999, 9999]], fallback: 'cjk-decimal', cjk: longhand };
}

/** §7.1.2: each digit followed by its position's marker, zeros collapsed or dropped, the trailing ones dropped. */
function cjkLonghand(value: number, numbering: CjkNumbering): string {
  const { digits, markers, zeros, dropOne } = numbering;
  if (value === 0) return digits[0]!;
  const decimal = String(value);
  let out = '';
  let zero = false;
  for (let i = 0; i < decimal.length; i++) {
    const digit = decimal.charCodeAt(i) - 48;
    const position = decimal.length - 1 - i;
    if (digit === 0) {
      zero = zeros === 'collapse';
      continue;
    }
    if (zero) out += digits[0]!;
    zero = false;
    const silentOne = digit === 1 && position > 0 && (dropOne === 'markers' || (dropOne === 'teens' && decimal.length === 2));
    out += (silentOne ? '' : digits[digit]!) + (position > 0 ? markers[position - 1]! : '');
  }
  return out;
}

const ETHIOPIC_UNITS = [...' ፩፪፫፬፭፮፯፰፱'];
const ETHIOPIC_TENS = [...' ፲፳፴፵፶፷፸፹፺'];

/** §7.2: groups of two digits from the right; ፻ after the odd groups, ፼ after the even ones past the first; silent ones. */
function ethiopic(value: number): string | undefined {
  if (value === 1) return '፩';
  const digits = String(value);
  if (!/^\d+$/.test(digits)) return undefined;
  const groups: number[] = [];
  for (let end = digits.length; end > 0; end -= 2) groups.push(Number(digits.slice(Math.max(0, end - 2), end)));
  let out = '';
  for (let index = groups.length - 1; index >= 0; index--) {
    const group = groups[index]!;
    const silent = group === 0 || (group === 1 && (index === groups.length - 1 || index % 2 === 1));
    if (!silent) out += (group >= 10 ? ETHIOPIC_TENS[Math.floor(group / 10)]! : '') + (group % 10 > 0 ? ETHIOPIC_UNITS[group % 10]! : '');
    if (index % 2 === 1 && group !== 0) out += '፻';
    else if (index % 2 === 0 && index > 0) out += '፼';
  }
  return out;
}

function additive(value: number, tuples: readonly (readonly [number, string])[]): string | undefined {
  if (value === 0) return tuples.find(([weight]) => weight === 0)?.[1];
  let rest = value;
  let out = '';
  for (const [weight, symbol] of tuples) {
    if (weight <= 0 || rest < weight) continue;
    const times = Math.floor(rest / weight);
    if (times > MAX_LENGTH || out.length + times * symbol.length > MAX_LENGTH * 4) return undefined;
    out += symbol.repeat(times);
    rest -= times * weight;
    if (rest === 0) return out;
  }
  return undefined;
}

/** The set of predefined styles only (documents without `@counter-style`). */
export const PREDEFINED_COUNTER_STYLES = new CounterStyles();
