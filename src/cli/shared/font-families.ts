/**
 * `octavo check`: font-family names that match no available font — no `@font-face` of the
 * template declares them and they are neither bundled (fonts/) nor an alias of a bundled font.
 * A browser, and octavo, silently falls back to the next family of the list, so a misspelt
 * "Robotto" changes the document without a word; check says so at the declaration.
 * Reads the CSS as text (the template's `<style>` blocks and `style` attributes, and the
 * stylesheets it links or imports inside the sandbox): a linter's approximation of the cascade,
 * which is enough to find every family name written down.
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { bundledFamilies } from '../../text/bundled.js';
import { installedFonts } from '../../text/installed.js';
import { decodeText } from '../../decode-text.js';
import { familyNames, shorthandFamilies } from '../../css/values/family-list-text.js';

export interface CssSource {
  /** File name shown in findings (relative to the working directory). */
  readonly file: string;
  readonly path: string;
  readonly text: string;
  /** HTML (its `<style>` blocks and `style` attributes hold CSS) rather than a stylesheet. */
  readonly html?: boolean;
}

interface Region {
  readonly start: number;
  readonly text: string;
}

export interface FamilyFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly family: string;
  /**
   * A generic family's name written in quotes (`"monospace"`): a font name, not the generic
   * (CSS Fonts 4 §4.1.1), which no font has — the mistake, not a missing font.
   */
  readonly quotedGeneric: boolean;
}

/** CSS generic families and keywords: never a font file of their own. */
const GENERIC = new Set([
  '-webkit-standard', 'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif', 'ui-monospace',
  'ui-rounded', 'math', 'emoji', 'fangsong', 'inherit', 'initial', 'unset', 'revert', 'revert-layer',
]);

const MAX_STYLESHEETS = 64;

/** Comments blanked out, so indices still point into the original text. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?(\*\/|$)/g, (comment) => comment.replace(/[^\n]/g, ' '));
}

function lineColumn(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}

/** Families declared by `@font-face` rules, lower-cased. */
function declaredFamilies(text: string): Set<string> {
  const names = new Set<string>();
  for (const rule of text.matchAll(/@font-face\s*\{([^}]*)\}/gi)) {
    const declaration = /font-family\s*:\s*([^;}]+)/i.exec(rule[1] ?? '');
    for (const { name } of familyNames(declaration?.[1] ?? '')) names.add(name.toLowerCase());
  }
  return names;
}

/** The CSS of a source: a stylesheet whole; in HTML, `<style>` contents and `style` attribute values. */
function cssRegions(source: CssSource): Region[] {
  const text = withoutComments(source.text);
  if (source.html !== true) return [{ start: 0, text }];
  const regions: Region[] = [];
  for (const block of text.matchAll(/(<style\b[^>]*>)([\s\S]*?)(<\/style>|$)/gi)) {
    regions.push({ start: (block.index ?? 0) + (block[1] ?? '').length, text: block[2] ?? '' });
  }
  for (const attribute of text.matchAll(/\sstyle\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    const value = attribute[2] ?? attribute[3] ?? '';
    regions.push({ start: (attribute.index ?? 0) + attribute[0].length - value.length - 1, text: value });
  }
  return regions;
}

/** The family lists written in `font-family` or `font` declarations outside `@font-face`, each name with its place. */
function usedFamilyLists(source: CssSource): FamilyFinding[][] {
  const found: FamilyFinding[][] = [];
  for (const region of cssRegions(source)) {
    const text = region.text.replace(/@font-face\s*\{[^}]*\}/gi, (rule) => rule.replace(/[^\n]/g, ' '));
    for (const match of text.matchAll(/(?<![\w-])(font-family|font)\s*:\s*([^;}"']*(?:(?:"[^"]*"|'[^']*')[^;}"']*)*)/gi)) {
      const property = (match[1] ?? '').toLowerCase();
      const value = match[2] ?? '';
      const valueStart = region.start + (match.index ?? 0) + match[0].length - value.length;
      const list = property === 'font' ? shorthandFamilies(value) : { list: value, offset: 0 };
      if (list === undefined || /\{\{|var\(/i.test(list.list)) continue; // computed by the template or a custom property
      const names: FamilyFinding[] = [];
      for (const { name, offset, quoted } of familyNames(list.list.replace(/\s*!important\s*$/i, ''))) {
        if (name === '') continue;
        const quotedGeneric = quoted && GENERIC.has(name.toLowerCase());
        names.push({ file: source.file, ...lineColumn(source.text, valueStart + list.offset + offset), family: name, quotedGeneric });
      }
      found.push(names);
    }
  }
  return found;
}

/** Stylesheets a source links (`<link rel=stylesheet href>`) or imports (`@import`), as paths. */
function referencedSheets(source: CssSource): string[] {
  const text = withoutComments(source.text);
  const hrefs: string[] = [];
  for (const link of text.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel\s*=\s*["']?stylesheet/i.test(link[0])) continue;
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(link[0]);
    const value = href?.[1] ?? href?.[2] ?? href?.[3];
    if (value !== undefined) hrefs.push(value);
  }
  for (const rule of text.matchAll(/@import\s+(?:url\(\s*)?["']?([^"')\s;]+)/gi)) hrefs.push(rule[1] ?? '');
  return hrefs
    .filter((href) => href !== '' && !href.includes('{{') && !/^[a-z][a-z0-9+.-]*:/i.test(href))
    .map((href) => resolve(dirname(source.path), decodeURI(href.split(/[?#]/)[0] ?? '')));
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The template and the stylesheets it reaches inside `root` (unreadable ones are the trial render's to report). */
export async function cssSources(template: CssSource, root: string, cwd: string): Promise<CssSource[]> {
  const sources = [template];
  const seen = new Set([template.path]);
  for (let i = 0; i < sources.length && sources.length < MAX_STYLESHEETS; i++) {
    for (const path of referencedSheets(sources[i]!)) {
      if (seen.has(path) || !inside(root, path)) continue;
      seen.add(path);
      const text = await readFile(path).then((bytes) => decodeText(bytes, 'css'), () => undefined);
      if (text !== undefined) sources.push({ file: relative(cwd, path).split(sep).join('/'), path, text });
    }
  }
  return sources;
}

/**
 * Family names used in `sources` that no `@font-face` of theirs declares, no bundled font has and
 * (unless OCTAVO_SYSTEM_FONTS=off, as for the engine) no installed font has, among those that can
 * matter: the ones before the first available family of their list. A generic family's name in
 * quotes is such a name (the render looks it up as a font, as Chromium does).
 */
export function unknownFontFamilies(sources: readonly CssSource[]): FamilyFinding[] {
  const bundled = new Set(bundledFamilies().keys());
  const systemFonts = process.env['OCTAVO_SYSTEM_FONTS'] !== 'off';
  const declared = new Set<string>();
  for (const source of sources) {
    for (const region of cssRegions(source)) for (const name of declaredFamilies(region.text)) declared.add(name);
  }
  const named = (key: string): boolean => declared.has(key) || (systemFonts && installedFonts.family(key) !== undefined);
  // a quoted generic name is no alias of a bundled font: only a font of that very name answers it
  const available = ({ family, quotedGeneric }: FamilyFinding): boolean => {
    const key = family.toLowerCase();
    return quotedGeneric ? named(key) : named(key) || bundled.has(key) || GENERIC.has(key);
  };
  // the first family of a list that is available (or generic) is used: the ones after it never are
  return sources.flatMap(usedFamilyLists).flatMap((list) => {
    const used = list.findIndex(available);
    return list.slice(0, used === -1 ? list.length : used);
  });
}
