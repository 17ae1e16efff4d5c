import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { checkDiagnostics } from '../helpers/diagnostics.js';
import { findById, inPageFrames } from '../helpers/layout.js';
import { installedFamilies } from '../helpers/installed-fonts.js';

const noCjk = !installedFamilies().has('noto sans cjk jp');
const skipped = noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';
if (noCjk) console.warn(`test/layout/cjk-line-breaks.test.ts: tests skipped${skipped}`);

describe.skipIf(noCjk)(`Japanese line breaks before small kana (CSS Text 3 §5.3 line-break: normal)${skipped}`, () => {
  const engine = createInternalEngine({ systemFonts: true });

  // Chromium 156 (getBoundingClientRect): every box 60x60, two lines of three 20px characters (あいう|っえお);
  // without the break before っ (UAX #14's strict rule) they took three lines
  it('starts a line with っ, ャ or ー where the line is full, horizontally and vertically, as Chromium', async () => {
    const laid = inPageFrames(await engine.layout({
      template: '<!DOCTYPE html><html lang=ja><style>@page { size: 400px 400px; margin: 0 } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" } div { width: 60px; float: left; clear: left }</style>'
        + '<div id=a>あいうっえお</div><div id=b>アイウッエオ</div><div id=c>漢字書ーきく</div><div id=d>あいうゃえお</div>'
        + '<div id=f style="writing-mode: vertical-rl; height: 60px; width: auto">あいうっえお</div>',
      data: {},
    }));
    checkDiagnostics(laid.diagnostics, []);
    expect(['a', 'b', 'c', 'd', 'f'].map((id) => {
      const f = findById(laid.pages[0]!, id)!;
      return `${id} ${f.width}x${f.height}`;
    })).toEqual(['a 60x60', 'b 60x60', 'c 60x60', 'd 60x60', 'f 60x60']);
  });
});
