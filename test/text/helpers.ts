/** Shared helpers of the text-stage tests. */
import { readFileSync } from 'node:fs';
import { Diagnostics } from '../../src/diagnostics.js';
import type { FontRequest } from '../../src/text/types.js';

export const FIXTURES = new URL('../fixtures/fonts/', import.meta.url);

export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, FIXTURES)));
}

export function request(overrides: Partial<FontRequest> = {}): FontRequest {
  return {
    families: ['serif'],
    weight: 400,
    style: 'normal',
    stretch: 100,
    size: 16,
    features: {},
    ...overrides,
  };
}

/** A loader like the resource stage's: file: URLs of the fixtures and data: URLs. */
export async function loadBytes(url: string): Promise<Uint8Array> {
  if (url.startsWith('data:')) {
    const comma = url.indexOf(',');
    const meta = url.slice(5, comma);
    const payload = url.slice(comma + 1);
    return meta.endsWith(';base64')
      ? new Uint8Array(Buffer.from(payload, 'base64'))
      : new Uint8Array(Buffer.from(decodeURIComponent(payload), 'latin1'));
  }
  return new Uint8Array(readFileSync(new URL(url)));
}

export function newDiagnostics(): Diagnostics {
  return new Diagnostics();
}

export function codes(diagnostics: Diagnostics): string[] {
  return diagnostics.list().map((d) => `${d.code}: ${d.message}`);
}

/** The glyph text of a shaped run sequence, for readable assertions. */
export function runSummary(shaped: { runs: readonly { face: { family: string }; text: string }[] }): string[] {
  return shaped.runs.map((run) => `${run.face.family}: ${run.text}`);
}
