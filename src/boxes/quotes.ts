/**
 * The quotation marks of `quotes: auto` (CSS Generated Content 3 §4.1: those of the content
 * language), as Chromium 156 prints `<q>` — read back from it for the 148 tags of the HTML
 * Standard's table of quotes (rendering §15.3.6): `lang="de"` is „…“ with ‚…‘ inside, `fr` «…», `ja`
 * 「…」, `nl` ‘…’. A tag not in the table is looked up by its primary language (`de-AT` as `de`,
 * as Chromium does); any other language, or none, takes English's “…” ‘…’, as do the languages
 * Chromium prints so (of those the HTML table lists, 111).
 */

/** open, close, nested open, nested close — by language tag, lower-cased. */
const QUOTES: Readonly<Record<string, string>> = {
  am: '«»‹›', ar: '”“’‘', 'az-cyrl': '«»‹›', bg: '„“„“', 'bs-cyrl': '„“‚‘', ca: '«»“”', cs: '„“‚‘',
  de: '„“‚‘', el: '«»“”', et: '„“‚‘', fa: '«»‹›', fi: '””’’', fr: '«»«»', 'fr-ca': '«»”“', 'fr-ch': '«»‹›',
  he: '””’’', hr: '„“‚‘', hu: '„”»«', it: '«»“”', ja: '「」『』', lt: '„“„“', nb: '«»‘’', nl: '‘’‘’', nn: '«»‘’',
  no: '«»‘’', pl: '„”«»', 'pt-pt': '«»“”', ro: '„”«»', ru: '«»„“', sk: '„“‚‘', sl: '„“‚‘', sr: '„”’’',
  sv: '””’’', 'ti-er': '‘’‘’', uk: '«»„“', ur: '”“’‘', 'zh-hant': '「」『』',
};

type Pairs = readonly (readonly [string, string])[];
const ENGLISH: Pairs = pairsOf('“”‘’');
const BY_LANGUAGE = new Map<string, Pairs>(Object.entries(QUOTES).map(([tag, marks]) => [tag, pairsOf(marks)]));

function pairsOf(marks: string): Pairs {
  const [open, close, nestedOpen, nestedClose] = [...marks] as [string, string, string, string];
  return [[open, close], [nestedOpen, nestedClose]];
}

/** The quote pairs of `quotes: auto` for a lower-cased language tag ('' for none). */
export function autoQuotes(lang: string): Pairs {
  const exact = BY_LANGUAGE.get(lang);
  if (exact !== undefined) return exact;
  const dash = lang.indexOf('-');
  return (dash > 0 ? BY_LANGUAGE.get(lang.slice(0, dash)) : undefined) ?? ENGLISH;
}
