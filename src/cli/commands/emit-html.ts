/**
 * `octavo render --emit-html FILE`: the template filled with the data — the HTML octavo lays out —
 * written to FILE with a `<base href>` at the template's folder, so that a browser opening FILE
 * from anywhere finds the same stylesheets, images and fonts and shows the document the PDF shows.
 */
import { pathToFileURL } from 'node:url';
import type { RenderOptions } from '../../options.js';
import { writeFileAtomic } from '../shared/output-file.js';
import type { RenderLimits } from './render.js';

/** The HTML with `<base href="FOLDER/">` as the first element of its head (unless it has a `<base>` already). */
export function withBaseHref(html: string, folder: string): string {
  if (/<base\b[^>]*\bhref\s*=/i.test(html)) return html;
  const href = pathToFileURL(folder).href.replace(/\/?$/, '/');
  const base = `<base href="${href.replace(/"/g, '&quot;')}">`;
  const head = /<head\b[^>]*>/i.exec(html);
  if (head !== null) return `${html.slice(0, head.index + head[0].length)}${base}${html.slice(head.index + head[0].length)}`;
  const root = /<html\b[^>]*>/i.exec(html);
  if (root !== null) return `${html.slice(0, root.index + root[0].length)}<head>${base}</head>${html.slice(root.index + root[0].length)}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const at = doctype === null ? 0 : doctype[0].length;
  return `${html.slice(0, at)}${base}${html.slice(at)}`;
}

/** Fills the template and writes FILE; template errors are thrown as the render would throw them. */
export async function emitHtml(options: RenderOptions, file: string, limits: RenderLimits): Promise<void> {
  const { createInternalEngine } = await import('../../render.js');
  const helpers = limits.helpersModule === undefined ? undefined : await (await import('../../helpers-module.js')).loadHelpersModule(limits.helpersModule);
  const engine = createInternalEngine({ ...(limits.maxPages === undefined ? {} : { limits: { maxPages: limits.maxPages } }), ...(helpers === undefined ? {} : { helpers }) });
  const { html } = await engine.fillTemplate(options);
  await writeFileAtomic(file, Buffer.from(withBaseHref(html, options.baseDir ?? '.'), 'utf8'));
}
