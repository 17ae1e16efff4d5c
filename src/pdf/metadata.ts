/**
 * Document information (ISO 32000-1 §14.3.3) and catalog entries: /Title /Author /Subject
 * /Keywords /Creator /Producer /CreationDate /ModDate, /Lang (§14.9.2) and
 * /ViewerPreferences /DisplayDocTitle when there is a title (PDF/UA asks for it).
 */
import type { Metadata } from '../options.js';

/** The creation date deterministic documents carry when none is given. */
export const DETERMINISTIC_DATE = new Date('2000-01-01T00:00:00Z');

export interface DocumentInfo {
  readonly info: Readonly<Record<string, string | Date>>;
  readonly language: string | undefined;
  readonly displayTitle: boolean;
}

export function documentInfo(metadata: Metadata, deterministic: boolean, now: () => Date = () => new Date()): DocumentInfo {
  const date = metadata.creationDate ?? (deterministic ? DETERMINISTIC_DATE : now());
  const info: Record<string, string | Date> = {
    Producer: nonEmpty(metadata.producer) ?? 'octavo',
    Creator: nonEmpty(metadata.creator) ?? 'octavo',
    CreationDate: date,
    ModDate: date,
  };
  const title = nonEmpty(metadata.title);
  if (title !== undefined) info['Title'] = title;
  const author = nonEmpty(metadata.author);
  if (author !== undefined) info['Author'] = author;
  const subject = nonEmpty(metadata.subject);
  if (subject !== undefined) info['Subject'] = subject;
  const keywords = Array.isArray(metadata.keywords) ? metadata.keywords.map((k) => k.trim()).filter((k) => k !== '').join(', ') : metadata.keywords;
  const keywordText = nonEmpty(keywords);
  if (keywordText !== undefined) info['Keywords'] = keywordText;
  return { info, language: nonEmpty(metadata.language), displayTitle: title !== undefined };
}

function nonEmpty(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  // control characters cannot go into XMP (XML 1.0), so they are kept out of the Info dictionary too
  // eslint-disable-next-line no-control-regex
  const trimmed = value.replace(/[\u0000-\u001F\u007F]+/g, ' ').trim();
  return trimmed === '' ? undefined : trimmed;
}
