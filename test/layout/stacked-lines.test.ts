// Lines stacked directly (block/lines.ts `stackedLines`: content from its start, nothing beside
// or standing in it, every line fitting) give what the general way (`placedLines`) gives, to the
// last bit, over generated paragraphs and table-cell-like boxes, with and without a page end.
import { describe, expect, it } from 'vitest';
import type { InlineFlowBox } from '../../src/boxes/types.js';
import type { LayoutServices } from '../../src/layout/contract.js';
import type { Fragmentainer } from '../../src/layout/contract.js';
import { createLayoutContext } from '../../src/layout/driver/context.js';
import type { BlockFrame } from '../../src/layout/block/flow.js';
import { layoutLines, placedLines } from '../../src/layout/block/lines.js';
import { EMPTY_STRUT } from '../../src/layout/margins.js';
import { NO_EXCLUSIONS } from '../../src/layout/exclusions.js';
import { paragraphs, text } from './inline-helpers.js';

const services = {
  text, images: new Map(), diagnostics: { warn: () => undefined }, maxPages: 100, checkBudget: () => undefined,
  pageStyle: () => ({}), marginBoxStyle: () => undefined, shrinkToFit: true,
} as unknown as LayoutServices;

const TEXTS = [
  '100001', '2024-01-01', 'Slightly statements effects', '-2,196.92', 'Consulting — architecture review', 'Monitoring &amp; alerting add-on',
  'a\u00a0b c', 'two  spaces ', 'soft&shy;hyphen here', 'tab\there', 'שלום world', '日本語のテキストです', 'emoji 😀 here', '(hello)—world/foo',
  'Transfers remain variance operating reconciled adjustments flagged within each revenue within threshold accrued accounts was exceeded.',
  'a <b>bold</b> word', 'x <span style="padding: 0 4px; border: 1px solid">boxed</span> y', 'line<br>break', '', ' ',
];

const STYLES = [
  '', 'white-space: nowrap', 'white-space: pre', 'white-space: pre-wrap', 'white-space: pre-line', 'white-space: break-spaces',
  'text-align: right', 'text-align: center', 'text-align: justify', 'text-align: justify; text-align-last: justify', 'text-align: end',
  'letter-spacing: 1.5px', 'word-spacing: 3px', 'line-height: 0', 'line-height: 1.25; font-size: 9pt', 'line-height: 40px',
  'font: 700 13px serif', 'font-family: monospace', 'text-indent: 12px', 'text-indent: -8px', 'direction: rtl',
  'text-transform: uppercase', 'hyphens: auto', 'overflow-wrap: anywhere', 'word-break: break-all', 'text-overflow: ellipsis; overflow: hidden',
  'hanging-punctuation: last allow-end', 'orphans: 1; widows: 1', 'widows: 3', 'vertical-align: middle', 'padding: 4.5pt 5pt; border: 0.5pt solid',
];

const WIDTHS = [0, 48, 90.25, 1000];

/** Pages ending at, a little past and a little before each line's end, at the frame's top or not. */
function pages(top: number): (Fragmentainer | undefined)[] {
  const list: (Fragmentainer | undefined)[] = [undefined];
  for (const bottom of [top, top + 0.005, top + 14.995, top + 15.02, top + 30, top + 45.005]) {
    list.push({ bottom, atTop: true, discardTopMargins: false }, { bottom, atTop: false, discardTopMargins: true });
  }
  list.push({ bottom: top + 500, atTop: false, discardTopMargins: false, limits: [{ y: top, bottom: top + 20 }, { y: top + 16, bottom: top + 60 }] });
  return list;
}

describe('lines stacked without the general placement', () => {
  it('are the lines, fragments, baselines and break tokens the general way gives', async () => {
    const html = STYLES.flatMap((style) => TEXTS.map((t) => `<p style="${style}">${t}</p>`)).join('')
      + '<p>before <span style="float: left; width: 20px; height: 20px"></span> after</p>'
      + '<p>before <span style="position: absolute">abs</span> after</p>';
    const boxes = await paragraphs(html);
    expect(boxes.length).toBeGreaterThan(STYLES.length * (TEXTS.length - 2));
    let compared = 0;
    for (const box of boxes) {
      // one context per way, kept across the frames (as a render keeps its caches)
      const fastContext = createLayoutContext(services, undefined);
      const generalContext = createLayoutContext(services, undefined);
      for (const width of WIDTHS) {
        for (const [y, strut] of [[0, EMPTY_STRUT], [33.3, { positive: 6, negative: -2, quirky: 0, atQuirkyStart: false }]] as const) {
          for (const fragmentainer of pages(y)) {
            const frame: BlockFrame = { box, contentX: 7.25, contentWidth: width, containingHeight: undefined, mode: 'layout', y, strut, fragmentainer, exclusions: NO_EXCLUSIONS };
            const fast = layoutLines(frame, box as InlineFlowBox, fastContext, undefined);
            const general = placedLines(frame, box as InlineFlowBox, generalContext, undefined);
            expect(fast).toStrictEqual(general);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(50_000);
  });
});
