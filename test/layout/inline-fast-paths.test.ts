// Fast paths of inline layout give what the general path gives, to the last bit: the break map of
// text that never wraps (pieces.ts `breakMapOf`) cuts text as the full one does, and a line of text
// alone is placed vertically (line-box.ts `placeTextOnly`) as the general walk places it, and a
// first line that holds the whole content (line-breaker.ts `wholeContentLine`) is the greedy fill's.
import { describe, expect, it } from 'vitest';
import { collectInlineItems } from '../../src/layout/inline/items.js';
import type { TextItem } from '../../src/layout/inline/items.js';
import type { BreakMap } from '../../src/layout/inline/pieces.js';
import { breakMap, breakMapOf, cutText } from '../../src/layout/inline/pieces.js';
import type { LineSpec } from '../../src/layout/inline/line-box.js';
import { onlyText, placeTextOnly, placeVertically } from '../../src/layout/inline/line-box.js';
import { measuredInline } from '../../src/layout/inline/measured.js';
import { placeAnyLine, placeHorizontally } from '../../src/layout/inline/horizontal.js';
import { justificationOpportunities } from '../../src/layout/inline/justify.js';
import { NO_CLONED_EDGES, breakLine, wholeContentLine } from '../../src/layout/inline/line-breaker.js';
import { CONTENT_START } from '../../src/layout/inline/resume.js';
import { env, paragraphs, text } from './inline-helpers.js';

const TEXTS = [
  'Slightly statements effects', '-2,196.92', '2024-01-01', '(hello)—world/foo e-mail co-op', '日本語のテキストです', 'a\u00a0b c',
  'https://example.com/a/long/path?query=1', 'soft&shy;hyphen here', 'tab\there and\tthere', 'two  spaces ', 'שלום world', 'emoji 😀 here',
];

const WHITE_SPACES = ['nowrap', 'pre', 'normal', 'pre-wrap', 'pre-line', 'break-spaces'];

function cuts(item: TextItem, map: BreakMap): string[] {
  const out: string[] = [];
  cutText(item, map, {
    text: (from, to, breakAfter, forced) => out.push(`text ${from} ${to} ${breakAfter} ${forced}`),
    tab: (from, breakAfter) => out.push(`tab ${from} ${breakAfter}`),
  });
  return out;
}

describe('the break map of text that never wraps', () => {
  it('cuts every text item as the full break map does', async () => {
    const html = WHITE_SPACES.flatMap((ws) => TEXTS.map((t) => `<p style="white-space: ${ws}">${t}</p>`)).join('')
      + TEXTS.map((t) => `<p style="white-space: nowrap">${t}<span style="white-space: normal"> and ${t}</span></p>`).join('')
      + TEXTS.map((t) => `<p style="white-space: pre">${t}<br>${t}\nnext line</p>`).join('')
      + '<p style="white-space: nowrap; word-break: keep-all; overflow-wrap: anywhere">keep all anywhere</p>';
    const boxes = await paragraphs(html);
    expect(boxes.length).toBe(WHITE_SPACES.length * TEXTS.length + 2 * TEXTS.length + 1);
    let skipped = 0;
    for (const box of boxes) {
      const items = collectInlineItems(box, new WeakMap());
      const full = breakMap(items.text);
      const map = breakMapOf(items.items, items.text);
      if (map !== full && map.length === 0) skipped++;
      for (const item of items.items) {
        if (item.kind === 'text') expect(cuts(item, map), item.text).toEqual(cuts(item, full));
      }
    }
    // the nowrap and pre paragraphs without a newline took the short way
    expect(skipped).toBeGreaterThanOrEqual(TEXTS.length + 2);
  });

  it('is the full map where an item wraps, a box opens or a newline forces a break', async () => {
    const boxes = await paragraphs('<p>a b</p><p style="white-space: nowrap">a <b>b</b></p><p style="white-space: pre">a\nb</p><p style="white-space: nowrap">a<br>b</p>');
    for (const box of boxes) {
      const items = collectInlineItems(box, new WeakMap());
      expect(breakMapOf(items.items, items.text)).toEqual(breakMap(items.text));
    }
  });
});

describe('a line of text alone', () => {
  it('is placed as the general walk places it', async () => {
    const boxes = await paragraphs([
      '<p>Slightly statements effects</p>', '<p style="font: 9pt/1.25 serif; text-align: right">-2,196.92</p>',
      '<p style="line-height: 0">zero line height</p>', '<p style="line-height: 3; font-size: 7px">tall lines</p>',
      '<p dir=rtl>שלום world</p>', '<p style="font-size: 20px">big <span style="font-size: 8px">small</span> big</p>',
      '<p style="white-space: nowrap">日本語 and latin mixed</p>', '<p>emoji 😀 here</p>', '<p></p>',
    ].join(''));
    let lines = 0;
    for (const box of boxes) {
      const e = env();
      const measured = measuredInline(box, 200, e);
      const pieces = measured.pieces;
      const nodes = placeHorizontally({ pieces, openAtStart: [], trimmed: -1, lastContent: -1, justify: { extra: 0, after: new Map() }, startX: 0, containingWidth: 200 });
      const spec: LineSpec = {
        pieces, forcedBreak: false, openAtStart: [], clonedEdges: 0, hang: { start: 0, end: 0 }, rootStyle: box.style,
        paragraphLevel: measured.bidi.paragraphLevel, availableWidth: 200, indent: 0, isLastLine: true, containingWidth: 200, text, metrics: e.metrics, lineHeightQuirk: false,
      };
      if (!onlyText(nodes)) continue;
      lines++;
      expect(placeTextOnly(nodes, spec)).toStrictEqual(placeVertically(nodes, spec));
    }
    // the paragraph with a span is not text alone; every other one is
    expect(lines).toBe(boxes.length - 1);
  });
});

describe('a line of text alone, horizontally', () => {
  it('is placed horizontally as the general walk places it', async () => {
    const boxes = await paragraphs([
      '<p>Slightly statements effects </p>', '<p style="letter-spacing: 1.5px; word-spacing: 3px">spaced out words</p>',
      '<p dir=rtl>שלום world עולם</p>', '<p>mixed עברית and english text</p>', '<p style="white-space: pre">tab\there\tand there</p>',
      '<p style="white-space: pre-wrap">kept   spaces   </p>', '<p>日本語 and 😀 emoji, ﬁne ligatures</p>', '<p style="text-transform: uppercase">upper case</p>',
    ].join(''));
    let lines = 0;
    for (const box of boxes) {
      const measured = measuredInline(box, 500, env());
      const pieces = measured.pieces;
      if (!pieces.every((piece) => piece.kind === 'text')) continue;
      lines++;
      const last = pieces.length - 1;
      // as the line box asks: plain, with its last piece's spaces trimmed, justified
      for (const [trimmed, lastContent, justify] of [
        [-1, -1, { extra: 0, after: new Map() }],
        [last, last, { extra: 0, after: new Map() }],
        [last, last, { extra: 2.25, after: justificationOpportunities(pieces, last).after }],
      ] as const) {
        const spec = { pieces, openAtStart: [], trimmed, lastContent, justify, startX: 7.5, containingWidth: 500 };
        expect(placeHorizontally(spec)).toStrictEqual(placeAnyLine(spec));
      }
    }
    expect(lines).toBe(boxes.length);
  });
});

describe('a first line holding the whole content', () => {
  it('is what the greedy fill gives, or left to it', async () => {
    const texts = ['-2,196.92', 'Slightly statements effects', 'Consulting — architecture review', 'two  spaces ', 'a\u00a0b c', 'soft&shy;hyphen',
      'tab\there', 'pre\nline', 'end.', '「括弧」と。', 'שלום world', 'x <b>bold</b> y'];
    const styles = ['', 'white-space: nowrap', 'white-space: pre', 'white-space: pre-wrap', 'white-space: break-spaces', 'letter-spacing: 2px',
      'word-spacing: 4px', 'hanging-punctuation: allow-end', 'hanging-punctuation: first last', 'text-spacing-trim: trim-both',
      'text-spacing-trim: trim-start', 'text-spacing-trim: space-all', 'hyphens: auto', 'overflow-wrap: anywhere', 'direction: rtl'];
    const boxes = await paragraphs(styles.flatMap((style) => texts.map((t) => `<p lang="en" style="${style}">${t}</p>`)).join(''));
    let whole = 0;
    let left = 0;
    for (const box of boxes) {
      const measured = measuredInline(box, 0, env());
      const rtl = measured.bidi.paragraphLevel % 2 === 1;
      for (const available of [0, 10, 30.5, 60, 95.25, 140, 1000]) {
        const fast = wholeContentLine(measured.pieces, available);
        if (fast === undefined) {
          left++;
          continue;
        }
        whole++;
        const general = breakLine(measured.pieces, CONTENT_START, {
          available, offset: 0, splitter: measured.splitter, cloned: NO_CLONED_EDGES, firstOrAfterForcedBreak: true, firstLine: true, mayHang: !rtl,
        });
        expect(fast).toStrictEqual(general);
      }
    }
    expect(whole).toBeGreaterThan(300);
    expect(left).toBeGreaterThan(300);
  });
});
