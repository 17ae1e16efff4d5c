/**
 * The one table of properties and values octavo parses and computes but no stage honours yet.
 * A declaration that sets one of them gets a `css_unsupported` warning at its location (see
 * declarations.ts). When a stage starts honouring a property, delete its line here (and from
 * docs/css.md).
 */
import { RESET } from './define.js';

interface Unhonoured {
  /** What is missing, for the message. */
  readonly why: string;
  /**
   * The keywords that are not honoured (named in the message), when the others are;
   * without it every value but the initial one (or one of `harmless`) is reported.
   */
  readonly values?: readonly string[];
  /** Specified values that behave like the initial value, so nothing is lost. */
  readonly harmless?: readonly unknown[];
}


/** Longhand name -> what is not honoured. Keys are longhands: shorthands report their parts. */
export const UNHONOURED: ReadonlyMap<string, Unhonoured> = new Map<string, Unhonoured>([
  // Gradients are already reported as unsupported values.
  ['footnote-display', { why: 'compact footnotes are displayed as blocks', values: ['compact'] }],
  ['footnote-policy', { why: 'a footnote that does not fit moves its call\'s line (not the whole block) to the next page', values: ['block'] }],
  ['column-fill', { why: 'only the last fragment of a multi-column container is balanced (as `balance`)', values: ['balance-all'] }],
  ['image-orientation', { why: 'a JPEG\'s EXIF orientation is always applied (as `from-image`)', values: ['none'] }],
]);

/** A specified value as a list of its parts: `[0, 0]` border spacing, `['none']` background layers. */
function parts(specified: unknown): readonly unknown[] {
  return Array.isArray(specified) ? specified : [specified];
}

/**
 * Whether setting `longhand` to `specified` is lost on the way to the page: why, and the keyword
 * for value-specific entries; `undefined` when the value is honoured.
 */
function unhonouredValue(longhand: string, specified: unknown): { readonly why: string; readonly value?: string } | undefined {
  const entry = UNHONOURED.get(longhand);
  if (entry === undefined) return undefined;
  if (entry.values !== undefined) {
    return typeof specified === 'string' && entry.values.includes(specified) ? { why: entry.why, value: specified } : undefined;
  }
  const harmless = entry.harmless ?? [];
  return parts(specified).every((part) => harmless.includes(part)) ? undefined : { why: entry.why };
}

/**
 * Messages for a parsed declaration (longhand name -> specified value) whose values are not honoured: one naming the shorthand when
 * all its parts are in the table (`gap`, `flex`), else one per part (`background-image` in
 * `background`).
 */
export function unhonouredMessages(
  def: { readonly name: string; readonly longhands?: readonly string[] },
  values: ReadonlyMap<string, unknown>,
): string[] {
  const found: { longhand: string; why: string; value?: string }[] = [];
  for (const [longhand, specified] of values) {
    if (specified === RESET || specified === undefined) continue;
    const lost = unhonouredValue(longhand, specified);
    if (lost !== undefined) found.push({ longhand, ...lost });
  }
  if (found.length === 0) return [];
  if (def.longhands !== undefined && def.longhands.every((name) => UNHONOURED.get(name)?.why === found[0]!.why && UNHONOURED.get(name)?.values === undefined)) {
    return [`\`${def.name}\` has no effect: ${found[0]!.why}`];
  }
  return found.map(({ longhand, why, value }) => {
    const subject = value === undefined ? `\`${longhand}\`` : `\`${longhand}: ${value}\``;
    return `${subject}${longhand === def.name ? '' : ` (in \`${def.name}\`)`} has no effect: ${why}`;
  });
}
