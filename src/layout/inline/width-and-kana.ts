/**
 * The character mappings of `text-transform: full-width` and `full-size-kana` (CSS Text 3 §2.1
 * and its appendix "Small Kana Mappings"). Each maps one character to one, so a string's
 * characters keep their order; only the supplementary small kana shorten it.
 */

/**
 * full-width: a character whose `<wide>` form exists becomes it (U+0020 → U+3000, U+0021–U+007E →
 * U+FF01–U+FF5E, the wide brackets and currency signs), and the half-width forms (katakana and
 * their punctuation, Hangul jamo, symbols: a `<narrow>` decomposition) become the character they
 * stand for; the rest is left as is.
 */
const FULL_WIDTH: ReadonlyMap<number, number> = (() => {
  const map = new Map<number, number>([[0x20, 0x3000]]);
  for (let c = 0x21; c <= 0x7e; c++) map.set(c, c + 0xfee0);
  const wide: readonly (readonly [number, number])[] = [
    [0x2985, 0xff5f], [0x2986, 0xff60], [0xa2, 0xffe0], [0xa3, 0xffe1], [0xac, 0xffe2], [0xaf, 0xffe3], [0xa6, 0xffe4], [0xa5, 0xffe5], [0x20a9, 0xffe6],
  ];
  for (const [from, to] of wide) map.set(from, to);
  // the <narrow> decompositions, each one BMP character: what NFKC gives for the half-width block
  for (const [start, end] of [[0xff61, 0xffdc], [0xffe8, 0xffee]] as const) {
    for (let c = start; c <= end; c++) {
      const decomposed = String.fromCharCode(c).normalize('NFKC');
      if (decomposed.length === 1 && decomposed.charCodeAt(0) !== c) map.set(c, decomposed.charCodeAt(0));
    }
  }
  return map;
})();

/** full-size-kana: the spec's table, small kana → full-size kana (hiragana, katakana, half-width katakana, Kana Extended). */
const FULL_SIZE_KANA: ReadonlyMap<number, number> = new Map([
  [0x3041, 0x3042], [0x3043, 0x3044], [0x3045, 0x3046], [0x3047, 0x3048], [0x3049, 0x304a], [0x3095, 0x304b], [0x3096, 0x3051],
  [0x3063, 0x3064], [0x3083, 0x3084], [0x3085, 0x3086], [0x3087, 0x3088], [0x308e, 0x308f],
  [0x30a1, 0x30a2], [0x30a3, 0x30a4], [0x30a5, 0x30a6], [0x30a7, 0x30a8], [0x30a9, 0x30aa], [0x30f5, 0x30ab], [0x31f0, 0x30af],
  [0x30f6, 0x30b1], [0x31f1, 0x30b7], [0x31f2, 0x30b9], [0x30c3, 0x30c4], [0x31f3, 0x30c8], [0x31f4, 0x30cc], [0x31f5, 0x30cf],
  [0x31f6, 0x30d2], [0x31f7, 0x30d5], [0x31f8, 0x30d8], [0x31f9, 0x30db], [0x31fa, 0x30e0], [0x30e3, 0x30e4], [0x30e5, 0x30e6],
  [0x30e7, 0x30e8], [0x31fb, 0x30e9], [0x31fc, 0x30ea], [0x31fd, 0x30eb], [0x31fe, 0x30ec], [0x31ff, 0x30ed], [0x30ee, 0x30ef],
  [0xff67, 0xff71], [0xff68, 0xff72], [0xff69, 0xff73], [0xff6a, 0xff74], [0xff6b, 0xff75], [0xff6f, 0xff82], [0xff6c, 0xff94],
  [0xff6d, 0xff95], [0xff6e, 0xff96],
  [0x1b132, 0x3053], [0x1b150, 0x3090], [0x1b151, 0x3091], [0x1b152, 0x3092], [0x1b155, 0x30b3], [0x1b164, 0x30f0], [0x1b165, 0x30f1],
  [0x1b166, 0x30f2], [0x1b167, 0x30f3],
]);

function mapped(text: string, table: ReadonlyMap<number, number>): string {
  let out = '';
  for (const char of text) {
    const to = table.get(char.codePointAt(0)!);
    out += to === undefined ? char : String.fromCodePoint(to);
  }
  return out;
}

export function toFullWidth(text: string): string {
  return mapped(text, FULL_WIDTH);
}

export function toFullSizeKana(text: string): string {
  return mapped(text, FULL_SIZE_KANA);
}
