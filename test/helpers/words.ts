/** The words of a PDF and their boxes, as `pdftotext -bbox` reads them (points). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { withPdfFile } from './tmp.js';

const run = promisify(execFile);

export interface PdfWord {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

/** Every word of the PDF, in pdftotext's reading order. */
export async function pdfWords(pdf: Uint8Array): Promise<PdfWord[]> {
  const html = await withPdfFile(pdf, async (path) => (await run('pdftotext', ['-bbox', path, '-'])).stdout);
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)]
    .map((m) => ({ text: m[5]!, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) }));
}
