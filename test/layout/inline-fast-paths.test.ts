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
import type { MeasureEnv, TextPiece } from '../../src/layout/inline/measure.js';
import { measureText, measureTextInParts } from '../../src/layout/inline/measure.js';
import type { InlineFlowBox } from '../../src/boxes/types.js';
import { createFontRegistry } from '../../src/text/fonts.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import { newDiagnostics } from '../text/helpers.js';
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
      const items = collectInlineItems(box, new WeakMap(), () => undefined);
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
      const items = collectInlineItems(box, new WeakMap(), () => undefined);
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
        paragraphLevel: measured.bidi.paragraphLevel, availableWidth: 200, indent: 0, isLastLine: true, containingWidth: 200, text, metrics: e.metrics, lang: measured.lang, lineHeightQuirk: false,
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

const noCjk = !installedFamilies().has('noto sans cjk jp');
const skipped = noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';
/** A text system over the machine's fonts (Noto Sans CJK JP's brackets are one em wide: they trim). */
const systemText = createFontRegistry({ extraFonts: [], systemFonts: true }).forRender({ faces: [], diagnostics: newDiagnostics() });

describe('a word measured (measure.ts measureWord)', () => {
  const STYLED = [
    '', 'letter-spacing: 2px', 'word-spacing: 3px', 'text-spacing-trim: trim-all', 'text-spacing-trim: space-all',
  ];
  const CJK = ['「日本」、「語」。テスト', '（括弧）・中点：です', '日日日', '」」'];

  /** Every text cut of every text item measured with the shortcut and the general way: the same piece. */
  it('is the piece the general way measures, to the last bit', async () => {
    const RTL = ['שלום עולם טוב', 'مرحبا بالعالم الجميل', 'abc שלום def', 'שלום abc עולם'];
    const html = STYLED.flatMap((style) => [...TEXTS, ...CJK].map((t) => `<p style="${style}">${t}</p>`)).join('')
      + TEXTS.map((t) => `<p style="white-space: pre">${t}  </p>`).join('')
      + STYLED.flatMap((style) => RTL.map((t) => `<p dir=rtl style="${style}">${t}</p><p style="${style}">${t}</p>`)).join('');
    const boxes = await paragraphs(html);
    const textEnv = env();
    let compared = 0;
    let rightToLeft = 0;
    for (const box of boxes) {
      const items = collectInlineItems(box, new WeakMap(), () => undefined);
      const measureEnv: MeasureEnv = { ...textEnv, bidi: items.bidi };
      const map = breakMap(items.text);
      for (const item of items.items) {
        if (item.kind !== 'text') continue;
        cutText(item, map, {
          text: (from, to, breakAfter, forcedBreakAfter) => {
            const stretch = { item, from, to, breakAfter, forcedBreakAfter, hyphen: false };
            const got = measureText(stretch, measureEnv);
            expect(facts(got), `${item.text} [${from}, ${to})`).toEqual(facts(measureTextInParts(stretch, measureEnv)));
            compared++;
            if (got.level % 2 === 1) rightToLeft++;
          },
          tab: () => undefined,
        });
      }
    }
    expect(compared).toBeGreaterThan(300);
    expect(rightToLeft).toBeGreaterThan(40);
  });

  it.skipIf(noCjk)(`shares one frozen run list among the pieces of one unspaced run, and a trimmed bracket leaves it alone${skipped}`, async () => {
    const cjk = 'style="font: 16px \'Noto Sans CJK JP\'"';
    const [same, plain, spaced] = await paragraphs(`<p ${cjk}>日日日</p><p ${cjk}>「日」</p><p ${cjk}>\u3000「日」</p>`);
    const textEnv = { ...env(), text: systemText };
    const piecesOf = (box: InlineFlowBox): TextPiece[] => measuredInline(box, 500, textEnv).pieces.filter((p): p is TextPiece => p.kind === 'text');
    // identities compared as booleans: a failing toBe would print the runs' fonts, megabytes of them
    const kanji = piecesOf(same!);
    expect(kanji).toHaveLength(3);
    expect(kanji[1]!.runs === kanji[0]!.runs).toBe(true);
    expect(Object.isFrozen(kanji[0]!.runs)).toBe(true);
    // 「日」 alone keeps its bracket whole (its list shared); after an ideographic space the bracket loses half an em
    const [whole] = piecesOf(plain!);
    const before = [...whole!.runs[0]!.advances];
    const trimmed = piecesOf(spaced!).find((piece) => piece.text === '「日」')!;
    expect([trimmed.width, whole!.width]).toEqual([40, 48]);
    expect(trimmed.runs === whole!.runs).toBe(false);
    expect(whole!.runs[0]!.advances).toEqual(before);
    expect(piecesOf((await paragraphs(`<p ${cjk}>「日」</p>`))[0]!)[0]!.runs === whole!.runs).toBe(true);
  });
});

/** A piece's measured facts as data (runs by their glyph run, advances, level and trailing flag). */
function facts(piece: TextPiece): unknown {
  return {
    text: piece.text, width: piece.width, trailingSpace: piece.trailingSpace, endSpacing: piece.endSpacing, spaces: piece.spaces, level: piece.level,
    from: piece.from, to: piece.to, breakAfter: piece.breakAfter, hyphenated: piece.hyphenated,
    runs: piece.runs.map((run) => ({ run: run.run, advances: [...run.advances], level: run.level, trailing: run.trailing })),
  };
}
