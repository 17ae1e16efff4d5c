import { describe, expect, it } from 'vitest';
import { processWhiteSpace } from '../../src/boxes/whitespace.js';
import type { InlineLevelBox, TextBox } from '../../src/boxes/types.js';
import type { ComputedStyle, WhiteSpace } from '../../src/css/types.js';

/** Phase I as it was written before its fast path: both replacements on every text (the reference). */
function reference(texts: readonly string[], whiteSpace: WhiteSpace): string[] {
  let afterCollapsibleSpace = true;
  const out: string[] = [];
  for (const original of texts) {
    let text = original.replace(/\r\n?/g, '\n');
    if (whiteSpace === 'pre' || whiteSpace === 'pre-wrap' || whiteSpace === 'break-spaces') {
      if (text.length > 0) afterCollapsibleSpace = false;
    } else {
      text = whiteSpace === 'pre-line' ? text.replace(/[ \t]*\n[ \t]*/g, '\n').replace(/[ \t\f]+/g, ' ') : text.replace(/[ \t\n\f]+/g, ' ');
      if (afterCollapsibleSpace && text.startsWith(' ')) text = text.slice(1);
      if (text.length > 0) afterCollapsibleSpace = text.endsWith(' ') || text.endsWith('\n');
    }
    if (text.length > 0) out.push(text);
  }
  return out;
}

const textBox = (text: string, whiteSpace: WhiteSpace): TextBox => ({ kind: 'text', text, style: { whiteSpace } as ComputedStyle, element: undefined, pseudo: undefined });

describe('white space processing, phase I', () => {
  it('gives the reference result, texts that need no replacement (the fast path) included', () => {
    const alphabet = [' ', ' ', 'a', 'b', 'c', '\n', '\t', '\r', '\f', '1', ',', '.', 'x', 'y'];
    let seed = 11;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let fast = 0;
    for (const whiteSpace of ['normal', 'nowrap', 'pre', 'pre-wrap', 'pre-line', 'break-spaces'] as const) {
      for (let i = 0; i < 400; i++) {
        const texts = Array.from({ length: 1 + random(4) }, () => Array.from({ length: random(8) }, () => alphabet[random(alphabet.length)]!).join(''));
        const boxes: InlineLevelBox[] = texts.map((text) => textBox(text, whiteSpace));
        const processed = processWhiteSpace(boxes).map((box) => (box as TextBox).text);
        expect(processed).toEqual(reference(texts, whiteSpace));
        fast += texts.filter((text) => !/[\r\n\t\f]| {2}/.test(text)).length;
      }
    }
    expect(fast).toBeGreaterThan(1000);
  });

  it('keeps the text box itself when its text does not change', () => {
    const box = textBox('1,234.00 EUR', 'nowrap');
    expect(processWhiteSpace([box])[0]).toBe(box);
  });
});
