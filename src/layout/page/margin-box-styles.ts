/**
 * Styles of the page-margin boxes as layout asks for them: the css stage's cascade of the
 * `@page` margin-box rules, with the user-agent defaults of CSS Paged Media 3 §5.3 (`text-align`
 * and `vertical-align` per box, as in WeasyPrint's html5 UA sheet) as a user-agent rule that
 * author rules override, and one result per page kind and box.
 */
import type { ComputedStyle, PageContext, PageRule, PageStyle, RawDeclaration, StyledDocument } from '../../css/types.js';
import type { MarginBoxName } from './margin-geometry.js';

/** §5.3 table "Margin box default alignment": [text-align, vertical-align]. */
const DEFAULT_ALIGNMENT: Readonly<Record<MarginBoxName, readonly [string, string]>> = {
  'top-left-corner': ['right', 'middle'],
  'top-left': ['left', 'middle'],
  'top-center': ['center', 'middle'],
  'top-right': ['right', 'middle'],
  'top-right-corner': ['left', 'middle'],
  'right-top': ['center', 'top'],
  'right-middle': ['center', 'middle'],
  'right-bottom': ['center', 'bottom'],
  'bottom-right-corner': ['left', 'middle'],
  'bottom-right': ['right', 'middle'],
  'bottom-center': ['center', 'middle'],
  'bottom-left': ['left', 'middle'],
  'bottom-left-corner': ['right', 'middle'],
  'left-bottom': ['center', 'bottom'],
  'left-middle': ['center', 'middle'],
  'left-top': ['center', 'top'],
};

function declaration(property: string, value: string): RawDeclaration {
  return { property, value, important: false };
}

/** `@page { @top-left { text-align: left; vertical-align: middle } ... }` at user-agent origin. */
export const MARGIN_BOX_UA_RULE: PageRule = {
  selectors: [{ pseudoClasses: [] }],
  specificity: [0, 0, 0],
  order: -1,
  origin: 'user-agent',
  declarations: [],
  marginBoxes: Object.fromEntries(Object.entries(DEFAULT_ALIGNMENT).map(([name, [textAlign, verticalAlign]]) => [
    name,
    [declaration('text-align', textAlign), declaration('vertical-align', verticalAlign)],
  ])),
};

export interface MarginBoxStyleServices {
  readonly pageStyle: (page: PageContext) => PageStyle;
  /** The css stage's `computeMarginBoxStyle` for a document. */
  readonly compute: (styled: StyledDocument, page: PageContext, box: string, pageStyle: PageStyle) => ComputedStyle | undefined;
}

export type MarginBoxStyleLookup = (page: PageContext, box: string) => ComputedStyle | undefined;

/**
 * The margin-box style lookup of one document. A document whose `@page` rules have no margin
 * boxes answers undefined at once; otherwise results are kept per page style (pages of one kind
 * share their page style, and the same rules give their margin boxes).
 */
export function marginBoxStyleLookup(styled: StyledDocument, services: MarginBoxStyleServices): MarginBoxStyleLookup {
  if (!styled.pageRules.some((rule) => Object.keys(rule.marginBoxes).length > 0)) return () => undefined;
  const withDefaults: StyledDocument = { ...styled, pageRules: [MARGIN_BOX_UA_RULE, ...styled.pageRules] };
  const cache = new WeakMap<PageStyle, Map<string, ComputedStyle | undefined>>();
  return (page, box) => {
    const pageStyle = services.pageStyle(page);
    let byBox = cache.get(pageStyle);
    if (byBox === undefined) {
      byBox = new Map();
      cache.set(pageStyle, byBox);
    }
    if (!byBox.has(box)) byBox.set(box, services.compute(withDefaults, page, box, pageStyle));
    return byBox.get(box);
  };
}
