/**
 * The orchestrator: the only place that knows the order of the stages (DESIGN.md §2).
 * Every stage is a pure function of its inputs except the resource loads, which all happen
 * before layout so that layout and paint are deterministic.
 */
import { Diagnostics } from './diagnostics.js';
import type { Diagnostic } from './diagnostics.js';
import type { EngineOptions, Metadata, RenderOptions } from './options.js';
import type { PageLayout } from './layout/types.js';
import type { PageContext, PageRuleSource, PageStyle, StyledDocument } from './css/types.js';
import type { DomDocument } from './dom/types.js';
import type { ResolvedLimits } from './limits.js';
import { asStackOverflowError, checkBoxCount, checkDataDepth, createBudget, limitExceeded, resolveLimits, withoutPrototypeKeys } from './limits.js';
import type { TemplateCache } from './template/render.js';
import { createTemplateCache } from './template/render.js';
import { parseHtml } from './dom/parse.js';
import { droppedElements } from './dom/dropped.js';
import { urlOrigins } from './dom/url-origins.js';
import { collectStylesheets, cascade, computeMarginBoxStyle, computePageStyle, createStylesheetCache, hasMarginBoxContent, hasPageBackgroundImages, marginBoxImageUrls } from './css/index.js';
import type { StylesheetCache } from './css/index.js';
import { buildBoxTree } from './boxes/build.js';
import type { BuildContext } from './boxes/build.js';
import { backgroundUrls, createResourceContext, loadImageUrls, loadImages } from './resources/load.js';
import type { ResourceContext } from './resources/load.js';
import type { LoadedImage } from './resources/types.js';
import type { FontRegistry } from './text/fonts.js';
import type { TextSystem } from './text/types.js';
import { createFontRegistry, loadFontFaces } from './text/fonts.js';
import { hasFixedBoxes, layoutDocument } from './layout/document.js';
import type { LayoutServices } from './layout/document.js';
import { idPages } from './layout/page/targets.js';
import type { Box, BoxTree } from './boxes/types.js';
import type { PassResults } from './boxes/references.js';
import { referencesSettled } from './boxes/references.js';
import { marginBoxStyleLookup } from './layout/page/margin-box-styles.js';
import { paintFlow, paintPage, paintPageBody, paintPageMargins, paintPageWith } from './paint/paint-page.js';
import type { PaintDocumentOptions, PaintedFlow } from './paint/paint-page.js';
import type { DocumentDisplayList } from './paint/display-list.js';
import { writePdf } from './pdf/write.js';
import type { WritePdfOptions } from './pdf/write.js';
import { PdfPageWriter, writableByPage } from './pdf/page-writer.js';
import { validateLimits, validateRenderOptions } from './validate-options.js';

export interface RenderResult {
  readonly pdf: Uint8Array;
  readonly diagnostics: readonly Diagnostic[];
  readonly pages: number;
}

export interface Engine {
  render(options: RenderOptions): Promise<Uint8Array>;
  renderDetailed(options: RenderOptions): Promise<RenderResult>;
}

/** The engine plus its intermediate stages, for octavo's own tests and tools (not public API). */
export interface InternalEngine extends Engine {
  layout(options: RenderOptions): Promise<LaidOutDocument>;
  /** The display list a render would write (benchmarks draw it with bare PDFKit as the floor). */
  display(options: RenderOptions): Promise<DocumentDisplayList>;
  /** Counters of the engine's shaping caches (benchmarks). */
  readonly fontStats: FontRegistry['stats'];
  /** The template filled with the data: the HTML the render lays out (`octavo render --emit-html`). */
  fillTemplate(options: RenderOptions): Promise<{ html: string; diagnostics: readonly Diagnostic[] }>;
}

export interface LaidOutDocument {
  readonly pages: readonly PageLayout[];
  readonly diagnostics: readonly Diagnostic[];
  readonly metadata: Metadata;
}

/** Everything an engine keeps warm between renders. */
interface EngineState {
  readonly options: EngineOptions;
  readonly limits: ResolvedLimits;
  readonly templates: TemplateCache;
  readonly stylesheets: StylesheetCache;
  readonly fonts: FontRegistry;
  readonly partials: ReadonlyMap<string, string>;
}

export function createEngine(options: EngineOptions = {}): Engine {
  return createInternalEngine(options);
}

export function createInternalEngine(options: EngineOptions = {}): InternalEngine {
  const state: EngineState = {
    options,
    limits: resolveLimits(validateLimits(options.limits)),
    templates: createTemplateCache(),
    stylesheets: createStylesheetCache(),
    fonts: createFontRegistry({ extraFonts: options.fonts ?? [] }),
    partials: new Map(Object.entries(options.partials ?? {})),
  };
  return {
    render: async (request) => (await renderDocument(state, request)).pdf,
    renderDetailed: (request) => renderDocument(state, request),
    display: async (request) => (await paintRequest(state, request, new Diagnostics(), createBudget(state.limits.maxRenderMs))).display,
    fillTemplate: (request) => filledHtml(state, request),
    layout: (request) => layoutRequest(state, request, new Diagnostics(), createBudget(state.limits.maxRenderMs)).then(({ laid }) => laid),
    get fontStats() {
      return state.fonts.stats;
    },
  };
}

async function renderDocument(state: EngineState, request: RenderOptions): Promise<RenderResult> {
  try {
    return await renderStages(state, request);
  } catch (error) {
    throw asStackOverflowError(error, state.limits.maxNestingDepth);
  }
}

async function renderStages(state: EngineState, request: RenderOptions): Promise<RenderResult> {
  const diagnostics = new Diagnostics();
  const budget = createBudget(state.limits.maxRenderMs);
  const prepared = await prepareLayout(state, request, diagnostics, budget);
  const output = writeOptions(prepared);
  if (writablePageByPage(prepared) && writableByPage(output)) {
    const { pdf, pages } = await writePageByPage(prepared, output, budget);
    return { pdf, diagnostics: diagnostics.list(), pages };
  }
  const { display, laid } = await paintPrepared(prepared, budget);
  const pdf = await writePdf(display, output);
  return { pdf, diagnostics: diagnostics.list(), pages: laid.pages.length };
}

function writeOptions({ options, metadata }: PreparedLayout): WritePdfOptions {
  return {
    metadata,
    encryption: options.encryption,
    deterministic: options.deterministic ?? false,
    compress: options.compress ?? true,
    pdfa: options.pdfa,
    attachments: options.attachments,
    facturx: options.facturx,
    tagged: options.tagged === true,
    signature: options.signature,
  };
}

/**
 * Whether every page can be painted as soon as it is laid out: not with cross-references to
 * resolve (several layout passes), fixed boxes (on every page, also before the one they come
 * from) or page background images (loaded once the pages are known).
 */
function writablePageByPage(prepared: PreparedLayout): boolean {
  return paintsPageByPage(prepared.boxes) && !prepared.pageImages;
}

/** Whether each page's flow can be painted as soon as it is laid out: one layout pass, no fixed boxes. */
function paintsPageByPage(boxes: BoxTree): boolean {
  return !needsPasses(boxes) && !hasFixedBoxes(boxes);
}

function paintOptions(prepared: PreparedLayout): PaintDocumentOptions {
  return { tagged: prepared.options.tagged === true, images: prepared.images, text: prepared.text };
}

/**
 * Lays out, paints and writes each page as soon as it is laid out, so that a long document holds
 * one page's fragments and display list at a time; the margin boxes, which may print the page
 * count, are painted and added to their pages at the end.
 */
async function writePageByPage(prepared: PreparedLayout, output: WritePdfOptions, budget: () => void): Promise<{ pdf: Uint8Array; pages: number }> {
  const paint = paintOptions(prepared);
  const writer = new PdfPageWriter(output);
  const canvases: (Box | undefined)[] = [];
  const pages = layoutDocument(prepared.boxes, prepared.services, (page) => {
    const flow = paintFlow(page, paint);
    canvases.push(flow.canvasSource);
    writer.page(paintPageBody(page, flow, paint), prepared.marginBoxes);
  });
  if (prepared.marginBoxes) pages.forEach((page, index) => writer.finishPage(index, paintPageMargins(page, canvases[index], paint)));
  budget();
  return { pdf: await writer.end(), pages: pages.length };
}

/**
 * Every stage up to paint, for the whole document. A document without cross-references to
 * resolve and without fixed boxes has each page's flow painted as soon as it is laid out, so
 * that only one page's fragments live at a time; the page boxes and margin boxes are painted
 * once the page count is known.
 */
async function paintRequest(
  state: EngineState, request: RenderOptions, diagnostics: Diagnostics, budget: () => void,
): Promise<{ display: DocumentDisplayList; laid: LaidOutDocument }> {
  return paintPrepared(await prepareLayout(state, request, diagnostics, budget), budget);
}

async function paintPrepared(prepared: PreparedLayout, budget: () => void): Promise<{ display: DocumentDisplayList; laid: LaidOutDocument }> {
  const { boxes, services } = prepared;
  const paint = paintOptions(prepared);
  const flows: PaintedFlow[] = [];
  const streamed = paintsPageByPage(boxes);
  const pages = streamed ? layoutDocument(boxes, services, (page) => flows.push(paintFlow(page, paint))) : layoutPasses(prepared);
  const { laid, images } = await finishLayout(prepared, pages);
  const all = { ...paint, images };
  const display = { pages: pages.map((page, index) => (streamed ? paintPageWith(page, flows[index]!, all) : paintPage(page, all))) };
  budget();
  return { display, laid };
}

/** Every stage up to layout: template, DOM, styles, boxes, resources, pages (with their fragments). */
async function layoutRequest(
  state: EngineState, request: RenderOptions, diagnostics: Diagnostics, budget: () => void,
): Promise<{ laid: LaidOutDocument; options: RenderOptions }> {
  const prepared = await prepareLayout(state, request, diagnostics, budget);
  const { laid } = await finishLayout(prepared, layoutPasses(prepared));
  return { laid, options: prepared.options };
}

/** What layout needs, made by the stages before it. */
interface PreparedLayout {
  readonly options: RenderOptions;
  readonly boxes: BoxTree;
  readonly services: LayoutServices;
  readonly images: ReadonlyMap<string, LoadedImage>;
  readonly text: TextSystem;
  readonly diagnostics: Diagnostics;
  readonly resources: ResourceContext;
  readonly metadata: Metadata;
  /** Whether some page may have margin boxes (painted once the page count is known). */
  readonly marginBoxes: boolean;
  /** Whether some page may have a background image (loaded once the pages are laid out). */
  readonly pageImages: boolean;
  /**
   * A box tree built again with what a layout pass found (cross-references); only for a tree
   * that has some (it holds the DOM's styles, which a document laid out once does not keep).
   */
  readonly rebuild?: (previous: PassResults) => BoxTree;
}

/** The template stage: the template filled with the data (partials read through the render's sandbox). */
async function fillTemplate(state: EngineState, options: RenderOptions, resources: ResourceContext, diagnostics: Diagnostics): Promise<string> {
  const limits = state.limits;
  const data = checkDataDepth(options.data, limits.maxDataDepth, limits.maxPayloadBytes) ? withoutPrototypeKeys(options.data) : options.data;
  return state.templates.render({
    source: options.template,
    data: data ?? {},
    name: options.templateName ?? '<template>',
    ...(options.strict === undefined ? {} : { strict: options.strict }),
    ...(options.locale === undefined ? {} : { locale: options.locale }),
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    partials: {
      ...(resources.baseUrl === undefined ? {} : { readFile: resources.loadText }),
      registered: state.partials,
    },
    log: (message, where) => diagnostics.warn('template', `{{log}}: ${message}`, where),
  });
}

/** The filled HTML of a request and its template diagnostics, as the render would see it (`octavo render --emit-html`). */
async function filledHtml(state: EngineState, request: RenderOptions): Promise<{ html: string; diagnostics: readonly Diagnostic[] }> {
  const options = validateRenderOptions({ ...state.options.defaults, ...request });
  const diagnostics = new Diagnostics();
  const resources = createResourceContext(options, state.options.resources, state.limits);
  return { html: await fillTemplate(state, options, resources, diagnostics), diagnostics: diagnostics.list() };
}

/** Template, DOM, styles, boxes and resources. */
async function prepareLayout(state: EngineState, request: RenderOptions, diagnostics: Diagnostics, budget: () => void): Promise<PreparedLayout> {
  const options = validateRenderOptions({ ...state.options.defaults, ...request });
  const limits = state.limits;
  const sourceName = options.templateName ?? '<template>';

  if (Buffer.byteLength(options.template, 'utf8') > limits.maxTemplateBytes) {
    throw limitExceeded('maxTemplateBytes', limits.maxTemplateBytes, `the template is larger than ${limits.maxTemplateBytes} bytes`);
  }
  const resources = createResourceContext(options, state.options.resources, limits);
  const html = await fillTemplate(state, options, resources, diagnostics);
  const dom = parseHtml(html, sourceName, limits.maxNestingDepth);
  for (const dropped of droppedElements(dom)) diagnostics.warn('html', dropped.message, dropped.where);
  budget();

  const sheets = await collectStylesheets(dom, { baseUrl: resources.baseUrl, loadText: resources.loadText, cache: state.stylesheets, diagnostics });
  const styled = cascade(dom, sheets, { diagnostics });
  const build: BuildContext = { baseUrl: resources.baseUrl, diagnostics, maxBoxes: limits.maxBoxes, keepDom: options.tagged === true };
  const boxes = buildBoxTree(dom, styled, build);
  checkBoxCount(boxes, limits.maxBoxes);
  budget();

  const [faces, images] = await Promise.all([
    loadFontFaces(styled.fontFaces, resources.loadFontBytes, diagnostics),
    loadImages(boxes, resources, diagnostics, marginBoxImageUrls(styled), urlOrigins(dom, resources.baseUrl)),
  ]);
  const text = state.fonts.forRender({ faces, diagnostics });
  budget();

  // layout keeps the page rules, not the styled document: every element's style goes once the boxes have it
  const pageRules: PageRuleSource = { pageRules: styled.pageRules, initialStyle: styled.initialStyle, ...(styled.rootStyle === undefined ? {} : { rootStyle: styled.rootStyle }) };
  return {
    options, boxes, images, text, diagnostics, resources,
    services: layoutServices(pageRules, { text, images, diagnostics, maxPages: limits.maxPages, checkBudget: budget }),
    metadata: { ...documentMetadata(dom), ...options.metadata },
    marginBoxes: hasMarginBoxContent(pageRules),
    pageImages: hasPageBackgroundImages(pageRules),
    ...(needsPasses(boxes) ? { rebuild: rebuilder(dom, styled, build) } : {}),
  };
}

/** Builds the box tree again with what a layout pass found (a function of its own: only it holds the DOM's styles). */
function rebuilder(dom: DomDocument, styled: StyledDocument, context: BuildContext): (previous: PassResults) => BoxTree {
  return (previous) => buildBoxTree(dom, styled, { ...context, previous });
}

/** What layout is given: the render's services, and the page and margin box styles of the `@page` rules. */
function layoutServices(pageRules: PageRuleSource, services: Omit<LayoutServices, 'pageStyle' | 'marginBoxStyle'>): LayoutServices {
  const { diagnostics } = services;
  const pageStyle = (page: PageContext): PageStyle => computePageStyle(pageRules, page, diagnostics);
  return {
    ...services,
    pageStyle,
    marginBoxStyle: marginBoxStyleLookup(pageRules, {
      pageStyle,
      compute: (doc, page, box, style) => computeMarginBoxStyle(doc, page, box, style, diagnostics),
    }),
  };
}

/** The laid-out document, and the images with those of `@page` backgrounds, known once the pages are. */
async function finishLayout(prepared: PreparedLayout, pages: readonly PageLayout[]): Promise<{ laid: LaidOutDocument; images: ReadonlyMap<string, LoadedImage> }> {
  const { images, resources, diagnostics } = prepared;
  const pageUrls = backgroundUrls(pages.map((page) => page.pageStyle.style)).filter((url) => !images.has(url));
  const allImages = pageUrls.length === 0 ? images : new Map([...images, ...await loadImageUrls(pageUrls, resources, diagnostics)]);
  return { laid: { pages, diagnostics: diagnostics.list(), metadata: prepared.metadata }, images: allImages };
}

/** Whether the tree's cross-references (`target-counter()`) print values only a layout finds. */
function needsPasses(boxes: BoxTree): boolean {
  return boxes.records !== undefined && boxes.records.lookups.length > 0;
}

/** Most layout passes for cross-references (`target-counter()`): the first prints what it can, the others what the previous found. */
const MAX_LAYOUT_PASSES = 3;

/**
 * Lays the document out, and again (with a box tree built from what the pass found) while its
 * cross-references print values that the layout changes (page numbers in a table of contents).
 */
function layoutPasses({ boxes: first, services, rebuild }: PreparedLayout): PageLayout[] {
  let boxes = first;
  let pages = layoutDocument(boxes, services);
  for (let pass = 1; pass < MAX_LAYOUT_PASSES && needsPasses(boxes); pass++) {
    const results: PassResults = { records: boxes.records!, pages: idPages(pages) };
    if (referencesSettled(results) || rebuild === undefined) break;
    boxes = rebuild(results);
    pages = layoutDocument(boxes, services);
  }
  return pages;
}

/**
 * Document metadata from the head, used unless options override it: `<title>`, `<html lang>`,
 * `<meta name=author|description|keywords|generator>` (HTML §4.2.5.1 standard metadata names;
 * description becomes the subject, generator the creator).
 */
function documentMetadata(dom: ReturnType<typeof parseHtml>): Metadata {
  const result: Metadata = {};
  const lang = dom.documentElement.attribs['lang']?.trim();
  if (lang) result.language = lang;
  const head = findHead(dom.documentElement);
  if (head === undefined) return result;
  for (const child of head.children) {
    if (child.type !== 'tag') continue;
    const name = child.name.toLowerCase();
    if (name === 'title' && result.title === undefined) {
      const title = child.children.map((node) => (node.type === 'text' ? node.data : '')).join('').replace(/\s+/g, ' ').trim();
      if (title) result.title = title;
    }
    if (name !== 'meta') continue;
    const key = child.attribs['name']?.trim().toLowerCase();
    const content = child.attribs['content']?.replace(/\s+/g, ' ').trim();
    if (key === undefined || !content) continue;
    if (key === 'author') result.author ??= content;
    else if (key === 'description') result.subject ??= content;
    else if (key === 'keywords') result.keywords ??= content.split(',').map((k) => k.trim()).filter((k) => k !== '');
    else if (key === 'generator') result.creator ??= content;
  }
  return result;
}

type DomElementOf = ReturnType<typeof parseHtml>['documentElement'];

/** The `<head>` (htmlparser2 puts a stray `<title>` straight under `<html>`, so that counts as head too). */
function findHead(root: DomElementOf): DomElementOf | undefined {
  for (const child of root.children) {
    if (child.type === 'tag' && child.name.toLowerCase() === 'head') return child;
  }
  return root.children.some((child) => child.type === 'tag' && ['title', 'meta'].includes(child.name.toLowerCase())) ? root : undefined;
}

let defaultEngine: Engine | undefined;

/** One-shot render with a process-wide default engine (fonts parsed once). */
export function render(options: RenderOptions): Promise<Uint8Array> {
  defaultEngine ??= createEngine();
  return defaultEngine.render(options);
}
