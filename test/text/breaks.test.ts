import { describe, expect, it } from 'vitest';
import { findBreakOpportunities, uax14Opportunities } from '../../src/text/breaks.js';
import { cpuTime } from '../helpers/cpu-time.js';

const breaks = (text: string): string[] =>
  findBreakOpportunities(text).map((b) => `${b.index}${b.required ? '!' : ''}`);

describe('UAX #14 break opportunities', () => {
  it('breaks after spaces and hyphens, not at the end of the text', () => {
    expect(breaks('Hello world-wide web')).toEqual(['6', '12', '17']);
  });

  it('makes the break after a newline mandatory, including at the end of the text', () => {
    expect(breaks('a\nb')).toEqual(['2!']);
    expect(breaks('a\r\nb\n')).toEqual(['3!', '5!']);
    expect(breaks('a\u2028b')).toEqual(['2!']);
  });

  it('keeps numbers, punctuation and non-breaking spaces together', () => {
    expect(breaks('(abc) 1,000.5 $10')).toEqual(['6', '14']);
    expect(breaks('10\u00a0kg total')).toEqual(['6']);
    expect(breaks('end. Next')).toEqual(['5']);
  });

  it('breaks after a hyphen before digits when an ASCII letter or digit comes before it, as Chromium 156 (not a minus sign)', () => {
    // Chromium's lines in a 1px wide box: T-|001, ABC-|123, 2024-|05-|01, 1.5-|2, 10-|20; a -5, (-5), $-5, ф-12, (a)-5 whole
    const lines = (text: string): string => {
      let out = '';
      let from = 0;
      for (const { index } of findBreakOpportunities(text)) {
        out += `${text.slice(from, index)}|`;
        from = index;
      }
      return out + text.slice(from);
    };
    expect(['T-001', 'ABC-123', '2024-05-01', '1.5-2', '10-20', 'a -5', '(-5)', '$-5', 'ф-12', '(a)-5'].map(lines))
      .toEqual(['T-|001', 'ABC-|123', '2024-|05-|01', '1.5-|2', '10-|20', 'a |-5', '(-5)', '$-5', 'ф-12', '(a)-5']);
  });

  it('breaks after every run of spaces whatever follows, as Chromium 156 (not a no-break or ideographic space)', () => {
    // Chromium's lines, 9ch wide: `abcdefg ` / `}xyz`, `abcdef( ` / `xyzw`, `abcdef" ` / `{xyz`, the mark alone; UAX #14 (LB13-LB15) breaks none
    expect(['abcdefg }xyz', 'abcdefg !xyz', 'abcdefg ,xyz', 'abcdef( xyzw', 'abcdef" {xyz', 'abcdefg \u0301xyz', 'a\t)b'].map(breaks))
      .toEqual([['8'], ['8'], ['8'], ['8'], ['8'], ['8'], ['2']]);
    expect(['abcdefg\u00a0}xyz', 'abcdefg\u3000}xyz'].map(breaks)).toEqual([[], []]);
    expect(breaks('x = f(a, b );')).toEqual(['2', '4', '9', '11']);
  });

  it('breaks between two printable ASCII characters exactly where Chromium 156 does, for all 94 × 94 pairs', () => {
    // Chromium's reading: each pair alone in a 0px wide box, two lines where it breaks. Blink asks
    // its own table for such pairs, not UAX #14: no break after "/" (paths and URLs stay whole), nor
    // after "!", "|" or "}" before a letter; before "(" "<" "[" "{" after the characters below.
    const chromium: Record<string, string> = {
      '-': `"#%&'(*+-<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_\`abcdefghijklmnopqrstuvwxyz{|~`,
      '?': `#$%&(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_\`abcdefghijklmnopqrstuvwxyz{|~`,
    };
    for (const c of '!"#%&)*+,.:;=>\\]|}~') chromium[c] = '(<[{';
    const differ: string[] = [];
    for (let a = 0x21; a <= 0x7e; a++) {
      for (let b = 0x21; b <= 0x7e; b++) {
        const pair = String.fromCharCode(a, b);
        const octavo = findBreakOpportunities(pair).some((o) => o.index === 1);
        if (octavo !== (chromium[pair[0]!] ?? '').includes(pair[1]!)) differ.push(pair);
      }
    }
    expect(differ).toEqual([]);
    // (after "?" it breaks, even in a URL: Chromium's "a?|b=c")
    expect(breaks('/v1/templates and/or https://example.com/a?b=c')).toEqual(['14', '21', '43']);
  });

  it('breaks between ideographs and uses UTF-16 indices around astral characters', () => {
    expect(breaks('你好世界')).toEqual(['1', '2', '3']);
    expect(breaks('x 😀 y')).toEqual(['2', '5']);
  });

  it('allows a break before small kana and the prolonged sound mark after kana or Han (CSS Text 3 line-break: normal, as Chromium)', () => {
    // UAX #14 alone (CJ as NS, the strict rule) has no break before っ, ゃ, ッ or ー
    expect(breaks('あいうっえ')).toEqual(['1', '2', '3', '4']);
    expect(breaks('書ーき')).toEqual(['1', '2']);
    expect(breaks('キャッ')).toEqual(['1', '2']);
    // not after an opening bracket, nor after Latin
    expect(breaks('「っ')).toEqual([]);
    expect(breaks('aっ')).toEqual([]);
  });

  it('breaks after a hyphen between Hebrew letters (UAX #14 LB21a since Unicode 15.1), as Chromium 156 does', () => {
    // Chromium's lines in a 1px wide box: אבג-|דהו, בֵּית־|סֵפֶר (a maqaf after points), אבג‐|דהו, אבג–|דהו; אבג-123 and אבג‑דהו (a non-breaking hyphen) whole
    expect(breaks('אבג-דהו')).toEqual(['4']);
    expect(breaks('בֵּית־סֵפֶר')).toEqual(['6']);
    expect(breaks('אבג\u2010דהו')).toEqual(['4']);
    expect(breaks('אבג\u2013דהו')).toEqual(['4']);
    expect(breaks('אבג-123')).toEqual([]);
    expect(breaks('אבג\u2011דהו')).toEqual([]);
    expect(breaks('השפות האפרו-אסיאתיות')).toEqual(['6', '12']);
  });

  it('breaks Thai, Lao, Khmer and Myanmar between dictionary words, as Chromium does through ICU', () => {
    // สุนัข|จิ้งจอก|สี|น้ำตาล|กระโดด: UAX #14 alone (class SA as AL) has no break in it
    expect(breaks('สุนัขจิ้งจอกสีน้ำตาลกระโดด')).toEqual(['5', '12', '14', '20']);
    expect(uax14Opportunities('ไป ตลาด').map((b) => b.index)).toEqual([3]);
    expect(breaks('ຂ້ອຍຮັກເຈົ້າ').length).toBeGreaterThan(0);
    expect(breaks('ខ្ញុំស្រឡាញ់អ្នក').length).toBeGreaterThan(0);
  });

  it('looks up a long run of Thai a window at a time, with the breaks of the whole and in time linear in its length', async () => {
    const sentence = 'สุนัขจิ้งจอกสีน้ำตาลกระโดดข้ามสุนัขขี้เกียจในขณะที่แมวเฝ้าดูจากรั้วใกล้ๆและรอจังหวะที่เหมาะสม';
    const text = sentence.repeat(60); // 5,580 characters: six windows
    const whole = [...new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text)].map((s) => s.index).filter((index) => index > 0);
    expect(uax14Opportunities(text).map((b) => b.index)).toEqual(whole);
    // ICU's dictionary took 24 s over 186,000 characters at once
    const { ms } = await cpuTime(() => uax14Opportunities(sentence.repeat(2000)));
    expect(ms).toBeLessThan(3_000);
  });

  it('allows a break after a zero-width space and a soft hyphen', () => {
    expect(breaks('ab\u200bcd')).toEqual(['3']);
    expect(breaks('ab\u00adcd')).toEqual(['3']);
  });

  it('finds nothing in empty or unbreakable text', () => {
    expect(breaks('')).toEqual([]);
    expect(breaks('word')).toEqual([]);
  });

  it('answers words and spaces without the package as the package does', () => {
    // a deterministic stream of texts over the fast path's alphabet, spaces often, and a few other characters
    const alphabet = ' aZ09#&*<=>@^_`~ xY  ' + '-.,(/!%$\'"|;:?+';
    let seed = 7;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    let fast = 0;
    for (let i = 0; i < 10_000; i++) {
      const length = 1 + random(12);
      let text = '';
      for (let k = 0; k < length; k++) text += alphabet[random(i % 3 === 0 ? alphabet.length : 21)];
      if (/^[ A-Za-z0-9#&*<=>@^_`~]+$/.test(text)) fast++;
      expect([...findBreakOpportunities(text)], JSON.stringify(text)).toEqual(uax14Opportunities(text));
      // asked again: the cached or the fast answer, the same
      expect([...findBreakOpportunities(text)]).toEqual(uax14Opportunities(text));
    }
    expect(fast).toBeGreaterThan(5_000);
  });
});
