/** Public options of `render()` / `createEngine()` (docs/design.md §1.1, §1.2). */

export type EncryptionAlgorithm = 'aes-256' | 'aes-128' | 'rc4-128' | 'rc4-40';

/** Absent flag = allowed; `false` restricts it (as qpdf does). */
export interface Permissions {
  printing?: boolean;
  modifying?: boolean;
  annotating?: boolean;
  copying?: boolean;
  contentAccessibility?: boolean;
  fillingForms?: boolean;
  documentAssembly?: boolean;
}

export interface EncryptionOptions {
  userPassword?: string;
  ownerPassword?: string;
  permissions?: Permissions;
  algorithm?: EncryptionAlgorithm;
}

export interface Metadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string | string[];
  creator?: string;
  producer?: string;
  language?: string;
  creationDate?: Date;
}

/** PDF/A conformance (ISO 19005): part 2 or 3, level B (visual appearance). */
export type PdfAConformance = '2b' | '3b';

/** How an embedded file relates to the document (ISO 32000-2 §7.11.3, PDF/A-3 /AFRelationship). */
export type AttachmentRelationship = 'Data' | 'Source' | 'Alternative' | 'Supplement' | 'Unspecified';

/** A file embedded in the PDF (ISO 32000-1 §7.11.4): listed in /EmbeddedFiles and the catalog's /AF. */
export interface Attachment {
  /** File name as readers show it (e.g. `factur-x.xml`); unique within the document. */
  name: string;
  /** The bytes, or text written as UTF-8. */
  content: Uint8Array | string;
  /** MIME type, e.g. `text/xml`, `application/json`. */
  mimeType: string;
  description?: string;
  /** Default `Unspecified`. */
  relationship?: AttachmentRelationship;
}

/** Factur-X / ZUGFeRD profiles (Factur-X 1.0 §6.2.2 ConformanceLevel). */
export type FacturXProfile = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN 16931' | 'EXTENDED' | 'XRECHNUNG';

/** A Factur-X / ZUGFeRD e-invoice: PDF/A-3b with the CII XML embedded and described in the XMP. */
export interface FacturXOptions {
  /** The Cross Industry Invoice XML. */
  xml: string | Uint8Array;
  profile: FacturXProfile;
}

/** A visible signature field: its page (1-based) and rectangle in CSS px from the page's top-left. */
export interface VisibleSignature {
  page: number;
  rect: [x: number, y: number, width: number, height: number];
}

/** Digital signature (ISO 32000-1 §12.8, adbe.pkcs7.detached) with a PKCS#12 certificate and key. */
export interface SignatureOptions {
  /** PKCS#12 (.p12 / .pfx) bytes holding the signing key and its certificate (chain). */
  p12: Uint8Array;
  passphrase?: string;
  reason?: string;
  location?: string;
  contactInfo?: string;
  /** Signer name shown by readers (default: the certificate's common name). */
  name?: string;
  /** Without it the signature is invisible (a field without appearance on page 1). */
  visible?: VisibleSignature;
}

/** Reads the bytes of a resource; the engine's sandbox decides what it may ask for. */
export interface ResourceLoader {
  /** `url` is absolute (`file:` inside the root, `data:`, or whatever the loader allows). */
  load(url: string): Promise<Uint8Array>;
}

/**
 * Resource limits of one render (docs/design.md §1.1). Going over one throws
 * `OctavoError('limit_exceeded')` naming the limit and its value. The defaults suit a shared server.
 */
export interface Limits {
  /** Maximum number of pages a document may have (default 1000). */
  maxPages?: number;
  /** Maximum size of the template source in bytes (default 5 MiB). */
  maxTemplateBytes?: number;
  /** Maximum size of one loaded resource (stylesheet, image, font) in bytes (default 20 MiB). */
  maxResourceBytes?: number;
  /** Maximum nesting depth of HTML elements (default 256); deeper documents are refused while parsing. */
  maxNestingDepth?: number;
  /** Maximum nesting depth of the `data` value (objects and arrays, default 64). */
  maxDataDepth?: number;
  /** Maximum size of the `data` value in bytes, counted as its JSON text (default 10 MiB). */
  maxPayloadBytes?: number;
  /** Maximum number of boxes the document may generate (default 500,000). */
  maxBoxes?: number;
  /** Wall-clock budget of one render in milliseconds (default 60,000); checked between stages and per page. */
  maxRenderMs?: number;
  /** Maximum pixels (width × height) of one image, against decompression bombs (default 40,000,000). */
  maxImagePixels?: number;
  /** Maximum size of one font file in bytes (default 20 MiB). */
  maxFontBytes?: number;
  /** Maximum number of distinct resources (URLs, `data:` included) one render may load (default 256). */
  maxResources?: number;
  /** Maximum characters the Handlebars template may write (default 32 Mi), checked while it expands. */
  maxTemplateOutputBytes?: number;
  /** Maximum steps of one template run — mustaches evaluated, helpers called, block bodies run, partials called (default 1,000,000). */
  maxTemplateSteps?: number;
  /** Maximum partial calls open at once (default 100); deeper recursion is refused at its `{{> name}}`. */
  maxPartialDepth?: number;
  /** Maximum nesting of template blocks, `{{else if}}` links included (default 128), checked before parsing. */
  maxTemplateNesting?: number;
  /** Maximum nesting of subexpressions `(helper (helper …))` in one mustache (default 64). */
  maxSubexpressionDepth?: number;
  /**
   * Longest text one `var()` substitution may produce (default 65,536 characters); a longer one
   * makes its property invalid at computed-value time, with a warning (CSS Variables 1 §3.3).
   */
  maxCustomPropertyLength?: number;
  /** Maximum distinct counter names in one document (default 1,000), `list-item` and `footnote` included. */
  maxCounters?: number;
  /** Maximum elements one SVG image may copy through `<use>` (default 100,000), checked when it is loaded. */
  maxSvgUseElements?: number;
}

export interface RenderOptions {
  /** Handlebars-over-HTML source. */
  template: string;
  /** Any JSON value; the template's context. */
  data?: unknown;
  /** Folder that relative URLs resolve against. Without it, only `data:` URLs load. */
  baseDir?: string;
  /** Sandbox root (default: baseDir); nothing outside it is readable. */
  root?: string;
  /** Name of the template file, used in error locations. */
  templateName?: string;
  /** A missing field is a `template_runtime` error instead of printing nothing (default false). */
  strict?: boolean;
  /** Default locale of the formatting helpers (default: the template's `<html lang>`, else en-US). */
  locale?: string;
  /** Default time zone of `formatDate` (default: `<html data-time-zone>`, else UTC). */
  timeZone?: string;
  /** A loader that replaces the file-system one (e.g. with a network allowlist). */
  resources?: ResourceLoader;
  encryption?: EncryptionOptions;
  metadata?: Metadata;
  /** Identical input gives identical bytes (fixed ID and dates). */
  deterministic?: boolean;
  /** Compress content streams (default true). */
  compress?: boolean;
  /** PDF/A-2b or PDF/A-3b output (no encryption allowed). */
  pdfa?: PdfAConformance;
  /** Files embedded in the PDF (with `pdfa`, only PDF/A-3b allows them). */
  attachments?: Attachment[];
  /** Factur-X / ZUGFeRD invoice: implies PDF/A-3b and embeds the XML. */
  facturx?: FacturXOptions;
  /** Tagged PDF: a structure tree from the HTML for accessibility (default false). */
  tagged?: boolean;
  /**
   * Content wider than the page area is scaled down to fit it, as Chromium's printing does (at
   * most to 1/1.5; wider content is cut). Default: the `@page` property `-octavo-shrink-to-fit`,
   * else false (the content is cut at the page edge, with a warning). docs/css.md.
   */
  shrinkToFit?: boolean;
  /**
   * How glyph advances are sized: `exact` (default) keeps the font's own advances, as Chromium
   * prints with a distribution's fontconfig (slight hinting); `whole-px` rounds each glyph's
   * advance to whole px as Chromium prints where fontconfig asks for full hinting (a bare
   * fonts.conf, as in many containers). docs/css.md, "Glyph advances".
   */
  glyphAdvances?: 'exact' | 'whole-px';
  /** Sign the PDF with a PKCS#12 certificate. */
  signature?: SignatureOptions;
  /**
   * This render's wall-clock budget in ms, for a render that may be cut short (the service's
   * warm-up renders): the engine's `limits.maxRenderMs` applies when it is shorter. Checked where
   * that limit is (between stages and per page); over it, `limit_exceeded`.
   */
  maxRenderMs?: number;
  /**
   * Also warn what CSS defines but a template seldom means, as `octavo check` does (default
   * false): a `var()` of a custom property no ancestor sets, and one that substitutes nothing
   * into a property that needs a value. A render says nothing of either, as browsers do:
   * frameworks leave such variables for pages to set (docs/css.md, "Custom properties").
   */
  lint?: boolean;
}

/**
 * Remote resources (stylesheets, fonts, images over http/https): none unless `allow` names their
 * origin. Fetched behind an SSRF guard (docs/design.md §1.1): a wildcard origin reaches public
 * addresses only; a resource that cannot be had is a warning, and the document renders without it.
 */
export interface RemoteOptions {
  /** Origins that may be fetched (`https://fonts.googleapis.com`), or `*` for any public host. */
  allow: readonly string[];
  /** Time to connect to a host (default 5,000 ms). */
  connectTimeoutMs?: number;
  /** Time for one resource, redirects included (default 15,000 ms). */
  timeoutMs?: number;
  /** Bytes of one remote resource (default 10 MiB; limits.maxResourceBytes and maxFontBytes also apply). */
  maxBytes?: number;
  /** Remote bytes one render may use, cached ones included (default 50 MiB). */
  maxBytesPerRender?: number;
  /** Fetches running at once, over every render of the engine (default 8). */
  maxConcurrent?: number;
  /** Redirects followed, each checked again (default 5). */
  maxRedirects?: number;
}

/**
 * A helper the caller registers on the engine (EngineOptions.helpers), in Handlebars' own calling
 * convention: the positional arguments, then an options object (`hash`, `fn` and `inverse` in a
 * block, `data`, `loc`), `this` the current context; synchronous. A string it returns is escaped
 * unless it is a `SafeString` (any object with `toHTML()`, as `new Handlebars.SafeString(html)`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Handlebars helpers take any arguments
export type TemplateHelper = (this: unknown, ...args: any[]) => unknown;

export interface EngineOptions {
  /**
   * Extra font files or folders: available by their family names, and for characters the listed
   * and bundled fonts lack.
   */
  fonts?: string[];
  /**
   * Use the fonts installed on the machine (fontconfig, else the standard font folders) for
   * family names nothing else answers and for characters no other font has. Default true, or
   * false when the environment variable OCTAVO_SYSTEM_FONTS is `off` (the test suite's setting).
   */
  systemFonts?: boolean;
  /** Default loader for every render of this engine. */
  resources?: ResourceLoader;
  /** Remote resources this engine may fetch (default: none); an allowed origin is fetched even beside a `resources` loader. */
  remote?: RemoteOptions;
  limits?: Limits;
  /** Partials every template of this engine can call as `{{> name}}` (name -> Handlebars source). */
  partials?: Record<string, string>;
  /**
   * Helpers every template of this engine can call besides octavo's (name -> function), written as
   * for `Handlebars.registerHelper` (docs/templates.md, "Your own helpers"). A name may not be one
   * of octavo's or Handlebars' helpers.
   */
  helpers?: Record<string, TemplateHelper>;
  /** Defaults merged under each render's options. */
  defaults?: Partial<Omit<RenderOptions, 'template' | 'data'>>;
}

export const DEFAULT_LIMITS: Required<Limits> = {
  maxPages: 1000,
  maxTemplateBytes: 5 * 1024 * 1024,
  maxResourceBytes: 20 * 1024 * 1024,
  maxNestingDepth: 256,
  maxDataDepth: 64,
  maxPayloadBytes: 10 * 1024 * 1024,
  maxBoxes: 500_000,
  maxRenderMs: 60_000,
  maxImagePixels: 40_000_000,
  maxFontBytes: 20 * 1024 * 1024,
  maxResources: 256,
  maxTemplateOutputBytes: 32 * 1024 * 1024,
  maxTemplateSteps: 1_000_000,
  maxPartialDepth: 100,
  maxTemplateNesting: 128,
  maxSubexpressionDepth: 64,
  maxCustomPropertyLength: 65_536,
  maxCounters: 1000,
  maxSvgUseElements: 100_000,
};
