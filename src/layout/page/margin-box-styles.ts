/**
 * Styles of the page-margin boxes as layout asks for them: the css stage's cascade of the
 * `@page` margin-box rules (the UA sheet gives each box its §5.3 default `text-align` and
 * `vertical-align`), one result per page kind and box.
 */
import type { ComputedStyle, PageContext, PageRuleSource, PageStyle } from '../../css/types.js';

export interface MarginBoxStyleServices {
  readonly pageStyle: (page: PageContext) => PageStyle;
  /** The css stage's `computeMarginBoxStyle` for a document. */
  readonly compute: (styled: PageRuleSource, page: PageContext, box: string, pageStyle: PageStyle) => ComputedStyle | undefined;
}

export type MarginBoxStyleLookup = (page: PageContext, box: string) => ComputedStyle | undefined;

/**
 * The margin-box style lookup of one document. A document whose own `@page` rules have no
 * margin boxes answers undefined at once; otherwise results are kept per page style (pages of one kind
 * share their page style, and the same rules give their margin boxes).
 */
export function marginBoxStyleLookup(styled: PageRuleSource, services: MarginBoxStyleServices): MarginBoxStyleLookup {
  // the UA sheet's margin-box rules only align: they generate no box
  if (!styled.pageRules.some((rule) => rule.origin !== 'user-agent' && Object.keys(rule.marginBoxes).length > 0)) return () => undefined;
  const lookup = new MarginBoxStyles(styled, services);
  // a bound method, not a closure made per render: V8 keeps a closure's optimised code only while
  // a closure of it lives, so a fresh closure per render was compiled again after each full GC
  return lookup.styleOf.bind(lookup);
}

class MarginBoxStyles {
  private readonly cache = new WeakMap<PageStyle, Map<string, ComputedStyle | undefined>>();
  /**
   * The page asked about last, its page style and that style's entry: a page's 16 boxes are asked
   * for one after the other, and finding the page style (its key, then its cache) each time was
   * 16 lookups a page for one answer. The page style is a function of the page context.
   */
  private last: { readonly page: PageContext; readonly pageStyle: PageStyle; readonly byBox: Map<string, ComputedStyle | undefined> } | undefined;

  constructor(private readonly styled: PageRuleSource, private readonly services: MarginBoxStyleServices) {}

  styleOf(page: PageContext, box: string): ComputedStyle | undefined {
    if (this.last?.page !== page) {
      const pageStyle = this.services.pageStyle(page);
      let byBox = this.cache.get(pageStyle);
      if (byBox === undefined) {
        byBox = new Map();
        this.cache.set(pageStyle, byBox);
      }
      this.last = { page, pageStyle, byBox };
    }
    const { pageStyle, byBox } = this.last;
    if (!byBox.has(box)) byBox.set(box, this.services.compute(this.styled, page, box, pageStyle));
    return byBox.get(box);
  }
}
