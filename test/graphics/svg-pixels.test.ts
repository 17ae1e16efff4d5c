/**
 * SVG drawn as vectors (svg/): one test per element / attribute family, on tiny pages rasterized
 * at 96 dpi without antialiasing. SVG comes inline, as an `<img>` data URL and as a background.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

function draw(svg: string, size = '8px 8px'): Promise<string[]> {
  return renderPage(`<style>@page { size: ${size}; margin: 0 } body { margin: 0 } svg { display: block }</style>${svg}`);
}

const svg = (body: string, attrs = 'width="8" height="8"'): string => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`;

describe('SVG shapes and paths', () => {
  it('draws rect, circle and polygon fills', async () => {
    expect(await draw(svg('<rect x="0" y="0" width="4" height="2" fill="red"/><rect x="4" y="6" width="4" height="2" fill="blue"/><polygon points="0,4 4,4 4,6 0,6" fill="lime"/>'))).toEqual([
      'RRRR____', 'RRRR____', '________', '________', 'GGGG____', 'GGGG____', '____BBBB', '____BBBB',
    ]);
  });

  it('draws path data with relative commands, H/V and close', async () => {
    expect(await draw(svg('<path d="M1 1 h6 v2 H1 z" fill="blue"/><path d="m1 5 l6 0 0 2 -6 0 Z" fill="red"/>'))).toEqual([
      '________', '_BBBBBB_', '_BBBBBB_', '________', '________', '_RRRRRR_', '_RRRRRR_', '________',
    ]);
  });

  it('honours fill-rule evenodd', async () => {
    expect(await draw(svg('<path fill-rule="evenodd" fill="red" d="M0 0H8V8H0Z M2 2H6V6H2Z"/>'))).toEqual([
      'RRRRRRRR', 'RRRRRRRR', 'RR____RR', 'RR____RR', 'RR____RR', 'RR____RR', 'RRRRRRRR', 'RRRRRRRR',
    ]);
  });

  it('strokes with width, and dashes', async () => {
    expect(await draw(svg('<line x1="0" y1="1" x2="8" y2="1" stroke="red" stroke-width="2"/><line x1="0" y1="5" x2="8" y2="5" stroke="blue" stroke-width="2" stroke-dasharray="2"/>'))).toEqual([
      'RRRRRRRR', 'RRRRRRRR', '________', '________', 'BB__BB__', 'BB__BB__', '________', '________',
    ]);
  });
});

describe('SVG structure', () => {
  it('maps the viewBox onto the viewport', async () => {
    expect(await draw(svg('<rect width="2" height="1" fill="red"/>', 'width="8" height="8" viewBox="0 0 4 4"'))).toEqual([
      'RRRR____', 'RRRR____', '________', '________', '________', '________', '________', '________',
    ]);
  });

  it('applies transforms on groups and inherits fill', async () => {
    expect(await draw(svg('<g fill="blue" transform="translate(4 2) scale(2)"><rect width="2" height="1"/></g>'))).toEqual([
      '________', '________', '____BBBB', '____BBBB', '________', '________', '________', '________',
    ]);
  });

  it('accepts the CSS transform functions translateX/Y and scaleX/Y', async () => {
    expect(await draw(svg('<rect width="2" height="2" fill="red" transform="translateX(6) scaleY(0.5)"/><rect width="2" height="2" fill="blue" transform="translateY(6)"/>'))).toEqual([
      '______RR', '________', '________', '________', '________', '________', 'BB______', 'BB______',
    ]);
  });

  it('instantiates <use> of defs and symbols', async () => {
    expect(await draw(svg('<defs><rect id="r" width="2" height="2" fill="red"/><symbol id="s" viewBox="0 0 1 1"><rect width="1" height="1" fill="lime"/></symbol></defs><use href="#r" x="6"/><use xlink:href="#s" x="0" y="4" width="4" height="4"/>'))).toEqual([
      '______RR', '______RR', '________', '________', 'GGGG____', 'GGGG____', 'GGGG____', 'GGGG____',
    ]);
  });

  it('instantiates <use> of a symbol another inline svg of the page defines (an icon sprite)', async () => {
    const sprite = '<svg xmlns="http://www.w3.org/2000/svg" style="display: none"><symbol id="icon" viewBox="0 0 1 1"><rect width="1" height="1"/></symbol><symbol id="dot" viewBox="0 0 2 2"><use href="#half"/></symbol><rect id="half" width="1" height="2" fill="blue"/></svg>';
    expect(await draw(`${sprite}${svg('<use href="#icon" width="4" height="4" fill="red"/><use xlink:href="#dot" x="4" y="4" width="4" height="4"/>', 'width="8" height="8" xmlns:xlink="http://www.w3.org/1999/xlink"')}`)).toEqual([
      'RRRR____', 'RRRR____', 'RRRR____', 'RRRR____', '____BB__', '____BB__', '____BB__', '____BB__',
    ]);
  });

  it('paints with a gradient another inline svg defines, with the page CSS for it', async () => {
    const defs = '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position: absolute"><linearGradient id="g"><stop class="first" offset="0.5"/><stop offset="0.5" stop-color="blue"/></linearGradient></svg>';
    expect(await draw(`<style>.first { stop-color: red }</style>${defs}${svg('<rect width="8" height="2" fill="url(#g)"/>')}`)).toEqual([
      'RRRRBBBB', 'RRRRBBBB', '________', '________', '________', '________', '________', '________',
    ]);
  });

  it('clips with clip-path', async () => {
    expect(await draw(svg('<clipPath id="c"><rect x="2" y="2" width="4" height="4"/></clipPath><rect width="8" height="8" fill="red" clip-path="url(#c)"/>'))).toEqual([
      '________', '________', '__RRRR__', '__RRRR__', '__RRRR__', '__RRRR__', '________', '________',
    ]);
  });

  it('styles with <style> rules, classes and the style attribute', async () => {
    expect(await draw(svg('<style>.a { fill: blue } #b { fill: lime }</style><rect class="a" width="8" height="2"/><rect id="b" y="2" width="8" height="2"/><rect y="4" width="8" height="2" fill="red" style="fill: blue"/>'))).toEqual([
      'BBBBBBBB', 'BBBBBBBB', 'GGGGGGGG', 'GGGGGGGG', 'BBBBBBBB', 'BBBBBBBB', '________', '________',
    ]);
  });

  it('fills with a linear gradient (objectBoundingBox units)', async () => {
    expect(await draw(svg('<linearGradient id="g"><stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue"/></linearGradient><rect width="8" height="2" fill="url(#g)"/>'))).toEqual([
      'RRRRBBBB', 'RRRRBBBB', '________', '________', '________', '________', '________', '________',
    ]);
  });

  it('skips display:none and visibility:hidden', async () => {
    expect(await draw(svg('<rect width="8" height="8" fill="red" display="none"/><rect width="8" height="8" fill="red" visibility="hidden"/>'))).toEqual(Array(8).fill('________'));
  });
});

describe('SVG as an image', () => {
  const markup = svg('<rect width="4" height="4" fill="blue"/>', 'width="4" height="4"');

  it('draws an <img> of a data: URL at its CSS size', async () => {
    const src = `data:image/svg+xml;base64,${Buffer.from(markup).toString('base64')}`;
    expect(await draw(`<img src="${src}" style="display: block; width: 2px; height: 2px">`, '4px 4px')).toEqual(['BB__', 'BB__', '____', '____']);
  });

  it('sizes an inline <svg> from its width and height', async () => {
    expect(await draw(`<div style="height: 1px"></div>${svg('<rect width="3" height="2" fill="red"/>', 'width="3" height="2"')}`, '4px 4px')).toEqual(['____', 'RRR_', 'RRR_', '____']);
  });

  it('tiles an SVG background', async () => {
    const src = `data:image/svg+xml,${encodeURIComponent(svg('<rect width="1" height="1" fill="red"/>', 'width="2" height="2"'))}`;
    expect(await draw(`<div style="height: 4px; background: url('${src}')"></div>`, '4px 4px')).toEqual(['R_R_', '____', 'R_R_', '____']);
  });
});
