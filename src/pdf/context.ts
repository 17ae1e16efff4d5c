/** What the per-feature writers share while one document is written. */
import type { ContentSink } from './content.js';
import type { PdfKitDocument, PdfKitPage, PdfRef } from './pdfkit-document.js';
import type { FontEmbedder } from './fonts.js';
import type { ImageEmbedder } from './images.js';
import type { MarkedContent } from './marked-content.js';
import type { BlendMode, Matrix, PathSegment } from '../paint/display-list.js';
import type { PathForms } from './path-forms.js';

/** Document-wide resources: embedded once, registered on each page that uses them. */
export interface DocumentResources {
  readonly doc: PdfKitDocument;
  readonly fonts: FontEmbedder;
  readonly images: ImageEmbedder;
  /** ExtGState per alpha value (ca and CA), keyed by the alpha rounded to 1/1000. */
  readonly alphaStates: Map<number, { readonly name: string; readonly ref: PdfRef }>;
  /** Shadow masks (soft-mask images) by AlphaMask id. */
  readonly masks: Map<string, PdfRef>;
  /** Shadings by their dictionary (drawn translated, so every tile of one gradient is one shading). */
  readonly shadings: Map<string, PdfRef>;
  /** Path arrays filled so far, and the forms of those filled again (pdf/path-forms.ts). */
  readonly pathForms: WeakMap<readonly PathSegment[], PathForms>;
  /** The names each page has given, kept for the content streams added to it later (margin boxes that print the page count). */
  readonly pageNames: WeakMap<PdfKitPage, PageResourceNames>;
  /** Counter for transparency-group form XObject names. */
  groups: number;
  /** PDF/A output: glyph 0 (.notdef) is never shown (ISO 19005-2 §6.2.11.8). */
  readonly skipNotdef: boolean;
  /** `device-cmyk()` colours are written as DeviceRGB (PDF/A with its sRGB output intent allows no DeviceCMYK). */
  readonly rgbOnly: boolean;
  /** Marked content of a tagged PDF (undefined when untagged). */
  readonly marks: MarkedContent | undefined;
}

/** An open push-clip / push-opacity, so pops and the page end can balance them. */
export type OpenScope =
  /** `matrix`: the one a push-transform concatenated (groups need the current matrix for their bounds). */
  | { readonly kind: 'clip'; readonly matrix?: Matrix }
  /** `grouped`: the items go to a transparency group (opacity < 1), else they are drawn in place. */
  | { readonly kind: 'opacity'; readonly opacity: number; readonly grouped: boolean; readonly mask?: DrawnMask; readonly blend?: BlendMode; readonly isolated?: true };

/** A soft mask to draw when its group closes: `draw` writes the mask's items into the current sink. */
export interface DrawnMask {
  readonly draw: () => void;
  readonly luminance: boolean;
}

export interface PageContext {
  readonly resources: DocumentResources;
  readonly page: PdfKitPage;
  readonly sink: ContentSink;
  /** Page size in px. */
  readonly width: number;
  readonly height: number;
  /** The bleed area around the page box, px: page coordinates start this far into the sheet. */
  readonly bleed: number;
  readonly scopes: OpenScope[];
  /**
   * The marked content of the stream being written: the document's (undefined when untagged), or
   * none in a tiling pattern's cell (tiling-pattern.ts), whose operators are not page content.
   */
  readonly marks: MarkedContent | undefined;
  /** Names given on this page, by all its content streams: a count of the page's resources would cost their number each time. */
  readonly names: PageResourceNames;
}

/** The resource names one page has given: soft masks are numbered, shadings and path forms named once per page. */
export interface PageResourceNames {
  softMasks: number;
  readonly shadings: Map<PdfRef, string>;
  readonly pathForms: Map<PdfRef, string>;
}
