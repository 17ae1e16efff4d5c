/**
 * The font families a Google Fonts CSS API URL asks for — `css?family=Roboto:400,700|Open+Sans`
 * and `css2?family=Roboto:wght@400;700&family=Open+Sans` — so that a stylesheet of web fonts that
 * cannot be had is said once per family ("falls back"), as authors think of it, not as one URL.
 */
const HOST = 'fonts.googleapis.com';

export function googleFontFamilies(href: string): string[] {
  if (!URL.canParse(href)) return [];
  const url = new URL(href);
  if (url.hostname !== HOST || (url.pathname !== '/css' && url.pathname !== '/css2')) return [];
  const values = url.searchParams.getAll('family');
  // css (v1) joins families with `|`; css2 repeats the parameter
  const specs = url.pathname === '/css' ? values.flatMap((value) => value.split('|')) : values;
  const names = specs.map((spec) => spec.split(':')[0]!.trim()).filter((name) => name !== '');
  return [...new Set(names)];
}
