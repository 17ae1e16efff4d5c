/**
 * The warnings each gallery fixture gives today, exactly. Tables, flexbox and grid are laid out,
 * so a template written as an author would write it — tables for tabular data, flexbox for
 * structure — warns nothing; a new warning here is a regression or a gap to name.
 */

/** fixture name -> its css_unsupported warnings, in the order the engine gives them. */
export const GALLERY_WARNINGS: Readonly<Record<string, readonly string[]>> = {
  book: [],
  certificate: [],
  contract: [],
  invoice: [],
  letter: [],
  newsletter: [],
  payslip: [],
  quote: [],
  receipt: [],
  report: [],
  'sales-report': [],
  'shipping-label': [],
  ticket: [],
};

/** What `octavo gallery` prints on stderr for the package's fixtures (sorted by name). */
export function galleryStderr(): string {
  return Object.keys(GALLERY_WARNINGS).sort()
    .flatMap((name) => (GALLERY_WARNINGS[name] ?? []).map((message) => `octavo: warning[css_unsupported]: ${message}\n`))
    .join('');
}
