/**
 * The orchestrator: the only place that knows the order of the stages (docs/design.md §2), and one
 * loop over what layout yields (docs/architecture.md, "Page by page: one pipeline"). Every stage
 * is a pure function of its inputs except the resource loads, which happen before layout (and,
 * for `@page` background images, once the pages are known and before the first is painted) so
 * that layout and paint are deterministic.
 */
import { Diagnostics } from './diagnostics.js';
import type { Diagnostic } from './diagnostics.js';
import type { EngineOptions, Metadata, RenderOptions } from './options.js';
import type { PageLayout } from './layout/types.js';
import type { PageContext, PageRuleSource, PageStyle, StyledDocument } from './css/types.js';
import type { DomDocument } from './dom/types.js';
import type { ResolvedLimits } from './limits.js';
import { asStackOverflowError, checkDataDepth, createBudget, limitExceeded, resolveLimits, withoutPrototypeKeys } from './limits.js';
import type { TemplateCache } from './template/render.js';
import { createTemplateCache } from './template/render.js';
import { parseHtml } from './dom/parse.js';
import { droppedElements } from './dom/dropped.js';
import { urlOrigins } from './dom/url-origins.js';
import { collectStylesheets, cascade, computeMarginBoxStyle, computePageStyle, createStylesheetCache, hasMarginBoxContent, hasPageBackgroundImages, marginBoxContentItems, marginBoxImageUrls } from './css/index.js';
import type { CascadeContext, StylesheetCache } from './css/index.js';
import { loadedFontMetrics } from './loaded-font-metrics.js';
import { buildBoxTree } from './boxes/build.js';
import { checkBoxCount, checkForcedPageBreaks } from './boxes/count.js';
import type { BuildContext } from './boxes/build.js';
import { createResourceContext, loadImages } from './resources/load.js';
import { usedCodePoints } from './resources/code-points.js';
import type { RemoteFetcher } from './net/remote.js';
import { createRemoteFetcher } from './net/remote.js';
import type { ResourceContext } from './resources/load.js';
import type { FontRegistry } from './text/fonts.js';
import type { TextSystem } from './text/types.js';
import { createFontRegistry, loadFontFaces } from './text/fonts.js';
import { layoutPages } from './layout/driver/document.js';
import type { LayoutRequest, LayoutServices } from './layout/driver/document.js';
import { needsPasses } from './layout/driver/passes.js';
import { settleContainers } from './layout/driver/container-passes.js';
import type { Box, BoxElement, BoxTree } from './boxes/types.js';
import { childBoxes } from './boxes/types.js';
import { whereIs } from './layout/where-is.js';
import type { SourceLocation } from './errors.js';
import { pageRuleFamilyPlace } from './css/page-family-place.js';
import type { PageRule } from './css/model/page-types.js';
import { asOctavoError } from './errors.js';
import type { PassResults } from './boxes/references.js';
import { marginBoxStyleLookup } from './layout/page/margin-box-styles.js';
import { viewportPageName } from './layout/page/page-names.js';
import { createPagePainter } from './paint/paint-page.js';
import { WholeBoxes, stitchedInOrder } from './paint/whole-boxes.js';
import { completePage } from './paint/display-list.js';
import type { DocumentDisplayList, PaintedMargins, PaintedPage, PaintedPart } from './paint/display-list.js';
import { PdfWriter } from './pdf/writer.js';
import type { WritePdfOptions } from './pdf/writer.js';
import { headMetadata } from './dom/metadata.js';
import type { PageImageLoader } from './page-images.js';
import { pageImageLoader } from './page-images.js';
import { validateHelpers, validateLimits, validateRemote, validateRenderOptions } from './validate-options.js';

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
  /** A render process's warm-up is over: its made-up words leave room in the shaping caches (text/registry.ts); whether any were dropped. */
  endWarmUp(): boolean;
  /** The template filled with the data: the HTML the render lays out (`octavo render --emit-html`). */
  fillTemplate(options: RenderOptions): Promise<{ html: string; diagnostics: readonly Diagnostic[] }>;
}

export interface LaidOutDocument {
  /** Every fragment in its parent's frame, as paint takes them (the tests' helpers resolve page coordinates). */
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
  /** Remote resources (`remote` option): the allow-list, the bounds and the cache of every render. */
  readonly remote: RemoteFetcher | undefined;
}

export function createEngine(options: EngineOptions = {}): Engine {
  return createInternalEngine(options);
}

export function createInternalEngine(options: EngineOptions = {}): InternalEngine {
  const limits = resolveLimits(validateLimits(options.limits));
  const remote = validateRemote(options.remote);
  const state: EngineState = {
    options,
    limits,
    templates: createTemplateCache(limits, validateHelpers(options.helpers)),
    stylesheets: createStylesheetCache(),
    fonts: createFontRegistry({ extraFonts: options.fonts ?? [], systemFonts: options.systemFonts ?? process.env['OCTAVO_SYSTEM_FONTS'] !== 'off' }),
    partials: new Map(Object.entries(options.partials ?? {})),
    remote: remote === undefined || remote.allow.length === 0 ? undefined : createRemoteFetcher(remote),
  };
  return {
    render: async (request) => (await renderDocument(state, request)).pdf,
    renderDetailed: (request) => renderDocument(state, request),
    display: (request) => typedErrors(state, () => paintRequest(state, request, new Diagnostics(), renderBudget(state, request))),
    fillTemplate: (request) => typedErrors(state, () => filledHtml(state, request), 'fill the template'),
    layout: (request) => typedErrors(state, () => layoutRequest(state, request, new Diagnostics(), renderBudget(state, request)), 'lay the document out'),
    get fontStats() {
      return state.fonts.stats;
    },
    endWarmUp: () => state.fonts.leaveRoomAfterWarmUp(),
  };
}

/** The engine's time limit, or the render's own `maxRenderMs` (given or the engine's default) when shorter. */
function renderBudget(state: EngineState, request: RenderOptions): () => void {
  const own = request.maxRenderMs ?? state.options.defaults?.maxRenderMs;
  if (own === undefined || own >= state.limits.maxRenderMs) return createBudget(state.limits.maxRenderMs);
  return createBudget(own, undefined, 'render');
}

function renderDocument(state: EngineState, request: RenderOptions): Promise<RenderResult> {
  return typedErrors(state, () => renderStages(state, request));
}

/** Every failure as an `OctavoError`: a stack overflow is the input's depth, anything else not typed is octavo's fault. */
async function typedErrors<T>(state: EngineState, run: () => Promise<T>, stage?: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asOctavoError(asStackOverflowError(error, state.limits.maxNestingDepth), stage);
  }
}

async function renderStages(state: EngineState, request: RenderOptions): Promise<RenderResult> {
  const diagnostics = new Diagnostics();
  const budget = renderBudget(state, request);
  const prepared = await prepareLayout(state, request, diagnostics, budget);
  const writer = new PdfWriter({ ...writeOptions(prepared), warn: (message) => diagnostics.warn('resource', message) });
  const pages = await runPipeline(prepared, diagnostics, (part) => writer.add(part));
  budget();
  const pdf = await writer.end();
  prepared.text.reportAfterWriting?.();
  return { pdf, diagnostics: diagnostics.list(), pages };
}

/**
 * The pipeline, one item at a time: layout yields each page (and, when it yielded a page before
 * the page count was known, its margin boxes at the end), paint paints it — once the whole of each
 * box cut across it that paints over its whole is known (whole-boxes.ts) —, `write` takes it. The
 * `@page` background images are loaded when layout yields all pages at once (`whole`), before the
 * first is painted. The number of pages.
 */
async function runPipeline(prepared: PreparedLayout, diagnostics: Diagnostics, write: (part: PaintedPart) => void): Promise<number> {
  const images = prepared.pageImages;
  const warn = (message: string, at?: BoxElement): void => diagnostics.warn('css_unsupported', message, whereIs(prepared.boxes, at));
  const wholes = WholeBoxes.of(prepared.boxes.root);
  const paint = createPagePainter({
    tagged: prepared.options.tagged === true, images: images.images, text: prepared.text, checkBudget: prepared.services.checkBudget, warn, wholes,
  });
  const laidOut = layoutPages(prepared.boxes, prepared.services, prepared.layout);
  let pages = 0;
  for (const laid of wholes === undefined ? laidOut : stitchedInOrder(laidOut, wholes, warn)) {
    if (laid.kind === 'whole') await images.load(laid.pages);
    if (laid.kind === 'page') pages++;
    write(paint(laid));
  }
  reportDeferredWarnings(prepared);
  return pages;
}

/**
 * The text system's missing-family and missing-glyph warnings, each at the element whose boxes
 * first ask for the family or hold the character (a walk of the tree only when there is one).
 */
function reportDeferredWarnings({ text, boxes, pageRules }: PreparedLayout): void {
  text.reportDeferred?.({
    // a family only a page-margin box asks for (a letterhead in `@top-left`) is said at its `@page` declaration
    family: (family) => firstBoxWhere(boxes, (box) => box.style.fontFamily[0] === family) ?? pageRuleFamilyPlace(pageRules, family),
    text: (codePoints) => firstBoxWhere(boxes, (box) => box.kind === 'text' && codePoints.some((cp) => box.text.includes(String.fromCodePoint(cp)))),
  });
}

/** Where the element of the first box (in tree order) that passes `test` is. */
function firstBoxWhere(boxes: BoxTree, test: (box: Box) => boolean): SourceLocation | undefined {
  const locate = boxes.locate;
  if (locate === undefined) return undefined;
  const stack: { box: Box; element: BoxElement | undefined }[] = [{ box: boxes.root, element: undefined }];
  while (stack.length > 0) {
    const { box, element } = stack.pop()!;
    const at = box.element ?? element;
    if (at !== undefined && test(box)) return locate(at);
    const children = childBoxes(box);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ box: children[i]!, element: at });
  }
  return undefined;
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

/** Every stage up to paint, for the whole document: each page's display list, complete. */
async function paintRequest(state: EngineState, request: RenderOptions, diagnostics: Diagnostics, budget: () => void): Promise<DocumentDisplayList> {
  const prepared = await prepareLayout(state, request, diagnostics, budget);
  const pages: PaintedPage[] = [];
  const margins: PaintedMargins[] = [];
  await runPipeline(prepared, diagnostics, (part) => {
    if (part.kind === 'page') pages.push(part);
    else if (part.kind === 'margins') margins[part.index] = part;
  });
  budget();
  return { pages: pages.map((page) => completePage(page, margins[page.index])) };
}

/** Every stage up to layout: template, DOM, styles, boxes, resources, pages (with their fragments). */
async function layoutRequest(state: EngineState, request: RenderOptions, diagnostics: Diagnostics, budget: () => void): Promise<LaidOutDocument> {
  const prepared = await prepareLayout(state, request, diagnostics, budget);
  const images = prepared.pageImages;
  const pages: PageLayout[] = [];
  for (const laid of layoutPages(prepared.boxes, prepared.services, { ...prepared.layout, whole: true })) {
    if (laid.kind === 'whole') await images.load(laid.pages);
    if (laid.kind === 'page') pages.push(laid.page);
  }
  reportDeferredWarnings(prepared);
  return { pages, diagnostics: diagnostics.list(), metadata: prepared.metadata };
}

/** What layout needs, made by the stages before it. */
interface PreparedLayout {
  readonly options: RenderOptions;
  readonly boxes: BoxTree;
  readonly services: LayoutServices;
  readonly text: TextSystem;
  /** The `@page` background images' loader (it holds where each resource URL was written, for warnings). */
  readonly pageImages: PageImageLoader;
  readonly metadata: Metadata;
  /** What layout is asked (layout/driver/document.ts). */
  readonly layout: LayoutRequest;
  /** The `@page` rules, where a deferred font warning about a margin box's family is placed. */
  readonly pageRules: readonly PageRule[];
}

/** The template stage: the template filled with the data (partials read through the render's sandbox). */
async function fillTemplate(state: EngineState, options: RenderOptions, resources: ResourceContext, run: { diagnostics: Diagnostics; budget: () => void }): Promise<string> {
  const { diagnostics, budget } = run;
  const limits = state.limits;
  const data = checkDataDepth(options.data, limits.maxDataDepth, limits.maxPayloadBytes) ? withoutPrototypeKeys(options.data) : options.data;
  return state.templates.render({
    // a UTF-8 byte-order mark is not text (browsers drop it); kept, it printed as a line of its own
    source: options.template.startsWith('\uFEFF') ? options.template.slice(1) : options.template,
    data: data ?? {},
    name: options.templateName ?? '<template>',
    ...(options.strict === undefined ? {} : { strict: options.strict }),
    ...(options.locale === undefined ? {} : { locale: options.locale }),
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    // `registered` first: a literal that starts with a spread and adds keys gets a new hidden class per call (Node 20)
    partials: {
      registered: state.partials,
      ...(resources.baseUrl === undefined ? {} : { readFile: (file: string) => resources.loadText(file, 'html') }),
    },
    log: (message, where) => diagnostics.warn('template', `{{log}}: ${message}`, where),
    checkTime: budget,
  });
}

/** The filled HTML of a request and its template diagnostics, as the render would see it (`octavo render --emit-html`). */
async function filledHtml(state: EngineState, request: RenderOptions): Promise<{ html: string; diagnostics: readonly Diagnostic[] }> {
  const options = validateRenderOptions({ ...state.options.defaults, ...request });
  const diagnostics = new Diagnostics();
  const resources = createResourceContext(options, state.options.resources, state.limits, state.remote?.session());
  return { html: await fillTemplate(state, options, resources, { diagnostics, budget: renderBudget(state, request) }), diagnostics: diagnostics.list() };
}

/** Template, DOM, styles, boxes and resources. */
async function prepareLayout(state: EngineState, request: RenderOptions, diagnostics: Diagnostics, budget: () => void): Promise<PreparedLayout> {
  const options = validateRenderOptions({ ...state.options.defaults, ...request });
  const limits = state.limits;
  const sourceName = options.templateName ?? '<template>';

  if (Buffer.byteLength(options.template, 'utf8') > limits.maxTemplateBytes) {
    throw limitExceeded('maxTemplateBytes', limits.maxTemplateBytes, `the template is larger than ${limits.maxTemplateBytes} bytes`);
  }
  const resources = createResourceContext(options, state.options.resources, limits, state.remote?.session(), budget);
  const html = await fillTemplate(state, options, resources, { diagnostics, budget });
  const dom = parseHtml(html, sourceName, limits);
  for (const dropped of droppedElements(dom)) diagnostics.warn('html', dropped.message, dropped.where);
  budget();

  const fallenBack = new Set<string>();
  const sheets = await collectStylesheets(dom, { baseUrl: resources.baseUrl, loadText: resources.loadText, cache: state.stylesheets, diagnostics, fallenBack });
  let cascadeContext: CascadeContext = { diagnostics, maxCustomPropertyLength: limits.maxCustomPropertyLength, lint: options.lint === true };
  let styled = cascade(dom, sheets, cascadeContext);
  let build: BuildContext = { baseUrl: resources.baseUrl, diagnostics, maxBoxes: limits.maxBoxes, maxCounters: limits.maxCounters, keepDom: options.tagged === true };
  const styleBoxes = (): BoxTree => {
    const tree = buildBoxTree(dom, styled, build);
    checkBoxCount(tree, limits.maxBoxes);
    checkForcedPageBreaks(tree, limits.maxPages);
    budget();
    return tree;
  };
  let boxes = styleBoxes();
  const firstPageName = viewportPageName(sheets, boxes.root);
  if (firstPageName !== undefined) {
    // `@page cover { margin: 0 }` on the first page: viewport units are its area's (pageEnvironment)
    cascadeContext = { ...cascadeContext, firstPageName };
    styled = cascade(dom, sheets, cascadeContext);
    boxes = styleBoxes();
  }

  const origins = urlOrigins(dom, resources.baseUrl, sheets.flatMap((sheet) => (sheet.url !== undefined && sheet.source !== undefined ? [{ url: sheet.url, file: sheet.file, source: sheet.source }] : [])));
  // a font split by unicode-range (web fonts) is loaded only for the characters the document prints
  const used = styled.fontFaces.some((rule) => rule.unicodeRange.length > 0) ? usedCodePoints(boxes, marginBoxContentItems(styled), styled.counterStyles) : undefined;
  const [faces, firstImages] = await Promise.all([
    loadFontFaces(styled.fontFaces, resources.loadFontBytes, diagnostics, { used, origins, ...(state.fonts.local === undefined ? {} : { local: state.fonts.local }) }),
    loadImages(boxes, resources, diagnostics, marginBoxImageUrls(styled), origins),
  ]);
  const declaredFamilies = styled.fontFaces.reduce((names, rule) => names.add(rule.family.trim().toLowerCase()), fallenBack);
  const text = state.fonts.forRender({ faces, diagnostics, declaredFamilies, ...(options.glyphAdvances === undefined ? {} : { advances: options.glyphAdvances }) });
  if (styled.estimatedFontUnits === true || boxes.estimatedFieldFonts === true) {
    // `ex`, `ch` or `cap` of a font not known before it loaded, or a form control's characters or
    // lines in it (a textarea's `cols` in a web font): styled and built again with its metrics
    const fontMetrics = loadedFontMetrics(text, faces);
    if (styled.estimatedFontUnits === true) {
      cascadeContext = { ...cascadeContext, fontMetrics };
      styled = cascade(dom, sheets, cascadeContext);
    }
    build = { ...build, fontMetrics };
    boxes = styleBoxes();
  }
  budget();
  let images = firstImages;
  if (boxes.containers !== undefined) {
    // `@container` size queries and `cq*` units: styled again with the sizes layout passes measured
    const measuring = layoutServices(pageRulesOf(styled), { text, images, diagnostics: new Diagnostics(), maxPages: limits.maxPages, checkBudget: budget });
    boxes = settleContainers(boxes, {
      layout: (tree) => wholePages(tree, measuring),
      restyle: (containerSizes) => {
        styled = cascade(dom, sheets, { ...cascadeContext, containerSizes });
        return styleBoxes();
      },
    }, diagnostics);
    images = new Map([...images, ...await loadImages(boxes, resources, diagnostics, [], origins)]);
  }

  const pageImages = pageImageLoader(images, resources, diagnostics, origins);
  const pageRules = pageRulesOf(styled);
  return {
    options, boxes, text, pageImages, pageRules: pageRules.pageRules,
    services: layoutServices(pageRules, { text, images, diagnostics, maxPages: limits.maxPages, checkBudget: budget, counterStyles: styled.counterStyles, ...(options.shrinkToFit === undefined ? {} : { shrinkToFit: options.shrinkToFit }) }),
    // Object.assign: the same keys in the same order as two spreads, without a new hidden class per render (Node 20)
    metadata: Object.assign({}, headMetadata(dom), options.metadata),
    layout: {
      // margin boxes may print the page count: painted once it is known
      marginBoxes: hasMarginBoxContent(pageRules),
      // `@page` background images are loaded once the pages are known: every page before the first is painted
      whole: hasPageBackgroundImages(pageRules),
      // before the first page: the URL origins hold the DOM (a long table's column widths are measured then);
      // before the spread, which keeps the object's hidden class the same from render to render
      oneAtATime: pageImages.unused,
      // the box tree built again with what a pass found holds the DOM's styles: only for a tree with cross-references
      ...(needsPasses(boxes) ? { rebuild: rebuilder(dom, styled, build) } : {}),
    },
  };
}

/** What layout keeps of the styled document: the page rules; every element's style goes once the boxes have it. */
function pageRulesOf(styled: StyledDocument): PageRuleSource {
  return {
    pageRules: styled.pageRules, initialStyle: styled.initialStyle,
    ...(styled.keptPageStyles === undefined ? {} : { keptPageStyles: styled.keptPageStyles }),
    ...(styled.rootStyle === undefined ? {} : { rootStyle: styled.rootStyle }),
    ...(styled.rootCustom === undefined ? {} : { rootCustom: styled.rootCustom }),
    ...(styled.lint === true ? { lint: true } : {}),
  };
}

/** Every page of one layout of `tree` (a measuring pass). */
function wholePages(tree: BoxTree, services: LayoutServices): PageLayout[] {
  const pages: PageLayout[] = [];
  for (const laid of layoutPages(tree, services, { marginBoxes: false, whole: true })) if (laid.kind === 'page') pages.push(laid.page);
  return pages;
}

/** Builds the box tree again with what a layout pass found (a function of its own: only it holds the DOM's styles). */
function rebuilder(dom: DomDocument, styled: StyledDocument, context: BuildContext): (previous: PassResults) => BoxTree {
  return (previous) => buildBoxTree(dom, styled, { ...context, previous });
}

/** What layout is given: the render's services, and the page and margin box styles of the `@page` rules. */
function layoutServices(pageRules: PageRuleSource, services: Omit<LayoutServices, 'pageStyle' | 'marginBoxStyle'>): LayoutServices {
  const { diagnostics } = services;
  const pageStyle = (page: PageContext): PageStyle => computePageStyle(pageRules, page, diagnostics);
  // Object.assign, not `{ ...services, pageStyle }`: on Node 20's V8 a spread followed by more
  // keys gets a new map on every call once its site is warm, and every function that reads the
  // layout context then deoptimises ("wrong map") and is compiled again (layout/driver/context.ts)
  return Object.assign({}, services, {
    pageStyle,
    marginBoxStyle: marginBoxStyleLookup(pageRules, {
      pageStyle,
      compute: (doc, page, box, style) => computeMarginBoxStyle(doc, page, box, style, diagnostics),
    }),
  });
}

let defaultEngine: Engine | undefined;

/** One-shot render with a process-wide default engine (fonts parsed once). */
export function render(options: RenderOptions): Promise<Uint8Array> {
  defaultEngine ??= createEngine();
  return defaultEngine.render(options);
}
