/**
 * The preview page (one HTML document with its script): the diagnostics with their lines, an
 * error banner that leaves the last good render on screen, and every page of the PDF drawn by
 * pdf.js (served from the pdfjs-dist package) as a thumbnail with its text beneath. It listens to
 * the server's event stream and redraws when a new render lands.
 */

const STYLE = `
  body { font: 14px system-ui, sans-serif; margin: 0; background: #eef0f3; color: #1d2430 }
  header { display: flex; gap: 16px; align-items: baseline; padding: 10px 16px; background: #1d2430; color: #fff }
  header h1 { font-size: 15px; margin: 0 } header a { color: #9cc3ff }
  #status { font-size: 13px; opacity: .85 }
  #error { display: none; margin: 12px 16px; padding: 10px 14px; background: #fde8e8; border-left: 4px solid #c62828; white-space: pre-wrap; font-family: ui-monospace, monospace }
  #error.shown { display: block }
  #diagnostics { margin: 0 16px; padding: 0; list-style: none; font-family: ui-monospace, monospace; font-size: 12px }
  #diagnostics li { padding: 4px 8px; background: #fff8e1; border-left: 3px solid #f9a825; margin-top: 4px }
  #pages { display: flex; flex-wrap: wrap; gap: 16px; padding: 16px }
  .page { background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.2); padding: 8px; max-width: 420px }
  .page canvas { width: 100%; display: block; border: 1px solid #ddd }
  .page figcaption { font-size: 12px; margin-top: 6px; color: #555 }
  .page pre { white-space: pre-wrap; font-size: 11px; max-height: 160px; overflow: auto; background: #f7f7f7; margin: 6px 0 0; padding: 4px }
`;

const SCRIPT = `
import * as pdfjs from '/pdfjs/pdf.min.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdfjs/pdf.worker.min.mjs';
const $ = (id) => document.getElementById(id);
let shown = -1;

async function drawDocument(version) {
  const pdf = await pdfjs.getDocument({ url: '/document.pdf?v=' + version, isEvalSupported: false }).promise;
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: 1.2 });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
    const text = (await page.getTextContent()).items.map((item) => item.str + (item.hasEOL ? '\\n' : '')).join('');
    const figure = document.createElement('figure');
    figure.className = 'page';
    figure.dataset.page = String(n);
    const caption = document.createElement('figcaption');
    caption.textContent = 'Page ' + n + ' of ' + pdf.numPages;
    const pre = document.createElement('pre');
    pre.className = 'page-text';
    pre.textContent = text;
    figure.append(canvas, caption, pre);
    pages.push(figure);
  }
  $('pages').replaceChildren(...pages);
  $('pages').dataset.version = String(version);
  await pdf.destroy();
}

async function update() {
  const state = await (await fetch('/state')).json();
  $('status').textContent = state.rendering ? 'rendering…' : state.error ? 'error — showing the last good render'
    : 'rendered ' + state.pages + ' page' + (state.pages === 1 ? '' : 's') + ' in ' + state.ms + ' ms';
  $('error').textContent = state.error ? state.error : '';
  $('error').className = state.error ? 'shown' : '';
  $('diagnostics').replaceChildren(...state.diagnostics.map((text) => { const li = document.createElement('li'); li.textContent = text; return li; }));
  if (state.version > shown && state.version > 0) {
    shown = state.version;
    await drawDocument(state.version);
  }
  document.body.dataset.version = String(shown);
}

const events = new EventSource('/events');
events.onmessage = () => { update().catch((error) => { $('status').textContent = String(error); }); };
update();
`;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function previewPage(title: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} — octavo preview</title><style>${STYLE}</style></head>
<body>
<header><h1>${escapeHtml(title)}</h1><span id="status">loading…</span><a href="/document.pdf" target="_blank">open the PDF</a></header>
<div id="error" role="alert"></div>
<ul id="diagnostics"></ul>
<main id="pages"></main>
<script type="module">${SCRIPT}</script>
</body></html>`;
}
