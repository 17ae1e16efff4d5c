/** The service's error documentation: a page a browser shows, each documentation_url landing on its entry (issue 31). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './helpers/service.js';
import { startTestService } from './helpers/service.js';
import { prefersHtml } from '../../src/service/error-page.js';
import { STATUS_OF } from '../../src/service/api/errors.js';

let service: TestService;
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

describe('GET /v1/errors', () => {
  it('answers a browser with an HTML page on which documentation_url lands on the entry of its code', async () => {
    const failed = await fetch(`${service.url}/v1/workspaces`);
    const { error_code: code, documentation_url: url } = (await failed.json()) as { error_code: string; documentation_url: string };
    expect([failed.status, code, url]).toEqual([401, 'missing_api_key', `${service.url}/v1/errors#missing_api_key`]);
    const page = await fetch(url, { headers: { accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('vary')).toBe('Accept');
    const html = await page.text();
    expect(html).toMatch(/^<!doctype html>/);
    for (const [each, status] of Object.entries(STATUS_OF)) {
      expect(html).toContain(`<section id="${each}">\n    <h2><a href="#${each}">${each}</a> <span class="status">HTTP ${status}</span></h2>`);
    }
    expect(html).toContain('<p>No API key: send it in the <code>apikey</code> header or the <code>apikey</code> query parameter.</p>');
    expect(html).toContain(`<a href="${service.url}/v1/openapi.json">`);
  });

  it('keeps answering JSON to programs (no Accept, */*, application/json)', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html']) {
      const response = await fetch(`${service.url}/v1/errors`, { headers: accept === undefined ? {} : { accept } });
      expect(response.headers.get('content-type'), String(accept)).toBe('application/json; charset=utf-8');
      expect(await response.json()).toContainEqual(expect.objectContaining({ error_code: 'quota_exceeded', status: 429 }));
    }
    expect([prefersHtml('text/html'), prefersHtml(BROWSER_ACCEPT), prefersHtml(null), prefersHtml('application/json, text/html')]).toEqual([true, true, false, false]);
  });
});
