import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BufferedHash } from '../../src/pdf/buffered-hash.js';

describe('BufferedHash', () => {
  it('digests exactly what Hash.update would, for strings (UTF-8, lone surrogates) and bytes of every size', () => {
    const parts: (string | Uint8Array)[] = [
      'page 793.7 1122.5\n', 'Zürich – 12 € 𝐀', '\ud800 lone', new Uint8Array([1, 2, 3]),
      'x'.repeat(30_000), new Uint8Array(70_000).map((_, i) => i % 251), 'é'.repeat(25_000), '', new Uint8Array(0),
      new Uint8Array(new Float64Array([1.5, -0, 1e300]).buffer),
    ];
    const reference = createHash('sha256');
    const buffered = new BufferedHash();
    for (const part of parts) {
      reference.update(part);
      buffered.update(part);
    }
    expect(buffered.digest().toString('hex')).toBe(reference.digest('hex'));
  });

  it('differs when the content differs', () => {
    const a = new BufferedHash().update('ab').update('c').digest().toString('hex');
    const b = new BufferedHash().update('ab').update('d').digest().toString('hex');
    expect(a).not.toBe(b);
    expect(a).toBe(createHash('sha256').update('abc').digest('hex'));
  });
});
