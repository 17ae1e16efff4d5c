import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createResourceContext, imageUrls, loadImages } from '../../src/resources/load.js';
import { Diagnostics } from '../../src/diagnostics.js';
import { OctavoError } from '../../src/errors.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import type { ResourceLoader } from '../../src/options.js';
import type { BlockBox, BlockLevelBox, Box, BoxTree, ReplacedBox } from '../../src/boxes/types.js';
import type { ComputedStyle } from '../../src/css/types.js';
import { GIF, SVG, jpeg, jpegWithOrientation, png } from './image-bytes.js';

function style(extra: { backgroundImage?: string[]; listStyleImage?: string; borderImageSource?: string; maskBorderSource?: string; maskImage?: string[]; shapeOutside?: string } = {}): ComputedStyle {
  return {
    backgroundImage: (extra.backgroundImage ?? []).map((url) => ({ kind: 'url', url })), listStyleImage: extra.listStyleImage ?? 'none',
    borderImageSource: extra.borderImageSource === undefined ? 'none' : { kind: 'url', url: extra.borderImageSource },
    maskBorderSource: extra.maskBorderSource === undefined ? 'none' : { kind: 'url', url: extra.maskBorderSource },
    maskImage: (extra.maskImage ?? []).map((url) => ({ kind: 'url', url })),
    shapeOutside: extra.shapeOutside === undefined ? 'none' : { kind: 'image', image: { kind: 'url', url: extra.shapeOutside } },
    float: extra.shapeOutside === undefined ? 'none' : 'left',
  } as unknown as ComputedStyle;
}

function img(src: string): ReplacedBox {
  return { kind: 'replaced', outer: 'inline', src, alt: '', style: style(), element: undefined, pseudo: undefined };
}

function block(children: Box[], extra: Parameters<typeof style>[0] = {}): BlockBox {
  return { kind: 'block', outer: 'block', children: children as BlockLevelBox[], inlineContent: false, style: style(extra), element: undefined, pseudo: undefined };
}

function tree(...children: Box[]): BoxTree {
  return { root: block(children) };
}

/** A loader serving fixed bytes by URL and counting requests. */
function serve(files: Record<string, Uint8Array>): ResourceLoader & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    load: async (url) => {
      calls.push(url);
      const bytes = files[url];
      if (bytes === undefined) throw new OctavoError('resource_not_found', `${url}: 404`);
      return bytes;
    },
  };
}

function context(loader?: ResourceLoader) {
  return createResourceContext({ template: '' }, loader, DEFAULT_LIMITS);
}

describe('loadImages', () => {
  it('loads each distinct image once with its intrinsic size and content id', async () => {
    const logo = png(120, 40);
    const loader = serve({ 'https://x/logo.png': logo, 'https://x/photo.jpg': jpeg() });
    const boxes = tree(img('https://x/logo.png'), block([img('https://x/photo.jpg'), img('https://x/logo.png')]));
    const diagnostics = new Diagnostics();
    const images = await loadImages(boxes, context(loader), diagnostics);
    expect(loader.calls.sort()).toEqual(['https://x/logo.png', 'https://x/photo.jpg']);
    expect(images.get('https://x/logo.png')).toEqual({
      id: createHash('sha1').update(logo).digest('hex'), format: 'png', bytes: logo, width: 120, height: 40,
    });
    expect(images.get('https://x/photo.jpg')).toMatchObject({ format: 'jpeg', width: 16, height: 16 });
    expect(diagnostics.list()).toEqual([]);
  });

  it('gives identical bytes the same id whatever their URL', async () => {
    const bytes = png(2, 2);
    const images = await loadImages(tree(img('https://x/a.png'), img('https://x/b.png')),
      context(serve({ 'https://x/a.png': bytes, 'https://x/b.png': bytes })), new Diagnostics());
    expect(images.get('https://x/a.png')?.id).toBe(images.get('https://x/b.png')?.id);
  });

  it('reports rotated JPEGs with their displayed size', async () => {
    const images = await loadImages(tree(img('https://x/r.jpg')), context(serve({ 'https://x/r.jpg': jpegWithOrientation(6) })), new Diagnostics());
    expect(images.get('https://x/r.jpg')).toMatchObject({ width: 16, height: 16 });
  });

  it('loads background, border, mask, mask border and list-style images too', async () => {
    const loader = serve({ 'https://x/bg.png': png(1, 1), 'https://x/dot.png': png(1, 1), 'https://x/frame.png': png(1, 1), 'https://x/mask.png': png(1, 1), 'https://x/icon.png': png(1, 1) });
    const boxes = tree(block([], { backgroundImage: ['https://x/bg.png'], listStyleImage: 'https://x/dot.png', borderImageSource: 'https://x/frame.png', maskBorderSource: 'https://x/mask.png', maskImage: ['https://x/icon.png'] }));
    const expected = ['https://x/bg.png', 'https://x/frame.png', 'https://x/mask.png', 'https://x/icon.png', 'https://x/dot.png'];
    expect(imageUrls(boxes)).toEqual(expected);
    const images = await loadImages(boxes, context(loader), new Diagnostics());
    expect([...images.keys()]).toEqual(expected);
  });

  it('reads the alpha channel of a float\'s shape-outside image, and only of it', async () => {
    const loader = serve({ 'https://x/shape.png': png(3, 2), 'https://x/bg.png': png(1, 1) });
    const images = await loadImages(tree(block([block([], { shapeOutside: 'https://x/shape.png' })], { backgroundImage: ['https://x/bg.png'] })), context(loader), new Diagnostics());
    expect(images.get('https://x/shape.png')?.alpha).toMatchObject({ width: 3, height: 2 });
    expect(images.get('https://x/shape.png')?.alpha?.alpha).toHaveLength(6);
    expect(images.get('https://x/bg.png')?.alpha).toBeUndefined();
  });

  it('warns about missing, unsupported and damaged images and goes on', async () => {
    const loader = serve({ 'https://x/a.gif': GIF, 'https://x/a.svg': SVG, 'https://x/bad.png': png(4, 4).subarray(0, 16), 'https://x/ok.png': png(1, 1) });
    const diagnostics = new Diagnostics();
    const images = await loadImages(
      tree(img('https://x/missing.png'), img('https://x/a.gif'), img('https://x/a.svg'), img('https://x/bad.png'), img('https://x/ok.png')),
      context(loader), diagnostics);
    // GIF is decoded to PNG, SVG parsed for the vector renderer
    expect([...images.keys()]).toEqual(['https://x/a.gif', 'https://x/a.svg', 'https://x/ok.png']);
    expect(images.get('https://x/a.gif')).toMatchObject({ format: 'decoded', width: 1, height: 1 });
    expect(images.get('https://x/a.svg')).toMatchObject({ format: 'svg', width: 10, height: 10 });
    const messages = diagnostics.list().map((d) => `${d.code}: ${d.message}`);
    expect(messages).toEqual([
      'resource: image not loaded: https://x/missing.png: 404',
      'resource: image https://x/bad.png skipped: a damaged or unsupported PNG file',
    ]);
  });

  it('decodes data: URL images without a loader', async () => {
    const href = `data:image/png;base64,${Buffer.from(png(7, 3)).toString('base64')}`;
    const images = await loadImages(tree(img(href)), context(), new Diagnostics());
    expect(images.get(href)).toMatchObject({ width: 7, height: 3 });
  });

  it('warns about a refused URL (remote not allowed) and loads nothing', async () => {
    const diagnostics = new Diagnostics();
    const images = await loadImages(tree(img('https://x/a.png')), context(), diagnostics);
    expect(images.size).toBe(0);
    expect(diagnostics.list().map((d) => `${d.code}: ${d.message}`)).toEqual(['resource: image not loaded: https://x/a.png: remote resources are not allowed']);
  });
});
