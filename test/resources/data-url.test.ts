import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeDataUrl } from '../../src/resources/data-url.js';
import { cpuTime } from '../helpers/cpu-time.js';

const MiB = 1024 * 1024;

describe('decodeDataUrl', () => {
  it('decodes base64 (with whitespace and percent-encoded characters) and percent-encoded text', () => {
    expect(Buffer.from(decodeDataUrl('data:image/png;base64,aGVs%62G8 =\n', 100).bytes).toString()).toBe('hello');
    expect(decodeDataUrl('data:text/plain,a%20b%zz%C3%A9é', 100)).toEqual({ mediaType: 'text/plain', bytes: new Uint8Array(Buffer.from('a b%zzéé')) });
    expect(decodeDataUrl('data:,x', 10).mediaType).toBe('text/plain');
  });

  it('decodes like Node does for any bytes, base64 or percent-encoded', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      const base64 = `data:application/octet-stream;base64,${Buffer.from(bytes).toString('base64')}`;
      expect(decodeDataUrl(base64, 1000).bytes).toEqual(bytes);
      const percent = `data:application/octet-stream,${[...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')}`;
      expect(decodeDataUrl(percent, 1000).bytes).toEqual(bytes);
    }), { numRuns: 200 });
  });

  it('decodes 9 MiB in linear time (was 25 s): base64, percent-encoded, and a long run of "="', async () => {
    const raw = Buffer.alloc(9 * MiB, 0x41);
    const cases = [
      `data:image/png;base64,${raw.toString('base64')}`,
      `data:image/svg+xml,${'%41'.repeat(3 * MiB)}`,
      `data:image/png;base64,${'='.repeat(9 * MiB)}A`,
    ];
    for (const url of cases) {
      const { ms } = await cpuTime(() => {
        try { decodeDataUrl(url, 20 * MiB); } catch { /* the "=" run is malformed: refused, in time */ }
      });
      expect(ms, url.slice(0, 30)).toBeLessThan(5_000); // issue 26: within seconds of CPU time (was 25 s)
    }
  });

  it('refuses a data: URL over the size limit with limit_exceeded before and after decoding', () => {
    expect(() => decodeDataUrl(`data:,${'x'.repeat(400)}`, 100)).toThrow(/limits.maxResourceBytes = 100/);
    expect(() => decodeDataUrl(`data:,${'x'.repeat(101)}`, 100)).toThrow(/limits.maxResourceBytes = 100/);
    expect(() => decodeDataUrl(`data:;base64,${Buffer.alloc(101).toString('base64')}`, 100)).toThrow(/limits.maxResourceBytes = 100/);
  });
});
