import { describe, expect, it } from 'vitest';
import { hyphenationPoints, patternsFor } from '../../src/text/hyphenate.js';

const split = (word: string, lang: string): string => {
  const points = hyphenationPoints(word, lang);
  let out = '';
  for (let i = 0; i < word.length; i++) out += (points.includes(i) ? '-' : '') + word[i];
  return out;
};

describe('hyphenation patterns (hyphen package, Liang)', () => {
  it('maps language tags to pattern sets, falling back to the primary subtag', () => {
    expect(patternsFor('en')).toBe('en-us');
    expect(patternsFor('EN-GB')).toBe('en-gb');
    expect(patternsFor('de-AT')).toBe('de-1996');
    expect(patternsFor('pt_BR')).toBe('pt');
    expect(patternsFor('fr-CA')).toBe('fr');
    expect(patternsFor('xx')).toBeUndefined();
    expect(patternsFor('')).toBeUndefined();
  });

  it('finds the opportunities of en, de, fr, es, it, nl and pt words', () => {
    expect(split('hyphenation', 'en')).toBe('hy-phen-ation');
    expect(split('Silbentrennung', 'de')).toBe('Sil-ben-tren-nung');
    expect(split('extraordinaire', 'fr')).toBe('ex-tra-or-di-naire');
    expect(split('extraordinario', 'es')).toBe('ex-tra-or-di-na-rio');
    expect(split('straordinario', 'it')).toBe('straor-di-na-rio');
    expect(split('buitengewoon', 'nl')).toBe('bui-ten-ge-woon');
    expect(split('extraordinário', 'pt')).toBe('ex-tra-or-di-ná-rio');
  });

  it('leaves short words and unknown languages alone', () => {
    expect(hyphenationPoints('cat', 'en')).toEqual([]);
    expect(hyphenationPoints('hyphenation', 'tlh')).toEqual([]);
  });
});
