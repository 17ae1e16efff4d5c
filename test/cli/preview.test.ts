/**
 * `octavo preview` in a real headless Chromium (Debian's, driven by playwright-core): the page shows
 * the rendered pages, follows an edit of the template on disk, keeps the last good render while
 * showing a new error, and follows an edit of the payload.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_TIMEOUT_MS } from '../helpers/processes.js';
import type { PreviewServer } from '../../src/cli/preview/server.js';
import { startPreview } from '../../src/cli/preview/server.js';

let dir: string;
let profile: string;
let browser: BrowserContext;
let server: PreviewServer;
let page: Page;

const template = (heading: string): string => `<html><head><link rel="stylesheet" href="style.css"></head>
<body><h1>${heading} {{name}}</h1><p>{{note}}</p></body></html>`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-preview-'));
  writeFileSync(join(dir, 'letter.html'), template('Hello'));
  writeFileSync(join(dir, 'style.css'), 'h1 { font: bold 20px sans-serif }');
  writeFileSync(join(dir, 'data.json'), JSON.stringify({ name: 'Ada', note: 'first note' }));
  server = await startPreview({ templatePath: join(dir, 'letter.html'), templateName: 'letter.html', dataPath: join(dir, 'data.json'), port: 0, limits: { strict: false } });
  // a fresh, empty profile (playwright passes it as --user-data-dir)
  profile = mkdtempSync(join(tmpdir(), 'octavo-chromium-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage();
}, PROCESS_TEST_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
});

const pageText = (): Promise<string> => page.locator('.page-text').first().innerText();

describe('octavo preview', () => {
  it('serves only on 127.0.0.1', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('shows the rendered pages with their text', async () => {
    await page.goto(server.url);
    await expect.poll(pageText, { timeout: PROCESS_TIMEOUT_MS }).toContain('Hello Ada');
    expect(await page.locator('.page canvas').count()).toBe(1);
    expect(await page.locator('#status').innerText()).toMatch(/^rendered 1 page in \d+ ms$/);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('re-renders when the template changes on disk', async () => {
    writeFileSync(join(dir, 'letter.html'), template('Goodbye'));
    await expect.poll(pageText, { timeout: PROCESS_TIMEOUT_MS }).toContain('Goodbye Ada');
  }, PROCESS_TEST_TIMEOUT_MS);

  it('keeps the last good render on screen while showing a new error', async () => {
    writeFileSync(join(dir, 'letter.html'), '<h1>\n  {{#if name}}broken</h1>');
    await expect.poll(() => page.locator('#error').innerText(), { timeout: PROCESS_TIMEOUT_MS })
      .toBe('letter.html:2:3: {{#if}} is never closed\nhint: add {{/if}} where the block ends');
    expect(await page.locator('#status').innerText()).toBe('error — showing the last good render');
    expect(await pageText()).toContain('Goodbye Ada');
  }, PROCESS_TEST_TIMEOUT_MS);

  it('recovers, and follows payload and stylesheet changes with their warnings', async () => {
    writeFileSync(join(dir, 'letter.html'), template('Dear'));
    writeFileSync(join(dir, 'data.json'), JSON.stringify({ name: 'Grace', note: 'second note' }));
    await expect.poll(pageText, { timeout: PROCESS_TIMEOUT_MS }).toContain('Dear Grace');
    expect(await page.locator('#error').isVisible()).toBe(false);
    writeFileSync(join(dir, 'style.css'), 'h1 { colr: red }');
    await expect.poll(() => page.locator('#diagnostics li').allInnerTexts(), { timeout: PROCESS_TIMEOUT_MS })
      .toEqual(['style.css:1:6: warning[css_unknown_property]: unknown property `colr`']);
  }, PROCESS_TEST_TIMEOUT_MS);
});
