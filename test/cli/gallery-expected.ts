/**
 * The warnings each gallery fixture gives today, exactly. Tables and flexbox are not laid out yet
 * (they are other issues' work): a template written as an author would write it — tables for
 * tabular data, flexbox for structure — is laid out as block flow with one warning per display
 * type. When those layouts land, these lists shrink and the tests that use them must be updated.
 */
const flex = 'display: flex is laid out as block flow for now';
const table = 'display: table is laid out as block flow for now';
const headerGroup = 'display: table-header-group is laid out as block flow for now';
const rowGroup = 'display: table-row-group is laid out as block flow for now';
const footerGroup = 'display: table-footer-group is laid out as block flow for now';
const row = 'display: table-row is laid out as block flow for now';
const cell = 'display: table-cell is laid out as block flow for now';
const noFlex = (property: string): string => `\`${property}\` has no effect: flex and grid layout are not supported yet (the container is laid out as block flow)`;
const flexShorthand = noFlex('flex');
const collapse = '`border-collapse: collapse` has no effect: table layout is not supported yet (tables are laid out as block flow)';

/** fixture name -> its css_unsupported warnings, in the order the engine gives them. */
export const GALLERY_WARNINGS: Readonly<Record<string, readonly string[]>> = {
  book: [],
  certificate: [flex],
  contract: [],
  invoice: [],
  letter: [flex],
  payslip: [collapse, flexShorthand, flex, table, row, cell, headerGroup, rowGroup, footerGroup],
  quote: [flexShorthand, collapse, flex, table, headerGroup, row, cell, rowGroup, footerGroup],
  receipt: [collapse, flex, table, headerGroup, row, cell, rowGroup],
  report: [],
  'sales-report': [flexShorthand, collapse, flex, table, headerGroup, row, cell, rowGroup, footerGroup],
  'shipping-label': [flexShorthand, flex],
  ticket: [flexShorthand, flex],
};

/** What `octavo gallery` prints on stderr for the package's fixtures (sorted by name). */
export function galleryStderr(): string {
  return Object.keys(GALLERY_WARNINGS).sort()
    .flatMap((name) => (GALLERY_WARNINGS[name] ?? []).map((message) => `octavo: warning[css_unsupported]: ${message}\n`))
    .join('');
}
