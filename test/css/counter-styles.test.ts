/**
 * Counter styles (CSS Counter Styles 3): the predefined styles of §6, `@counter-style` rules
 * (css/counter-style-rule.ts) and list marker text (CSS Lists 3 §3.1).
 */
import { describe, expect, it } from 'vitest';
import { CounterStyles, PREDEFINED_COUNTER_STYLES } from '../../src/css/counter-styles.js';
import { styleWith } from './helpers.js';

const format = (value: number, style: string): string => PREDEFINED_COUNTER_STYLES.format(value, style);

describe('predefined counter styles', () => {
  it.each([
    ['decimal', [1, 9, 10, 123, 0, -7], ['1', '9', '10', '123', '0', '-7']],
    // the padding counts the negative sign (§3.1.5): -7 is two symbols already
    ['decimal-leading-zero', [1, 9, 10, 123, 0, -7], ['01', '09', '10', '123', '00', '-7']],
    ['lower-roman', [1, 4, 9, 14, 40, 90, 400, 1994, 3999], ['i', 'iv', 'ix', 'xiv', 'xl', 'xc', 'cd', 'mcmxciv', 'mmmcmxcix']],
    ['upper-roman', [3, 8, 49, 2024], ['III', 'VIII', 'XLIX', 'MMXXIV']],
    ['lower-alpha', [1, 2, 26, 27, 52, 53, 702, 703], ['a', 'b', 'z', 'aa', 'az', 'ba', 'zz', 'aaa']],
    ['upper-alpha', [1, 26, 28], ['A', 'Z', 'AB']],
    ['lower-latin', [3], ['c']],
    ['upper-latin', [3], ['C']],
    ['lower-greek', [1, 2, 24, 25], ['α', 'β', 'ω', 'αα']],
    ['disc', [1, 2, -3], ['•', '•', '•']],
    ['circle', [1], ['◦']],
    ['square', [1], ['▪']],
    ['disclosure-open', [1], ['▾']],
    ['disclosure-closed', [1], ['▸']],
    ['arabic-indic', [0, 12, 305], ['٠', '١٢', '٣٠٥']],
    ['persian', [7, 2024], ['۷', '۲۰۲۴']],
    ['devanagari', [42], ['४२']],
    ['thai', [19], ['๑๙']],
    ['cjk-decimal', [2025], ['二〇二五']],
    ['armenian', [1, 11, 1990], ['Ա', 'ԺԱ', 'ՌՋՂ']],
    ['lower-armenian', [4], ['դ']],
    ['georgian', [1, 19, 2024], ['ა', 'ით', 'ცკდ']],
    ['hebrew', [1, 15, 16, 19, 5785], ['א', 'טו', 'טז', 'יט', 'ה׳תשפה']],
    // the gojūon with ゐ and ゑ, 48 symbols, as CSS Counter Styles 3 and Chromium 156 list them (99: いう)
    ['hiragana', [1, 3, 46, 48, 49, 99], ['あ', 'う', 'ゑ', 'ん', 'ああ', 'いう']],
    ['katakana-iroha', [1, 2], ['イ', 'ロ']],
    // fixed systems: past their symbols, cjk-decimal (Chromium 156: 11 → 一一, not 甲甲)
    ['cjk-heavenly-stem', [1, 10, 11], ['甲', '癸', '一一']],
    ['cjk-earthly-branch', [11, 12, 13, 19], ['戌', '亥', '一三', '一九']],
  ] as const)('%s', (style, values, expected) => {
    expect(values.map((v) => format(v, style))).toEqual(expected);
  });

  it('falls back outside a style\'s range (§3.1.4) and for unknown styles (§3.1)', () => {
    expect(format(0, 'lower-roman')).toBe('0');
    expect(format(4000, 'upper-roman')).toBe('4000');
    expect(format(-1, 'lower-alpha')).toBe('-1');
    expect(format(0, 'lower-greek')).toBe('0');
    expect(format(10000, 'armenian')).toBe('10000');
    // cjk-earthly-branch falls back to cjk-decimal
    expect(format(0, 'cjk-earthly-branch')).toBe('〇');
    expect(format(5, 'no-such-style')).toBe('5');
    expect(format(5, 'none')).toBe('');
    expect([PREDEFINED_COUNTER_STYLES.has('lower-greek'), PREDEFINED_COUNTER_STYLES.has('none'), PREDEFINED_COUNTER_STYLES.has('klingon')]).toEqual([true, true, false]);
  });

  it('marker text: the style\'s suffix (". ", " " for symbols, "、" for CJK)', () => {
    const marker = (value: number, style: string): string => PREDEFINED_COUNTER_STYLES.marker(value, style);
    expect([marker(3, 'decimal'), marker(3, 'upper-roman'), marker(3, 'lower-alpha'), marker(3, 'disc'), marker(3, 'square'), marker(3, 'none')])
      .toEqual(['3. ', 'III. ', 'c. ', '• ', '▪ ', '']);
    expect([marker(3, 'cjk-decimal'), marker(3, 'hiragana')]).toEqual(['三、', 'う、']);
  });
});

describe('@counter-style', () => {
  it('defines every system, with prefix, suffix, pad, negative, range and fallback', async () => {
    const doc = await styleWith(`
      @counter-style thumbs { system: cyclic; symbols: "👍" "✓"; suffix: " " }
      @counter-style steps { system: fixed 3; symbols: a b c; fallback: upper-roman }
      @counter-style stars { system: symbolic; symbols: "*" "†" }
      @counter-style money { system: numeric; symbols: "0" "1" "2" "3" "4" "5" "6" "7" "8" "9"; negative: "(" ")"; pad: 4 "0"; prefix: "#"; suffix: ": " }
      @counter-style tally { system: additive; additive-symbols: 5 "卌", 1 "|" }
      @counter-style short { system: extends decimal; range: 1 3; fallback: lower-alpha }
      @counter-style loop-a { system: extends loop-b } @counter-style loop-b { system: extends loop-a }
      @counter-style orphan { system: extends no-such-style; prefix: "<"; suffix: ">" }`, '<p>x</p>');
    const styles = doc.styled.counterStyles;
    expect(doc.diagnostics).toEqual([]);
    expect([1, 2, 3].map((v) => styles.format(v, 'thumbs'))).toEqual(['👍', '✓', '👍']);
    expect([3, 5, 6].map((v) => styles.format(v, 'steps'))).toEqual(['a', 'c', 'VI']);
    expect([1, 2, 3, 4].map((v) => styles.format(v, 'stars'))).toEqual(['*', '†', '**', '††']);
    // the padding counts the negative symbols too (§3.1.5)
    expect([7, -7, 12345].map((v) => styles.format(v, 'money'))).toEqual(['0007', '(07)', '12345']);
    expect(styles.marker(7, 'money')).toBe('#0007: ');
    expect([7, 0].map((v) => styles.format(v, 'tally'))).toEqual(['卌||', '0']);
    expect([2, 4].map((v) => styles.format(v, 'short'))).toEqual(['2', 'd']);
    // a loop of `extends` is decimal (§3.1.7)
    expect(styles.format(12, 'loop-a')).toBe('12');
    // extending an unknown style extends decimal, keeping its own descriptors
    expect(styles.marker(12, 'orphan')).toBe('<12>');
    expect(styles.characters('thumbs')).toContain('👍');
  });

  it('cannot redefine decimal or the bullets; invalid rules and descriptors are warnings', async () => {
    const doc = await styleWith(`
      @counter-style decimal { system: cyclic; symbols: x }
      @counter-style few { system: alphabetic; symbols: a }
      @counter-style ok { system: cyclic; symbols: o; pad: -1 "0" }
      @counter-style bad-extends { system: extends decimal; symbols: a b }`, '<p>x</p>');
    expect(doc.diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining('cannot redefine `decimal`'),
      expect.stringContaining('`alphabetic` needs two symbols or more'),
      expect.stringContaining('invalid `pad`'),
      expect.stringContaining('`extends` takes no `symbols`'),
    ]);
    expect(doc.styled.counterStyles.format(3, 'decimal')).toBe('3');
    expect(doc.styled.counterStyles.format(3, 'ok')).toBe('o');
  });

  it('a huge value in an additive style falls back instead of repeating its symbol a million times', () => {
    const styles = new CounterStyles([{ name: 'ones', system: 'additive', additive: [[1, 'I']] }]);
    expect(styles.format(3, 'ones')).toBe('III');
    expect(styles.format(1_000_000, 'ones')).toBe('1000000');
  });
});

describe('the Chinese, Japanese and Korean longhand styles (§7.1), as Chromium 156 prints them', () => {
  const values = [1, 10, 11, 19, 20, 21, 100, 101, 110, 1001, 1010, 1100, 2020, 9999, 0, -3];
  it.each([
    ['simp-chinese-informal', '一 十 十一 十九 二十 二十一 一百 一百零一 一百一十 一千零一 一千零一十 一千一百 二千零二十 九千九百九十九 零 负三'],
    ['simp-chinese-formal', '壹 壹拾 壹拾壹 壹拾玖 贰拾 贰拾壹 壹佰 壹佰零壹 壹佰壹拾 壹仟零壹 壹仟零壹拾 壹仟壹佰 贰仟零贰拾 玖仟玖佰玖拾玖 零 负叁'],
    ['trad-chinese-informal', '一 十 十一 十九 二十 二十一 一百 一百零一 一百一十 一千零一 一千零一十 一千一百 二千零二十 九千九百九十九 零 負三'],
    ['trad-chinese-formal', '壹 壹拾 壹拾壹 壹拾玖 貳拾 貳拾壹 壹佰 壹佰零壹 壹佰壹拾 壹仟零壹 壹仟零壹拾 壹仟壹佰 貳仟零貳拾 玖仟玖佰玖拾玖 零 負參'],
    ['cjk-ideographic', '一 十 十一 十九 二十 二十一 一百 一百零一 一百一十 一千零一 一千零一十 一千一百 二千零二十 九千九百九十九 零 負三'],
    ['japanese-informal', '一 十 十一 十九 二十 二十一 百 百一 百十 千一 千十 千百 二千二十 九千九百九十九 〇 マイナス三'],
    ['japanese-formal', '壱 壱拾 壱拾壱 壱拾九 弐拾 弐拾壱 壱百 壱百壱 壱百壱拾 壱阡壱 壱阡壱拾 壱阡壱百 弐阡弐拾 九阡九百九拾九 零 マイナス参'],
    ['korean-hangul-formal', '일 일십 일십일 일십구 이십 이십일 일백 일백일 일백일십 일천일 일천일십 일천일백 이천이십 구천구백구십구 영 마이너스 삼'],
    ['korean-hanja-informal', '一 十 十一 十九 二十 二十一 百 百一 百十 千一 千十 千百 二千二十 九千九百九十九 零 마이너스 三'],
    ['korean-hanja-formal', '壹 壹拾 壹拾壹 壹拾九 貳拾 貳拾壹 壹百 壹百壹 壹百壹拾 壹仟壹 壹仟壹拾 壹仟壹百 貳仟貳拾 九仟九百九拾九 零 마이너스 參'],
  ])('%s', (style, expected) => {
    expect(values.map((v) => format(v, style)).join(' ')).toBe(expected);
  });

  it('past ±9999 they are cjk-decimal (Chromium goes on with 万 in Chinese and Korean); markers take "、" or ", "', () => {
    expect(format(10000, 'japanese-informal')).toBe('一〇〇〇〇');
    expect(PREDEFINED_COUNTER_STYLES.marker(3, 'simp-chinese-informal')).toBe('三、');
    expect(PREDEFINED_COUNTER_STYLES.marker(3, 'korean-hangul-formal')).toBe('삼, ');
  });
});

describe('ethiopic-numeric (§7.2)', () => {
  it('prints as Chromium 156 prints it; 0 and negatives are decimal', () => {
    const values = [1, 2, 9, 10, 11, 19, 20, 21, 99, 100, 101, 110, 111, 120, 1000, 1001, 1010, 1100, 2020, 9999, 10000, 0, -3];
    expect(values.map((v) => format(v, 'ethiopic-numeric')).join(' '))
      .toBe('፩ ፪ ፱ ፲ ፲፩ ፲፱ ፳ ፳፩ ፺፱ ፻ ፻፩ ፻፲ ፻፲፩ ፻፳ ፲፻ ፲፻፩ ፲፻፲ ፲፩፻ ፳፻፳ ፺፱፻፺፱ ፼ 0 -3');
  });
});
