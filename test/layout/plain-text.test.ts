// Plain text's intrinsic sizes from the shaped words (inline/plain-text.ts) are exactly those of
// the measured pieces, and anything that is not plain text is left to measuring.
import { describe, expect, it } from 'vitest';
import { inlineContentIntrinsicSizes } from '../../src/layout/inline/index.js';
import { plainTextIntrinsicSizes } from '../../src/layout/inline/plain-text.js';
import { env, paragraphs } from './inline-helpers.js';

const SAMPLES = [
  'Payment received from customer account 1234', '2026-01-05', 'TX-100123', '12.50', '1,234,567.89 EUR', 'word ', ' leading',
  'a', 'supercalifragilisticexpialidocious and more', '(hello)—world/foo e-mail co-op', 'office fluffy affine', 'AVATAR Toyota WAVE',
  '日本語のテキストです', 'Grüße aus Köln, œuvre naïve', 'emoji 😀 here', 'x\u200by zero width', 'a\u00a0b non-breaking', 'dots... and?! marks',
  'https://example.com/a/long/path?query=1', '"quoted" \'single\'', '50% off — 3×4 = 12',
];

const STYLES = [
  'font: 10pt "Liberation Sans"', 'font: bold 13pt "Liberation Serif"', 'font: italic 7.3px monospace', 'font-size: 11px; text-transform: uppercase',
  'text-transform: capitalize', 'font-variant: small-caps', 'white-space: nowrap', 'font-kerning: none', 'font-feature-settings: "liga" 0',
  'hyphens: none', 'overflow-wrap: break-word',
];

describe('plain text intrinsic sizes', () => {
  it('are those of the measured pieces, to the last bit', async () => {
    const html = STYLES.map((style) => SAMPLES.map((sample) => `<p style='${style}'>${sample}</p>`).join('')).join('');
    const boxes = await paragraphs(html);
    expect(boxes).toHaveLength(STYLES.length * SAMPLES.length);
    for (const box of boxes) {
      const plain = plainTextIntrinsicSizes(box, env());
      const measured = inlineContentIntrinsicSizes(box, env());
      expect(plain, box.children.map((child) => (child.kind === 'text' ? child.text : child.kind)).join('|')).toBeDefined();
      expect(Object.is(plain!.minContent, measured.minContent) && Object.is(plain!.maxContent, measured.maxContent), `${JSON.stringify(plain)} ${JSON.stringify(measured)}`).toBe(true);
    }
  });

  it('are those of the measured pieces for a table cell measured without keeping them', async () => {
    const boxes = await paragraphs(`<p>${SAMPLES[0]}</p><p style="font-size: 9pt">${SAMPLES[5]}</p>`);
    for (const box of boxes) expect(inlineContentIntrinsicSizes(box, env(), false)).toEqual(inlineContentIntrinsicSizes(box, env()));
  });

  it('leave to measuring what is not plain text', async () => {
    const boxes = await paragraphs([
      '<p>with <b>bold</b></p>', '<p>line<br>break</p>', '<p style="letter-spacing: 1px">spaced</p>', '<p style="word-spacing: 2px">spaced words</p>',
      '<p lang=en style="hyphens: auto">hyphenated</p>', '<p>soft&shy;hyphen</p>', '<p style="white-space: pre-wrap">pre\twrap</p>',
      '<p style="white-space: pre-line">pre\nline</p>', '<p style="word-break: break-all">break all</p>', '<p style="word-break: keep-all">keep all</p>',
      '<p style="overflow-wrap: anywhere">anywhere</p>', '<p dir=rtl>right to left</p>', '<p>שלום world</p>', '<p style="unicode-bidi: plaintext">plain</p>',
      '<p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></p>', '<p style="text-indent: 1em">indented</p>',
    ].join(''));
    expect(boxes).toHaveLength(16);
    for (const box of boxes) expect(plainTextIntrinsicSizes(box, env()), JSON.stringify(box.element?.attribs)).toBeUndefined();
  });
});
