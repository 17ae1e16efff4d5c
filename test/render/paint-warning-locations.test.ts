import { describe, expect, it } from 'vitest';
import { renderChecked } from '../helpers/render.js';

// What paint cannot draw as asked is warned at the element it paints (its start tag), as the
// earlier stages' warnings are: a template's author finds the box, not just the message.
const NON_SCALING = '`vector-effect: non-scaling-stroke` is not honoured on a gradient or pattern stroke';
const stroked = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="4" viewBox="0 0 4 4" preserveAspectRatio="none"><linearGradient id="g"><stop stop-color="red"/></linearGradient>'
  + '<line x1="2" y1="0" x2="2" y2="4" stroke="url(#g)" stroke-width="2" vector-effect="non-scaling-stroke"/></svg>';
const strokedUrl = `data:image/svg+xml,${encodeURIComponent(stroked)}`;

describe('paint warnings', () => {
  it('point at the element whose inline SVG, SVG image, background, border image or mask is drawn otherwise than asked', async () => {
    const template = [
      '<style>@page { size: 40px 80px; margin: 0 } body { margin: 0 } div, img, svg { display: block; width: 8px; height: 4px }</style>',
      stroked,
      `<img src="${strokedUrl}">`,
      `<div style="background: url('${strokedUrl}')"></div>`,
      `<div style="border: 2px solid; border-image: url('${strokedUrl}') 1"></div>`,
      `  <div style="background: red; mask-image: url('${strokedUrl}')"></div>`,
    ].join('\n');
    const result = await renderChecked(template, { expectDiagnostics: [{ code: 'css_unsupported', message: NON_SCALING, line: 2, column: 1 }] });
    expect(result.diagnostics).toHaveLength(1);
    // the first place is where the message points; the others are counted, each once
    expect(result.diagnostics[0]!.count).toBe(5);
  });

  it('point at the box whose CSS filter names an SVG filter that cannot be applied', async () => {
    const template = [
      '<style>@page { size: 8px 4px; margin: 0 } body { margin: 0 } div { width: 8px; height: 4px }</style>',
      '<svg width="0" height="0" style="position: absolute"><filter id="t" filterUnits="userSpaceOnUse" x="0" y="0" width="8" height="4"><feComponentTransfer><feFuncA type="table" tableValues="0 1"/></feComponentTransfer></filter></svg>',
      '<main>',
      '    <div style="filter: url(#t)"><div style="background: blue; mix-blend-mode: multiply"></div></div>',
      '</main>',
    ].join('\n');
    await renderChecked(template, { expectDiagnostics: [{ code: 'css_unsupported', message: /SVG filter #t paints the blend mode Multiply/, line: 4, column: 5 }] });
  });
});
