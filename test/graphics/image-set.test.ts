/**
 * `image-set()` (CSS Images 4 §2.4): the option a printer at 1 device pixel per px takes, as
 * Chromium 156 prints and as `srcset` chooses, and its natural size over its resolution.
 */
import { describe, expect, it } from 'vitest';
import { BASE_URL, styleWith } from '../css/helpers.js';
import { renderPage } from '../helpers/render.js';
import { png } from '../resources/image-bytes.js';

const dataUrl = (bytes: Uint8Array): string => `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
const RED_2x2 = dataUrl(png(2, 2, [255, 0, 0]));
const BLUE_2x2 = dataUrl(png(2, 2, [0, 0, 255]));

describe('image-set()', () => {
  it('take the smallest resolution of at least 1x, else the largest, skipping types octavo cannot decode', async () => {
    const doc = await styleWith(`#a { background-image: image-set("a.png" 1x, "b.png" 2x) }
      #b { background-image: image-set(url(b.png) 192dpi, url(c.png) 3dppx) }
      #c { background-image: image-set("a.jxl" type("image/jxl") 1x, "a.webp" type("image/webp") 1x) }
      #d { background-image: -webkit-image-set(url(a.png) 0.5x, url(b.png) 0.75x) }
      #e { background-image: image-set(linear-gradient(red, blue) 1x, "b.png" 2x) }
      #f1 { background-image: image-set(a.png 1x) }
      #f2 { background-image: image-set("a.png" 1x 2x) }
      #f3 { background-image: image-set("a.png" -1x) }`,
    '<p id=a></p><p id=b></p><p id=c></p><p id=d></p><p id=e></p><p id=f1></p><p id=f2></p><p id=f3></p>');
    expect(doc.style('#a').backgroundImage).toEqual([{ kind: 'url', url: `${BASE_URL}a.png` }]);
    expect(doc.style('#b').backgroundImage).toEqual([{ kind: 'url', url: `${BASE_URL}b.png`, resolution: 2 }]);
    expect(doc.style('#c').backgroundImage).toEqual([{ kind: 'url', url: `${BASE_URL}a.webp` }]);
    expect(doc.style('#d').backgroundImage).toEqual([{ kind: 'url', url: `${BASE_URL}b.png`, resolution: 0.75 }]);
    expect(doc.style('#e').backgroundImage[0]).toMatchObject({ kind: 'linear' });
    expect(doc.diagnostics.map((d) => d.message)).toEqual([
      'invalid value `image-set(a.png 1x)` for `background-image`',
      '")" is expected', // css-tree's own error at `a.png`
      'invalid value `image-set("a.png" 1x 2x)` for `background-image`',
      'invalid value `image-set("a.png" -1x)` for `background-image`',
    ]);
  });

  it('draw a 2x background and a 2x generated image at half their pixels', async () => {
    const page = await renderPage(`<style>@page { size: 4px 4px; margin: 0 } body { margin: 0 }
      div { height: 2px; background: image-set(url(${BLUE_2x2}) 1x type("image/x-unknown"), url(${RED_2x2}) 2x) no-repeat }
      p { margin: 0; line-height: 0; font-size: 0 } p::before { content: image-set(url(${BLUE_2x2}) 2x) }</style><div></div><p></p>`);
    expect(page).toEqual(['R___', '____', 'B___', '____']);
  });
});
