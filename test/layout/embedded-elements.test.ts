/**
 * Elements whose content octavo does not make keep the box a browser gives them (HTML §15.4):
 * a canvas, a video without a poster and an iframe are empty boxes of their size (300×150 unless
 * said), so that the content after them is where Chromium 156 puts it; a video's poster and an
 * object's or embed's image are drawn as an `<img>` would be.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import { png } from '../resources/image-bytes.js';

const CSS = '@page { size: 800px 1000px; margin: 0 } body { margin: 0; font: 10px/10px "Liberation Sans" }';
const image = (width: number, height: number): string => `data:image/png;base64,${Buffer.from(png(width, height)).toString('base64')}`;

async function boxes(body: string, ids: readonly string[], warnings: readonly RegExp[] = []): Promise<Record<string, string>> {
  const doc = await layoutHtml(`<!DOCTYPE html><style>${CSS}</style>${body}`, { expectWarnings: warnings });
  return Object.fromEntries(ids.map((id) => {
    const f = findById(doc.pages[0]!, id);
    return [id, f === undefined ? 'missing' : `${f.x},${f.y} ${f.width}x${f.height}`];
  }));
}

describe('embedded elements', () => {
  it('sizes a canvas by its width and height attributes, else 300×150, and leaves it empty', async () => {
    expect(await boxes('<div><canvas id=a width=50 height=20></canvas></div><div><canvas id=b style="border: 1px solid"></canvas></div><p id=after style="margin:0">x</p>', ['a', 'b', 'after'],
      [/`<canvas>` is not rendered: a canvas has no script to draw it: its box is left empty/]))
      .toMatchObject({ a: expect.stringMatching(/ 50x20$/), b: expect.stringMatching(/ 302x152$/) });
  });

  it("keeps a video's and an iframe's default box (the iframe with its 2px inset border), and draws a poster", async () => {
    const result = await boxes(`<video id=v></video><iframe id=f srcdoc="<p>x</p>"></iframe><video id=p poster="${image(40, 30)}"></video>`, ['v', 'f', 'p'], [
      /`<video>` is not rendered: video is not drawn: its box is left empty/, /`<iframe>` is not rendered: embedded documents are not loaded: its box is left empty/,
    ]);
    expect([result.v!.split(' ')[1], result.f!.split(' ')[1], result.p!.split(' ')[1]]).toEqual(['300x150', '304x154', '40x30']);
  });

  it("draws an object's or embed's image; an object of another type shows its fallback", async () => {
    const result = await boxes(`<object id=o data="${image(20, 10)}"></object><embed id=e type="image/png" src="${image(30, 10)}"><object id=n data="x.pdf" type="application/pdf"><span id=fb style="display:inline-block">fallback</span></object>`,
      ['o', 'e', 'fb'], [/`<object>` is not rendered: embedded objects other than images are not loaded: its fallback content is shown/]);
    expect([result.o!.split(' ')[1], result.e!.split(' ')[1], result.fb === 'missing']).toEqual(['20x10', '30x10', false]);
  });
});
