/**
 * `word-break: auto-phrase` (CSS Text 4 §5.1): Japanese broken only between phrases, as Chromium
 * 156 breaks it with BudouX's model; other languages, and text without a language, as `normal`.
 * The expected lines are Chromium's print of the same page (Noto Sans CJK, which `.ci/run` installs).
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { phraseBoundaries } from '../../src/text/phrases/phrase-breaks.js';
import { checkDiagnostics } from '../helpers/diagnostics.js';
import { findById, inPageFrames, textFragments } from '../helpers/layout.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import type { LineFragment } from '../../src/layout/types.js';

const noCjk = !installedFamilies().has('noto sans cjk jp');
const skipped = noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';
const engine = createInternalEngine({ systemFonts: true });

/** The lines of #p as text. */
async function lines(attributes: string, text: string): Promise<string[]> {
  const doc = inPageFrames(await engine.layout({
    template: `<!DOCTYPE html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" } p { width: 170px; margin: 0 }</style><p id=p ${attributes}>${text}</p>`, data: {},
  }));
  checkDiagnostics(doc.diagnostics, []);
  const p = findById(doc.pages[0]!, 'p');
  if (p === undefined || p.kind !== 'box') throw new Error('no #p');
  return p.children.filter((c): c is LineFragment => c.kind === 'line').map((line) => textFragments(line).map((t) => t.text).join(''));
}

describe('phrase boundaries', () => {
  it('are BudouX Japanese phrases, for Japanese only', () => {
    const phrases = (text: string): string[] => {
      const out: string[] = [];
      let start = 0;
      for (const at of phraseBoundaries(text, 'ja-JP') ?? []) { out.push(text.slice(start, at)); start = at; }
      return [...out, text.slice(start)];
    };
    expect(phrases('今日は天気です。明日も晴れるでしょう。')).toEqual(['今日は', '天気です。', '明日も', '晴れるでしょう。']);
    expect(phrases('日本語の文章を自然な位置で改行します。')).toEqual(['日本語の', '文章を', '自然な', '位置で', '改行します。']);
    expect(phraseBoundaries('我们今天去北京大学参观图书馆。', 'zh-Hans')).toBeUndefined();
    expect(phraseBoundaries('今日は', '')).toBeUndefined();
  });
});

describe.skipIf(noCjk)(`word-break: auto-phrase${skipped}`, () => {
  it('breaks Japanese between phrases, and other text as normal', async () => {
    const text = '今日は天気です。明日も晴れるでしょう。';
    expect(await lines('lang=ja style="word-break: auto-phrase"', text)).toEqual(['今日は天気です。', '明日も', '晴れるでしょう。']);
    expect(await lines('lang=ja', text)).toEqual(['今日は天気です。', '明日も晴れるでし', 'ょう。']);
    // no language: not analysed (Chromium breaks it as normal)
    expect(await lines('style="word-break: auto-phrase"', text)).toEqual(['今日は天気です。', '明日も晴れるでし', 'ょう。']);
    expect(await lines('lang=ja style="word-break: auto-phrase"', '日本語の文章を自然な位置で改行します。')).toEqual(['日本語の文章を', '自然な位置で', '改行します。']);
  });
});
