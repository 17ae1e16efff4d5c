/**
 * Document metadata from the head (HTML §4.2.5.1 standard metadata names): `<title>`,
 * `<html lang>`, `<meta name=author|description|keywords|generator>`. Description becomes the
 * subject and generator the creator, as the PDF's document information names them; render
 * options override each of them.
 */
import type { DomDocument, DomElement } from './types.js';

export interface HeadMetadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string[];
  creator?: string;
  language?: string;
}

export function headMetadata(dom: DomDocument): HeadMetadata {
  const result: HeadMetadata = {};
  const lang = dom.documentElement.attribs['lang']?.trim();
  if (lang) result.language = lang;
  const head = findHead(dom.documentElement);
  if (head === undefined) return result;
  for (const child of head.children) {
    if (child.type !== 'tag') continue;
    const name = child.name.toLowerCase();
    if (name === 'title' && result.title === undefined) {
      const title = child.children.map((node) => (node.type === 'text' ? node.data : '')).join('').replace(/\s+/g, ' ').trim();
      if (title) result.title = title;
    }
    if (name !== 'meta') continue;
    const key = child.attribs['name']?.trim().toLowerCase();
    const content = child.attribs['content']?.replace(/\s+/g, ' ').trim();
    if (key === undefined || !content) continue;
    if (key === 'author') result.author ??= content;
    else if (key === 'description') result.subject ??= content;
    else if (key === 'keywords') result.keywords ??= content.split(',').map((k) => k.trim()).filter((k) => k !== '');
    else if (key === 'generator') result.creator ??= content;
  }
  return result;
}

/** The `<head>` (htmlparser2 puts a stray `<title>` straight under `<html>`, so that counts as head too). */
function findHead(root: DomElement): DomElement | undefined {
  for (const child of root.children) {
    if (child.type === 'tag' && child.name.toLowerCase() === 'head') return child;
  }
  return root.children.some((child) => child.type === 'tag' && ['title', 'meta'].includes(child.name.toLowerCase())) ? root : undefined;
}
