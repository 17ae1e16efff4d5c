import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { verticalGlyphMetrics } from '../../src/text/fontkit.js';
import type { FontProgram } from '../../src/text/fontkit.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import { checkDiagnostics } from '../helpers/diagnostics.js';
import { findById, inPageFrames } from '../helpers/layout.js';
import type { Fragment } from '../../src/layout/types.js';

const noCjk = !installedFamilies().has('noto sans cjk jp');
const skipped = noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';
if (noCjk) console.warn(`test/text/vertical-metrics.test.ts: tests skipped${skipped}`);

describe.skipIf(noCjk)(`vertical metrics from the font's vhea/vmtx/VORG (src/sfnt/vertical-metrics.ts)${skipped}`, () => {
  const engine = createInternalEngine({ systemFonts: true });

  it("reads Noto Sans CJK JP's vertical advances and origins (fontkit 2.0.4 finds none)", async () => {
    const laid = inPageFrames(await engine.layout({ template: '<p style="font-family: \'Noto Sans CJK JP\'">縦</p>', data: {} }));
    checkDiagnostics(laid.diagnostics, []);
    const program = firstFont(laid.pages[0]!.children);
    const glyph = (cp: number): number => (program as unknown as { glyphForCodePoint(cp: number): { id: number } }).glyphForCodePoint(cp).id;
    // 縦 one em, its origin VORG's default (880 units up); 〱 (the vertical kana repeat mark) two ems, its origin listed (1380)
    expect(verticalGlyphMetrics(program, glyph(0x7e26), 0)).toEqual({ advance: 1000, originY: 880 });
    expect(verticalGlyphMetrics(program, glyph(0x3031), 0)).toEqual({ advance: 2000, originY: 1380 });
  });

  it('advances upright text by the vertical advances: a two-em repeat mark makes the line four ems tall, as in Chromium', async () => {
    const laid = inPageFrames(await engine.layout({
      template: '<!DOCTYPE html><html lang=ja><style>@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" }'
        + ' div { writing-mode: vertical-rl; float: left }</style><div id=v>あ〱い</div>',
      data: {},
    }));
    checkDiagnostics(laid.diagnostics, []);
    const v = findById(laid.pages[0]!, 'v')!;
    // Chromium 156: 0,0 30x80
    expect([v.x, v.y, v.width, v.height].map((n) => Math.round(n * 100) / 100)).toEqual([0, 0, 30, 80]);
  });
});

/** The font program of the first text run laid out. */
function firstFont(fragments: readonly Fragment[]): FontProgram {
  const found = fontIn(fragments);
  if (found === undefined) throw new Error('no text laid out');
  return found;
}

function fontIn(fragments: readonly Fragment[]): FontProgram | undefined {
  for (const fragment of fragments) {
    if (fragment.kind === 'text' && fragment.runs.length > 0) return fragment.runs[0]!.run.face.program as FontProgram;
    const found = fragment.kind === 'box' || fragment.kind === 'line' ? fontIn(fragment.children) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}
