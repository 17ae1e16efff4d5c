import { describe, expect, it } from 'vitest';
import type { LineFragment } from '../../src/layout/types.js';
import { findById, layoutHtml, textFragments as texts } from '../helpers/layout.js';

// Liberation Mono: every glyph advances 0.6em, so at 10px a character is 6px wide.
const base = '@page { size: 600px 400px; margin: 0 } body { margin: 0 } p { margin: 0; font: 10px/20px "Liberation Mono" }';

async function lines(html: string, css = ''): Promise<LineFragment[]> {
  const doc = await layoutHtml(`<style>${base} ${css}</style>${html}`);
  const p = findById(doc.pages[0]!, 'p');
  if (p === undefined || p.kind !== 'box') throw new Error('no #p');
  return p.children.filter((c): c is LineFragment => c.kind === 'line');
}

function lineText(line: LineFragment): string {
  return texts(line).map((t) => t.text).join('');
}

describe('line breaking and alignment (CSS Text 3)', () => {
  it('breaks at spaces to fit the width and drops the spaces at line ends', async () => {
    const result = await lines('<p id=p style="width:50px">aaaa bbbb cccc</p>');
    expect(result.map(lineText)).toEqual(['aaaa', 'bbbb', 'cccc']);
    expect(result.map((l) => [l.y, l.height])).toEqual([[0, 20], [20, 20], [40, 20]]);
  });

  it('keeps words that fit together on one line', async () => {
    const result = await lines('<p id=p style="width:55px">aaaa bbbb cccc</p>');
    expect(result.map(lineText)).toEqual(['aaaa bbbb', 'cccc']);
  });

  it('lets an unbreakable word overflow', async () => {
    const result = await lines('<p id=p style="width:20px">abcdefgh ij</p>');
    expect(result.map(lineText)).toEqual(['abcdefgh', 'ij']);
  });

  it('aligns right and centre within the line', async () => {
    const right = await lines('<p id=p style="width:100px;text-align:right">abcd</p>');
    expect(texts(right[0]!)[0]!.x).toBeCloseTo(100 - 24, 1);
    const centre = await lines('<p id=p style="width:100px;text-align:center">abcd</p>');
    expect(texts(centre[0]!)[0]!.x).toBeCloseTo(38, 1);
  });

  it('justifies all lines but the last by widening spaces', async () => {
    const result = await lines('<p id=p style="width:60px;text-align:justify">aa bb cc dd ee</p>');
    // line 1 "aa bb cc" is 48px: 12px shared by 2 spaces.
    const first = texts(result[0]!)[0]!;
    const widths = first.runs.flatMap((run) => run.advances);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(60, 1);
    const last = texts(result[result.length - 1]!)[0]!;
    expect(last.width).toBeCloseTo(lineText(result[result.length - 1]!).length * 6, 1);
  });

  it('indents the first line with text-indent', async () => {
    const result = await lines('<p id=p style="width:100px;text-indent:12px">ab cd</p>');
    expect(texts(result[0]!)[0]!.x).toBeCloseTo(12, 1);
  });

  // Chromium 156 prints these lines so (the same words on each line, the same indents)
  it('indents the lines after the first with hanging, and after each forced break with each-line', async () => {
    const starts = (result: readonly LineFragment[]): [string, number][] => result.map((line) => [lineText(line), texts(line)[0]!.x]);
    expect(starts(await lines('<p id=p style="width:90px;text-indent:12px hanging">aaaa bbbb cccc dddd eeee<br>ffff</p>'))).toEqual([
      ['aaaa bbbb cccc', 0], ['dddd eeee', 12], ['ffff', 12],
    ]);
    expect(starts(await lines('<p id=p style="width:90px;text-indent:12px each-line">aaaa bbbb cccc dddd<br>eeee</p>'))).toEqual([
      ['aaaa bbbb', 12], ['cccc dddd', 0], ['eeee', 12],
    ]);
    expect(starts(await lines('<p id=p style="width:90px;text-indent:12px each-line hanging">aaaa bbbb cccc dddd<br>eeee ffff gggg</p>'))).toEqual([
      ['aaaa bbbb cccc', 0], ['dddd', 12], ['eeee ffff gggg', 0],
    ]);
    // balanced lines keep their indents
    expect(starts(await lines('<p id=p style="width:90px;text-indent:12px hanging;text-wrap:balance">aaaa bbbb cccc dddd</p>'))).toEqual([
      ['aaaa bbbb', 0], ['cccc dddd', 12],
    ]);
  });

  // Chromium 156's widths (Liberation Mono 10px: 6px a character): the indent counts on the first
  // line and on lines after a forced break it indents, at min-content on their first word only; a
  // percentage is 0 against the indefinite width; a line of floats alone is not indented
  it('counts text-indent in shrink-to-fit and max-content widths', async () => {
    const doc = await layoutHtml(`<style>${base} .f { float: left; clear: left } td { padding: 0; font: 10px/20px "Liberation Mono" }</style>
      <p class=f id=a style="text-indent:12px">aaaa bbbb</p>
      <p class=f id=b style="text-indent:12px;width:min-content">aaa bb</p>
      <p class=f id=c style="text-indent:10%">aaaa</p>
      <p class=f id=d style="text-indent:calc(10% + 12px)">aaaa</p>
      <p class=f id=e style="text-indent:12px hanging">aa<br>bb</p>
      <p class=f id=f style="text-indent:12px hanging;width:min-content">aaaa bb</p>
      <p class=f id=g style="text-indent:12px each-line">aa<br>bbbb</p>
      <p class=f id=h style="text-indent:12px"><span></span></p>
      <p class=f id=i style="text-indent:-12px">aaaa bb</p>
      <p class=f id=j style="text-indent:12px"><span style="float:left;width:30px;height:5px"></span></p>
      <p style="clear:both;text-indent:12px;width:100px">a <span id=k style="display:inline-block">aaaa bbbb</span></p>
      <table style="border-spacing:0"><tr><td id=l style="text-indent:12px">aaaa</td></tr></table>
      <div style="text-indent:12px"><table style="border-spacing:0"><tr><td id=m>aaaa</td></tr></table></div>
      <p id=n style="text-indent:12px;width:max-content">aaaa bbbb</p>`);
    const width = (id: string): number => findById(doc.pages[0]!, id)!.width;
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n'];
    const chromium = [66.02, 30.02, 24.02, 36.02, 24.02, 24.02, 36.02, 12, 30.02, 30, 66.02, 36.02, 24.02, 66.02];
    // (a table does not inherit the indent: the UA sheet sets it back to 0 there)
    ids.forEach((id, i) => expect(width(id), id).toBeCloseTo(chromium[i]!, 1));
  });

  it('starts a new line at <br>', async () => {
    const result = await lines('<p id=p>one<br>two<br><br>four</p>');
    expect(result.map(lineText)).toEqual(['one', 'two', '', 'four']);
    expect(result.map((l) => l.height)).toEqual([20, 20, 20, 20]);
  });

  it('collapses white space in normal flow and keeps it in pre', async () => {
    const normal = await lines('<p id=p>  a \n\n  b   </p>');
    expect(normal.map(lineText)).toEqual(['a b']);
    const pre = await lines('<p id=p style="white-space:pre">  a\n  b</p>');
    expect(pre.map(lineText)).toEqual(['  a', '  b']);
  });

  it('does not wrap nowrap text', async () => {
    const result = await lines('<p id=p style="width:30px;white-space:nowrap">aa bb cc</p>');
    expect(result.map(lineText)).toEqual(['aa bb cc']);
  });

  it('uses the line-height for the line box and centres the glyphs in it', async () => {
    const result = await lines('<p id=p style="line-height:40px">x</p>');
    expect(result[0]!.height).toBe(40);
    const text = texts(result[0]!)[0]!;
    // half-leading above, as Blink splits it: ⌊(40 - (A + D)) / 2⌋ with the ascent 8.33 and descent 3 rounded (A 8, D 3),
    // so the baseline 8 + 14 = 22 below the line top and the glyphs 22 - 8.33 = 13.67
    expect(text.y).toBeCloseTo(8 + Math.floor((40 - (8 + 3)) / 2) - (text.height - 3), 1);
  });

  it('lays out inline boxes with horizontal padding, border and margin', async () => {
    const result = await lines('<p id=p>ab<span id=s style="padding:0 3px;border-left:2px solid;margin-right:4px">cd</span>ef</p>');
    const span = result[0]!.children.find((c) => c.kind === 'box')!;
    expect(span.x).toBeCloseTo(12, 1);
    expect(span.width).toBeCloseTo(2 + 3 + 12 + 3, 1);
    const after = texts(result[0]!)[2]!;
    expect(after.x).toBeCloseTo(12 + 20 + 4, 1);
  });

  it('places inline-blocks on the line with a shrink-to-fit width', async () => {
    const result = await lines('<p id=p>a<span style="display:inline-block;padding:2px">bb cc</span>d</p>');
    const block = result[0]!.children.find((c) => c.kind === 'box')!;
    expect([block.x, block.width, block.height].map((v) => Math.round(v * 10) / 10)).toEqual([6, 34, 24]);
    expect(result[0]!.height).toBe(24);
  });

  it('cuts a line-height to Blink\'s 64ths of a pixel, a number times the font size in them, as Chromium lays out 50 lines', async () => {
    const lines = Array.from({ length: 50 }, () => 'line').join('<br>');
    const cases = ['13px/1.45', '10pt/1.5', '14.6666px/1.5', '15px/20.3px', '10pt/150%', '11pt/1.5'];
    const doc = await layoutHtml(`<style>@page { size: 600px 8000px; margin: 0 } body { margin: 0 } p { margin: 0 }</style>
      ${cases.map((font, i) => `<p id=p${i} style="font: ${font} 'Liberation Sans'">${lines}</p>`).join('')}`);
    const heights = cases.map((_, i) => Math.round(findById(doc.pages[0]!, `p${i}`)!.height * 100) / 100);
    // Chromium 156; octavo drew 942.5, 1000, 1099.99 and 1015 (the exact products)
    expect(heights).toEqual([942.19, 999.22, 1100, 1014.84, 1000, 1100]);
  });

  it('gives <sup> and <sub> the inherited line-height, as the user-agent sheet of Chromium does (their lines grow)', async () => {
    // Chromium 156, 16px/1.5 Liberation Serif: 24, 27.33, 27.17 and 30.5px; with the HTML Standard's
    // `sub, sup { line-height: normal }` every line stayed 24px and a page of footnote marks drifted up
    const doc = await layoutHtml(`<style>@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px/1.5 "Liberation Serif" } p { margin: 0 }</style>
      <p id=a>Alpha beta</p><p id=b>Alpha<sup>1</sup> beta</p><p id=c>Alpha H<sub>2</sub>O</p><p id=d>Alpha<sup>1</sup> H<sub>2</sub>O</p>`);
    const heights = ['a', 'b', 'c', 'd'].map((id) => Math.round(findById(doc.pages[0]!, id)!.height * 100) / 100);
    // (the sub's 13.33px at 1.5 is 19.984375px in layout units: 27.17, not 27.2; sub and super
    // shift by 16px / 5 and / 3 in 64ths of a px, as Blink divides them)
    expect(heights).toEqual([24, 27.33, 27.17, 30.5]);
  });

  it('raises and lowers text with vertical-align', async () => {
    const result = await lines('<p id=p>a<span style="vertical-align:10px">b</span><span style="vertical-align:sub">c</span></p>');
    const [a, b, c] = texts(result[0]!);
    expect(b!.baseline).toBeCloseTo(a!.baseline - 10, 1);
    expect(c!.baseline).toBeGreaterThan(a!.baseline);
  });
});
