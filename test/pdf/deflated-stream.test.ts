/**
 * Content streams octavo ends itself (a page kept open for its margin boxes, the margin boxes'
 * own stream) are deflated by pdf/pdfkit-document.ts, not by PDFKit: the same bytes, in an output
 * buffer sized from the input instead of Node's 16 KiB one per stream (a long table's margin
 * boxes left ~860 such buffers at the peak of its render: bench/README.md, "stop 35").
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedStream } from '../../src/pdf/pdfkit-document.js';

const operators = (lines: number, seed: number): Uint8Array =>
  new Uint8Array(Buffer.from(Array.from({ length: lines }, (_, i) => `BT /F1 10 Tf 56.69 ${(i * 7 + seed) % 800} Td (Payment card ${i * seed}) Tj ET`).join('\n')));

describe('deflatedStream', () => {
  it('gives the bytes deflateSync gives, for short and long streams', () => {
    for (const lines of [0, 1, 3, 40, 800, 5000]) expect(Buffer.from(deflatedStream(operators(lines, 3))).equals(deflateSync(operators(lines, 3)))).toBe(true);
  });

  it('keeps a short stream in far less than the 16 KiB buffer deflateSync gives it', () => {
    const short = operators(2, 5);
    expect(deflateSync(short).buffer.byteLength).toBeGreaterThanOrEqual(16 * 1024);
    expect(deflatedStream(short).buffer.byteLength).toBeLessThanOrEqual(8 * 1024);
    // a long one: a buffer of about its compressed size, not the input's
    const long = operators(2000, 5);
    expect(deflatedStream(long).buffer.byteLength).toBeLessThan(long.length / 2);
  });
});

