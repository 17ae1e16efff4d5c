/** The `@font-face`, `@counter-style` and `@page` rules of a document's sheets whose media hold, located in the document's files. */
import type { CounterStyleRule, FontFaceRule, PageRule } from './types.js';
import { CounterStyles, PREDEFINED_COUNTER_STYLES } from './counter-styles.js';
import type { MediaEnvironment } from './media.js';
import type { Stylesheet } from './stylesheet.js';
import { placeInFile } from './stylesheet.js';

/** The rule located in the document's files: its sheet's file, lines counted from the file's start. */
function locatedFace(rule: FontFaceRule, sheet: Stylesheet): FontFaceRule {
  if (rule.where?.line === undefined) return { ...rule, where: { file: sheet.file } };
  return { ...rule, where: { file: sheet.file, ...placeInFile(sheet, rule.where.line, rule.where.column) } };
}

export function collectFontFaces(sheets: readonly Stylesheet[], env: MediaEnvironment): FontFaceRule[] {
  const faces: FontFaceRule[] = [];
  for (const sheet of sheets) {
    if (!sheet.media.every((m) => m(env))) continue;
    for (const face of sheet.parsed.fontFaces) if (face.media.every((m) => m(env))) faces.push(locatedFace(face.rule, sheet));
  }
  return faces;
}

/**
 * The document's counter styles: the predefined ones with its `@counter-style` rules whose media
 * hold, later ones winning (the set of predefined styles itself when there are none).
 */
export function collectCounterStyles(sheets: readonly Stylesheet[], env: MediaEnvironment): CounterStyles {
  const rules: CounterStyleRule[] = [];
  for (const sheet of sheets) {
    if (!sheet.media.every((m) => m(env))) continue;
    for (const { rule, media } of sheet.parsed.counterStyles) if (media.every((m) => m(env))) rules.push(rule);
  }
  return rules.length === 0 ? PREDEFINED_COUNTER_STYLES : new CounterStyles(rules);
}

/** `@page` rules in cascade order, with absolute file/line locations. */
export function collectPageRules(sheets: readonly Stylesheet[], env: MediaEnvironment): PageRule[] {
  const rules: PageRule[] = [];
  for (const sheet of sheets) {
    if (!sheet.media.every((m) => m(env))) continue;
    for (const page of sheet.parsed.pages) {
      if (!page.media.every((m) => m(env))) continue;
      const locate = (d: PageRule['declarations'][number]): PageRule['declarations'][number] => ({
        ...d,
        file: sheet.file,
        ...(d.line !== undefined ? placeInFile(sheet, d.line, d.column) : {}),
      });
      const marginBoxes: Record<string, PageRule['declarations']> = {};
      for (const [name, decls] of Object.entries(page.marginBoxes)) marginBoxes[name] = decls.map(locate);
      rules.push({
        selectors: page.selectors,
        specificity: page.specificity,
        order: rules.length,
        origin: sheet.origin,
        declarations: page.declarations.map(locate),
        marginBoxes,
      });
    }
  }
  return rules;
}
