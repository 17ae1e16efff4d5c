import { describe, expect, test } from 'vitest';
import { ContentSink, colorOperator, num } from '../../src/pdf/content.js';
import { operatorBytes } from '../../src/pdf/pdfkit-document.js';

describe('ContentSink', () => {
  test('a fill colour is written once for fills in it, marked content between them keeps it', () => {
    const sink = new ContentSink();
    sink.pushFilled('1 0 0 rg', '0 0 1 1 re\nf');
    sink.pushMarked('/P <</MCID 0>> BDC');
    sink.pushFilled('1 0 0 rg', '1 0 1 1 re\nf');
    sink.pushMarked('EMC');
    sink.pushFilled('0 0 1 rg', '2 0 1 1 re\nf');
    expect(sink.finish()).toBe('1 0 0 rg\n0 0 1 1 re\nf\n/P <</MCID 0>> BDC\n1 0 1 1 re\nf\nEMC\n0 0 1 rg\n2 0 1 1 re\nf');
  });

  test('any other operators, and a group of its own, make the colour unknown', () => {
    const sink = new ContentSink();
    sink.pushFilled('1 0 0 rg', 'a');
    sink.push('q\n0 0 1 rg\nb\nQ');
    sink.pushFilled('1 0 0 rg', 'c');
    sink.open();
    sink.pushFilled('1 0 0 rg', 'd');
    expect(sink.close()).toBe('1 0 0 rg\nd');
    sink.pushFilled('1 0 0 rg', 'e');
    expect(sink.finish()).toBe('1 0 0 rg\na\nq\n0 0 1 rg\nb\nQ\n1 0 0 rg\nc\ne');
  });
});

describe('operatorBytes', () => {
  test('the bytes PDFKit makes of a string chunk: each character\'s low byte, then a newline', () => {
    const operators = 'BT\n(caf\u00e9 \u0141) Tj\nET';
    const pdfkit = Uint8Array.from(`${operators}\n`, (c) => c.charCodeAt(0) & 0xff);
    expect(Array.from(operatorBytes(operators))).toEqual(Array.from(pdfkit));
  });
});

describe('colorOperator', () => {
  test('a colour object kept by its operator gives what an equal fresh one gives, fill and stroke apart', () => {
    const color = { r: 51, g: 102, b: 204, a: 1 };
    const fill = colorOperator(color, false, false);
    expect(fill).toBe('0.2 0.4 0.8 rg');
    expect(colorOperator(color, true, false)).toBe('0.2 0.4 0.8 RG');
    expect(colorOperator(color, false, false)).toBe(colorOperator({ ...color }, false, false));
    const cmyk = { r: 0, g: 0, b: 0, a: 1, cmyk: [0, 0, 0, 1] as const };
    expect(colorOperator(cmyk, false, false)).toBe('0 0 0 1 k');
    expect(colorOperator(cmyk, false, true)).toBe('0 0 0 rg');
  });
});

describe('num', () => {
  test('writes at most three decimals, no -0, no exponent', () => {
    expect([num(1.23456), num(-0.0001), num(12), num(-7.5)]).toEqual(['1.235', '0', '12', '-7.5']);
  });

  test('never writes what no PDF reader can read: NaN as 0, huge and infinite numbers held at ±1e9', () => {
    expect([num(NaN), num(Infinity), num(-Infinity), num(1e21), num(-3e12)]).toEqual(['0', '1000000000', '-1000000000', '1000000000', '-1000000000']);
  });
});
