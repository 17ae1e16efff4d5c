/**
 * The resources stage (docs/design.md §2): every external byte a render needs is read here, up front,
 * through one `ResourceContext` per render.
 *
 * - `data:` URLs are decoded in place, without any loader.
 * - With a `ResourceLoader` (render option `resources`, else the engine's), the loader handles
 *   every other URL (but an http or https origin the engine's `remote.allow` names), `file:` included: it is the caller's sandbox (e.g. a network allowlist). It may
 *   throw an OctavoError (`resource_denied`, `resource_not_found`); other failures count as
 *   `resource_not_found`.
 * - Without one, `file:` URLs are read inside the sandbox root (`root`, default `baseDir`) only;
 *   `http:` and `https:` URLs through the engine's remote fetcher (src/net/remote.ts) when its
 *   allow-list names their origin; every other URL is `resource_denied`. The callers turn a
 *   resource that cannot be had (`resource_not_found`, `resource_denied`) into a located warning.
 * - Every resource is bounded by `limits.maxResourceBytes`, and each URL is read once per render
 *   however many times it is used. A render loads at most `limits.maxResources` distinct URLs;
 *   fonts are bounded by `limits.maxFontBytes` (each a `limit_exceeded` that the callers turn into
 *   a warning: that one resource is left out, ../limits.ts isUnavailableResource), images by
 *   `limits.maxImagePixels` (read from the header, before anything is decoded: a decompression
 *   bomb is refused unopened, and ends the render).
 */
import type { UrlOrigins } from '../dom/url-origins.js';
import { pathToFileURL } from 'node:url';
import { sha1Hex } from '../cache/content-digest.js';
import { resolve } from 'node:path';
import type { BoxTree, Box } from '../boxes/types.js';
import { someBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { Diagnostics } from '../diagnostics.js';
import { OctavoError } from '../errors.js';
import { isUnavailableResource, limitExceeded } from '../limits.js';
import type { ResolvedLimits } from '../limits.js';
import type { RenderOptions, ResourceLoader } from '../options.js';
import { decodeDataUrl, isDataUrl } from './data-url.js';
import { readImageInfo, sniffFormat } from './image-info.js';
import type { FileSandbox } from './loader.js';
import { createFileSandbox } from './loader.js';
import type { LoadedImage } from './types.js';
import { DECODABLE, decodePixels } from './decode.js';
import { imageHrefs, parseSvg, svgFileText, unsupportedFeatures } from './svg-document.js';
import { isInlineSvgUrl } from '../boxes/inline-svg.js';
import type { SvgDocument } from './svg-document.js';
import type { DecodableFormat, DecodeResult } from './decode.js';
import { readRasterHeader } from './raster-headers.js';
import { readEmbeddedProfile } from './embedded-profile.js';
import { pngDamage } from '../raster/png-check.js';
import { alphaChannel } from '../raster/alpha.js';
import type { RemoteSession, RemoteUse } from '../net/remote.js';
import { refusedStylesheetUrl } from '../stylesheet-urls.js';
import { decodeText } from '../decode-text.js';
import type { TextKind } from '../decode-text.js';

export interface ResourceContext {
  /** `file:` URL of `baseDir` with a trailing slash; undefined without a baseDir. */
  readonly baseUrl: string | undefined;
  /** Reads a resource as text, decoded as `kind` (default: a stylesheet) is (../decode-text.ts). Plain functions: safe to pass around unbound. */
  readonly loadText: (url: string, kind?: TextKind) => Promise<string>;
  readonly loadBytes: (url: string) => Promise<Uint8Array>;
  /** `loadBytes` bounded by `limits.maxFontBytes`. */
  readonly loadFontBytes: (url: string) => Promise<Uint8Array>;
  readonly limits: ResolvedLimits;
  /**
   * Throws `limit_exceeded` once the render's time is spent: checked before each image is decoded,
   * since decoding waits its turn (decode-turns.ts) and a page of image bombs would otherwise decode for
   * minutes before the render's next check.
   */
  readonly checkBudget?: () => void;
}

/** `file:` URL of a folder, with the trailing slash relative URLs need. */
export function folderUrl(folder: string): string {
  const href = pathToFileURL(resolve(folder)).href;
  return href.endsWith('/') ? href : `${href}/`;
}

function parseUrl(url: string, baseUrl: string | undefined): URL {
  try {
    return new URL(url, baseUrl);
  } catch (error) {
    throw new OctavoError('resource_not_found', `invalid URL: ${url}`, { cause: error });
  }
}

function checkSize(url: string, bytes: Uint8Array, maxBytes: number): Uint8Array {
  if (bytes.byteLength > maxBytes) throw limitExceeded('maxResourceBytes', maxBytes, `${describeUrl(url)} is larger than ${maxBytes} bytes`);
  return bytes;
}

async function viaLoader(loader: ResourceLoader, url: string, maxBytes: number): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await loader.load(url);
  } catch (error) {
    if (error instanceof OctavoError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new OctavoError('resource_not_found', `cannot load ${url}: ${reason}`, { cause: error });
  }
  if (!(bytes instanceof Uint8Array)) {
    throw new OctavoError('resource_not_found', `the resource loader returned no bytes for ${url}`);
  }
  return checkSize(url, bytes, maxBytes);
}

/**
 * The render's resources. `remote`: the render's session of the engine's remote fetcher (none: no
 * http or https URL is fetched).
 */
export function createResourceContext(
  options: RenderOptions, engineLoader: ResourceLoader | undefined, limits: ResolvedLimits, remote?: RemoteSession, checkBudget?: () => void,
): ResourceContext {
  const baseUrl = options.baseDir === undefined ? undefined : folderUrl(options.baseDir);
  const loader = options.resources ?? engineLoader;
  const rootFolder = options.root ?? options.baseDir;
  let sandbox: FileSandbox | undefined;
  const cache = new Map<string, Promise<Uint8Array>>();

  async function fetchBytes(url: URL, use: RemoteUse): Promise<Uint8Array> {
    const web = url.protocol === 'http:' || url.protocol === 'https:';
    // an origin the engine allows is fetched by it even beside a loader (a stored template's files)
    if (web && remote !== undefined && (loader === undefined || remote.allowsOrigin(url))) {
      return remote.fetch(url, use, use === 'font' ? Math.min(limits.maxFontBytes, limits.maxResourceBytes) : limits.maxResourceBytes);
    }
    if (loader !== undefined) return viaLoader(loader, url.href, limits.maxResourceBytes);
    if (url.protocol !== 'file:') {
      throw new OctavoError('resource_denied', `${url.href}: ${web ? 'remote resources are not allowed' : `${url.protocol.replace(/:$/, '')} URLs are not allowed`}`, {
        hint: web ? 'allow its origin with --allow-remote ORIGIN (engine option remote.allow), or * for any public host' : 'only file:, data:, http: and https: URLs are read',
      });
    }
    if (rootFolder === undefined) {
      throw new OctavoError('resource_denied', `${url.href}: no baseDir or root is set, so no file may be read`);
    }
    sandbox ??= createFileSandbox(rootFolder, limits.maxResourceBytes);
    return sandbox.read(url);
  }

  let dataUrls = 0;
  function loadFor(url: string, use: RemoteUse): Promise<Uint8Array> {
    if (isDataUrl(url)) {
      try {
        if (++dataUrls + cache.size > limits.maxResources) {
          throw limitExceeded('maxResources', limits.maxResources, `the document loads more than ${limits.maxResources} resources`);
        }
        return Promise.resolve(decodeDataUrl(url, limits.maxResourceBytes).bytes);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const refused = refusedStylesheetUrl(url);
    if (refused !== undefined) {
      return Promise.reject(new OctavoError('resource_denied', `${url} is refused: a stylesheet from the web may only name http:, https: and data: URLs`));
    }
    let parsed: URL;
    try {
      parsed = parseUrl(url, baseUrl);
    } catch (error) {
      return Promise.reject(error);
    }
    parsed.hash = '';
    // a remote answer is checked against its use (its media type): one entry per use
    const key = remote !== undefined && (parsed.protocol === 'http:' || parsed.protocol === 'https:') ? `${use} ${parsed.href}` : parsed.href;
    let pending = cache.get(key);
    if (pending === undefined) {
      if (cache.size >= limits.maxResources) {
        return Promise.reject(limitExceeded('maxResources', limits.maxResources, `the document loads more than ${limits.maxResources} resources`));
      }
      pending = fetchBytes(parsed, use);
      cache.set(key, pending);
    }
    return pending;
  }

  const loadBytes = (url: string): Promise<Uint8Array> => loadFor(url, 'image');

  /** Text of a stylesheet (or a partial): its byte-order mark or declared encoding read as browsers read it. */
  async function loadText(url: string, kind: TextKind = 'css'): Promise<string> {
    return decodeText(await loadFor(url, 'stylesheet'), kind);
  }

  async function loadFontBytes(url: string): Promise<Uint8Array> {
    const bytes = await loadFor(url, 'font');
    if (bytes.byteLength > limits.maxFontBytes) {
      throw limitExceeded('maxFontBytes', limits.maxFontBytes, `the font ${describeUrl(url)} is larger than ${limits.maxFontBytes} bytes`);
    }
    return bytes;
  }

  return { baseUrl, loadBytes, loadText, loadFontBytes, limits, ...(checkBudget === undefined ? {} : { checkBudget }) };
}

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Image URLs of a box tree: replaced boxes, backgrounds and list markers, in tree order. A URL
 * still relative (no baseDir to resolve it against) goes to `relative` when given.
 */
export function imageUrls(boxes: BoxTree, relative?: Set<string>, shapes?: Set<string>): string[] {
  const walk = new ImageUrlWalk(relative, shapes);
  someBox(boxes.root, visitImages, walk);
  return [...walk.urls];
}

/**
 * The URLs found so far. A class, not closures made per call: V8 keeps a closure's optimised code
 * only while a closure of it lives, so the walk's closures made per render were compiled again
 * after each full GC.
 */
class ImageUrlWalk {
  readonly urls = new Set<string>();
  /** a style's images once: the boxes of a long table share a few styles */
  private readonly seen = new Set<ComputedStyle>();

  constructor(private readonly relative: Set<string> | undefined, private readonly shapes: Set<string> | undefined) {}

  visit(box: Box): void {
    if (box.kind === 'replaced') this.add(box.src);
    const style = box.style;
    if (this.seen.has(style)) return;
    this.seen.add(style);
    this.addDecorationImages(style);
    if (style.listStyleImage !== 'none') this.add(style.listStyleImage);
    const shape = style.shapeOutside;
    if (shape !== 'none' && shape.kind === 'image' && style.float !== 'none') {
      this.addImage(shape.image);
      if (shape.image.kind === 'url') this.shapes?.add(shape.image.url);
    }
    // a custom scrollbar's parts are painted as boxes of their own styles (paint/custom-scrollbars.ts)
    for (const part of style.customScrollbar?.parts.values() ?? []) this.addDecorationImages(part);
  }

  /** The images a box's decoration paints: its backgrounds, border image and masks. */
  private addDecorationImages(style: ComputedStyle): void {
    for (const image of style.backgroundImage) this.addImage(image);
    this.addImage(style.borderImageSource);
    this.addImage(style.maskBorderSource);
    for (const image of style.maskImage) this.addImage(image);
  }

  private add(url: string | undefined): void {
    if (url === undefined || url === '') return;
    if (ABSOLUTE_URL.test(url)) this.urls.add(url);
    else this.relative?.add(url);
  }

  private addImage(image: ComputedStyle['borderImageSource']): void {
    if (image !== 'none' && image.kind === 'url') this.add(image.url);
  }
}

/** someBox's test for imageUrls: never stops the walk. */
function visitImages(box: Box, walk: ImageUrlWalk): boolean {
  walk.visit(box);
  return false;
}

function describeUrl(url: string): string {
  return isDataUrl(url) && url.length > 60 ? `${url.slice(0, 60)}…` : url;
}

/** How deep SVG images may nest other SVG images through `<image>`. */
const MAX_SVG_IMAGE_DEPTH = 3;

/**
 * Loads what an SVG's `<image>` elements show into `svg.images`: `data:` URLs and URLs relative to
 * the SVG (or, for an SVG that is itself a data: URL, to the document), through the same loader
 * and sandbox as `<img>`. Absolute URLs are external references: ignored, as browsers do for SVG
 * used as an image.
 */
/** What loading an image needs besides its URL: the sandbox, where warnings go, where each URL was written. */
interface ImageLoad {
  readonly resources: ResourceContext;
  readonly diagnostics: Diagnostics;
  readonly origins: UrlOrigins;
}

async function loadSvgImages(svg: SvgDocument, url: string, load: ImageLoad, depth: number): Promise<void> {
  const { resources, diagnostics, origins } = load;
  const base = isDataUrl(url) ? resources.baseUrl : url;
  const hrefs = imageHrefs(svg).filter((href) => {
    if (isDataUrl(href) || !ABSOLUTE_URL.test(href)) return true;
    warnImage(load, url, `SVG <image> ${describeUrl(href)} ignored: an SVG image may only show data: URLs and files relative to it`);
    return false;
  });
  if (depth >= MAX_SVG_IMAGE_DEPTH) return;
  await Promise.all(hrefs.map(async (href) => {
    let absolute: string;
    try {
      absolute = isDataUrl(href) ? href : new URL(href, base).href;
    } catch {
      warnImage(load, url, `SVG <image> ${describeUrl(href)} ignored: not a valid URL`);
      return;
    }
    const image = await loadImage(absolute, resources, diagnostics, origins, depth + 1);
    if (image !== undefined) svg.images.set(href, image);
  }));
}

/**
 * A missing image, said as the author wrote its URL and where (../dom/url-origins.ts); a URL
 * written elsewhere (a linked stylesheet) is shown relative to the template's folder.
 */
function warnMissingImage(url: string, error: OctavoError, resources: ResourceContext, diagnostics: Diagnostics, origins: UrlOrigins): void {
  warnImage({ resources, diagnostics, origins }, url, `image not loaded: ${error.message}`);
}

/** A URL as the author wrote it, else relative to the template's folder; a long data: URL shortened. */
function shownUrl(url: string, load: ImageLoad): string {
  if (isDataUrl(url)) return describeUrl(url);
  const base = load.resources.baseUrl;
  return load.origins.get(url)?.written ?? (base !== undefined && url.startsWith(base) ? decodeURI(url.slice(base.length)) : url);
}

/**
 * An image whose header declares more than `limits.maxImagePixels`: never decoded (a decompression
 * bomb), and left out with a warning like any image that cannot be used — the document renders.
 */
function skipTooManyPixels(load: ImageLoad, url: string, size: { width: number; height: number }): undefined {
  const maxPixels = load.resources.limits.maxImagePixels;
  const refused = limitExceeded('maxImagePixels', maxPixels, `the image ${describeUrl(url)} has ${size.width}×${size.height} pixels, more than ${maxPixels}`);
  warnImage(load, url, `image not loaded: ${refused.message}`);
  return undefined;
}

/**
 * A warning about an image the document uses, located where its URL was written (`<img>`, `url()`
 * in the template or a linked stylesheet), when known, and naming it as written there.
 */
function warnImage(load: ImageLoad, url: string, message: string): void {
  const said = isDataUrl(url) ? message : message.split(url).join(shownUrl(url, load));
  load.diagnostics.warn('resource', said, load.origins.get(url)?.where ?? {});
}

/** A decoded image, or a warning for a damaged one or one over the pixel limit. */
function decoded(image: { url: string; id: string; format: string; bytes: Uint8Array }, result: DecodeResult, load: ImageLoad): LoadedImage | undefined {
  const { url, id, format, bytes } = image;
  if (result.kind === 'too-large') return skipTooManyPixels(load, url, result.size);
  if (result.kind === 'damaged') {
    warnImage(load, url, `image ${describeUrl(url)} skipped: a damaged ${format.toUpperCase()} file (${result.reason})`);
    return undefined;
  }
  return { id, format: 'decoded', bytes, pixels: result.pixels, width: result.width, height: result.height };
}

async function loadImage(url: string, resources: ResourceContext, diagnostics: Diagnostics, origins: UrlOrigins, depth = 0): Promise<LoadedImage | undefined> {
  const load: ImageLoad = { resources, diagnostics, origins };
  let bytes: Uint8Array;
  try {
    bytes = await resources.loadBytes(url);
  } catch (error) {
    // missing, refused (outside the root, remote not allowed), unreachable or too big: the box renders without it, as in browsers
    if (isUnavailableResource(error)) {
      warnMissingImage(url, error, resources, diagnostics, origins);
      return undefined;
    }
    throw error; // a limit of the render (its time): the document asks for more than a render may have
  }
  const id = sha1Hex(bytes);
  const format = sniffFormat(bytes);
  if (format === 'svg') {
    const inline = isInlineSvgUrl(url);
    // inline <svg> was repaired by the page's HTML parser; a file is XML, and broken when not well-formed
    const source = inline ? { text: decodeText(bytes, 'xml') } : svgFileText(bytes);
    if ('error' in source) {
      warnImage(load, url, `SVG image ${describeUrl(url)} skipped: ${source.error}`);
      return undefined;
    }
    const parsed = parseSvg(source.text, inline, resources.limits);
    // Object.assign, not a spread followed by a new key (a new hidden class per call on Node 20)
    const svg = parsed !== undefined && inline ? Object.assign({}, parsed, { inline: true }) : parsed;
    if (svg !== undefined) {
      const unsupported = unsupportedFeatures(svg);
      if (unsupported.length > 0) warnImage(load, url, `SVG image ${describeUrl(url)}: ${unsupported.join(', ')} not drawn yet (the rest is)`);
      if (svg.width * svg.height > resources.limits.maxImagePixels) return skipTooManyPixels(load, url, svg);
      await loadSvgImages(svg, url, load, depth);
      const image: LoadedImage = { id, format: 'svg', bytes, svg, width: svg.width, height: svg.height };
      return svg.naturalSize === undefined ? image : Object.assign(image, { naturalSize: svg.naturalSize });
    }
  } else if (DECODABLE.has(format)) {
    return decoded({ url, id, format, bytes }, await decodePixels(bytes, format as DecodableFormat, resources.limits.maxImagePixels, id, resources.checkBudget), load);
  }
  const info = readImageInfo(bytes);
  const maxPixels = resources.limits.maxImagePixels;
  if (info !== undefined && info.width * info.height > maxPixels) return skipTooManyPixels(load, url, info);
  if (info === undefined) {
    const header = format === 'tiff' || format === 'ico' ? readRasterHeader(bytes, format) : undefined;
    if (header?.largest !== undefined && header.largest.width * header.largest.height > maxPixels) return skipTooManyPixels(load, url, header.largest);
    const what = format === 'unknown' ? 'not an image octavo can read (PNG, JPEG, GIF, WebP, BMP, AVIF, SVG)' : `a damaged or unsupported ${format.toUpperCase()} file`;
    warnImage(load, url, `image ${describeUrl(url)} skipped: ${what}`);
    return undefined;
  }
  const damage = info.format === 'png' ? await pngDamage(bytes) : undefined;
  if (damage !== undefined) {
    warnImage(load, url, `image ${describeUrl(url)} skipped: a damaged PNG file (${damage})`);
    return undefined;
  }
  if (info.format === 'png' && bytes[28] === 1) {
    // PDFKit's PNG decoder fails on Adam7 interlacing (asynchronously, out of reach of a catch): its pixels are embedded
    return decoded({ url, id, format: 'png', bytes }, await decodePixels(bytes, 'png', maxPixels, id, resources.checkBudget), load);
  }
  const image: LoadedImage = { id, format: info.format, bytes, width: info.width, height: info.height };
  const profile = readEmbeddedProfile(bytes, info.format);
  if (profile.kind === 'ignored') warnImage(load, url, `image ${describeUrl(url)}: its embedded ICC colour profile is ignored (${profile.reason}); its colours are printed as untagged`);
  return profile.kind === 'profile' ? Object.assign(image, { iccProfile: profile.profile }) : image;
}

/**
 * Loads every distinct image the box tree uses (and `more`: the margin boxes'), keyed by URL. A missing, refused, unsupported or
 * damaged image is a `resource` warning (the box renders without it); a limit exceeded throws.
 */
export async function loadImages(
  boxes: BoxTree, resources: ResourceContext, diagnostics: Diagnostics, more: readonly string[] = [], origins: UrlOrigins = new Map(),
): Promise<ReadonlyMap<string, LoadedImage>> {
  const relative = new Set<string>();
  const shapes = new Set<string>();
  const urls = imageUrls(boxes, relative, shapes);
  for (const url of relative) {
    diagnostics.warn('resource', `image not loaded: ${describeUrl(url)} is a relative URL and the render has no baseDir to resolve it against`, origins.get(url)?.where ?? {});
  }
  const images = await loadImageUrls([...urls, ...more.filter((url) => ABSOLUTE_URL.test(url) && !urls.includes(url))], resources, diagnostics, origins);
  return shapes.size === 0 ? images : withAlpha(images, shapes, { resources, diagnostics, origins });
}

/** The images a `shape-outside` names, with their alpha channel read (a copy: loaded images may be shared by renders). */
async function withAlpha(images: Map<string, LoadedImage>, shapes: ReadonlySet<string>, load: ImageLoad): Promise<Map<string, LoadedImage>> {
  await Promise.all([...shapes].map(async (url) => {
    const image = images.get(url);
    if (image === undefined || image.alpha !== undefined) return;
    const alpha = await alphaChannel(image.bytes, image.width, image.height);
    if (alpha === undefined) warnImage(load, url, `\`shape-outside\` image ${describeUrl(url)} could not be read: its float's lines wrap around its margin box`);
    else images.set(url, { ...image, alpha });
  }));
  return images;
}

/** Background image URLs of computed styles (the page boxes', known only after layout). */
export function backgroundUrls(styles: Iterable<ComputedStyle>): string[] {
  const urls = new Set<string>();
  for (const style of styles) for (const image of style.backgroundImage) if (image !== 'none' && image.kind === 'url' && ABSOLUTE_URL.test(image.url)) urls.add(image.url);
  return [...urls];
}

/** Loads images by URL (see loadImages). */
export async function loadImageUrls(urls: readonly string[], resources: ResourceContext, diagnostics: Diagnostics, origins: UrlOrigins = new Map()): Promise<Map<string, LoadedImage>> {
  const loaded = await Promise.all(urls.map((url) => loadImage(url, resources, diagnostics, origins)));
  const images = new Map<string, LoadedImage>();
  urls.forEach((url, index) => {
    const image = loaded[index];
    if (image !== undefined) images.set(url, image);
  });
  return images;
}
