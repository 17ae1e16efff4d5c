/**
 * The warnings each gallery fixture gives today, exactly. Tables are not laid out yet (another
 * issue's work): a template written as an author would write it — tables for tabular data — is
 * laid out as block flow with one warning per display type. Flexbox is laid out, silently. When
 * table layout lands, these lists shrink and the tests that use them must be updated.
 */
const table = 'display: table is laid out as block flow for now';
const headerGroup = 'display: table-header-group is laid out as block flow for now';
const rowGroup = 'display: table-row-group is laid out as block flow for now';
const footerGroup = 'display: table-footer-group is laid out as block flow for now';
const row = 'display: table-row is laid out as block flow for now';
const cell = 'display: table-cell is laid out as block flow for now';
const collapse = '`border-collapse: collapse` has no effect: table layout is not supported yet (tables are laid out as block flow)';

/** fixture name -> its css_unsupported warnings, in the order the engine gives them. */
export const GALLERY_WARNINGS: Readonly<Record<string, readonly string[]>> = {
  book: [],
  certificate: [],
  contract: [],
  invoice: [],
  letter: [],
  payslip: [collapse, table, row, cell, headerGroup, rowGroup, footerGroup],
  quote: [collapse, table, headerGroup, row, cell, rowGroup, footerGroup],
  receipt: [collapse, table, headerGroup, row, cell, rowGroup],
  report: [],
  'sales-report': [collapse, table, headerGroup, row, cell, rowGroup, footerGroup],
  'shipping-label': [],
  ticket: [],
};

/** What `octavo gallery` prints on stderr for the package's fixtures (sorted by name). */
export function galleryStderr(): string {
  return Object.keys(GALLERY_WARNINGS).sort()
    .flatMap((name) => (GALLERY_WARNINGS[name] ?? []).map((message) => `octavo: warning[css_unsupported]: ${message}\n`))
    .join('');
}
