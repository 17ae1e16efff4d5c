/**
 * The service's error codes as a page a browser shows: `GET /v1/errors` with `Accept: text/html`
 * (what a browser sends when it follows an error's `documentation_url`) answers this page, one
 * entry per code with its own anchor (`/v1/errors#quota_exceeded` lands on it); any other Accept
 * gets the JSON list, and `/v1/openapi.json` stays the machine-readable contract.
 */
import type { ServiceErrorCode } from './api/errors.js';
import { ERROR_DESCRIPTIONS, STATUS_OF } from './api/errors.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `Accept` asks for HTML before JSON (a browser's navigation does; curl and fetch by default do not). */
export function prefersHtml(accept: string | null): boolean {
  if (accept === null) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '');
  const html = types.indexOf('text/html');
  const json = types.findIndex((type) => type === 'application/json' || type.endsWith('+json'));
  return html !== -1 && (json === -1 || html < json);
}

/** `code` inline: the descriptions mark field and header names with backticks. */
function withCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

export function errorPage(baseUrl: string): string {
  const entries = (Object.keys(STATUS_OF) as ServiceErrorCode[]).map((code) => `  <section id="${code}">
    <h2><a href="#${code}">${code}</a> <span class="status">HTTP ${STATUS_OF[code]}</span></h2>
    <p>${withCode(ERROR_DESCRIPTIONS[code])}</p>
  </section>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>octavo service: error codes</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #222 }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .25rem } h2 a { color: inherit } .status { color: #666; font-weight: normal }
  section:target { background: #fff6d6; outline: .5rem solid #fff6d6 } code { background: #f2f2f2; padding: 0 .2em }
</style></head>
<body>
<h1>Error codes</h1>
<p>Every error answer of the API is <code>{"message", "error_code", "documentation_url", "correlation_id"}</code>;
its <code>documentation_url</code> points to the entry of its code below. The machine-readable contract is
<a href="${escapeHtml(baseUrl)}/v1/openapi.json">/v1/openapi.json</a>; this list as JSON is
<code>GET /v1/errors</code> with <code>Accept: application/json</code>.</p>
${entries.join('\n')}
</body></html>
`;
}
