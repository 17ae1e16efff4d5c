/**
 * `octavo render --allow-remote ORIGIN` against a local web server (issue 28), and what a template
 * brought from the web also carries: an absolute path from its original site
 * (`/assets/font/iconfont.css`, issue 33) and byte-order marks in the template and the data file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import renderCommand from '../../src/cli/commands/render.js';
import type { AssetServer } from '../net/asset-server.js';
import { startAssetServer } from '../net/asset-server.js';
import { pdfText, runCommand } from './io.js';

let server: AssetServer;
const dir = mkdtempSync(join(tmpdir(), 'octavo-cli-remote-'));

beforeAll(async () => {
  server = await startAssetServer();
  writeFileSync(join(dir, 'quote.html'), `\uFEFF<html><head>
<link rel="stylesheet" href="/assets/font/iconfont.css">
<link rel="stylesheet" href="${server.origin}/css2?family=Fira+Sans">
</head><body style="font-family: 'Fira Sans'">
<h1>Quote {{number}}</h1>
<img src="${server.origin}/logo.png" width="40">
</body></html>`);
  writeFileSync(join(dir, 'data.json'), '\uFEFF{"number": "Q-7"}');
});
afterAll(async () => { await server.close(); });

const run = (args: string[]) => runCommand(renderCommand, args, { cwd: dir });

describe('octavo render --allow-remote', () => {
  it('fetches from the allowed origin; a missing absolute-path stylesheet is a located warning', async () => {
    server.requests.length = 0;
    const result = await run(['quote.html', '--data', 'data.json', '--out', 'allowed.pdf', '--allow-remote', server.origin]);
    expect(result.code).toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^octavo: quote\.html:2:1: warning\[resource\]: stylesheet not loaded: \/assets\/font\/iconfont\.css is outside the resource root/),
    ]);
    expect(server.requests.map((r) => r.path).sort()).toEqual(['/css2?family=Fira+Sans', '/logo.png', '/s/firasans/v17/fira-sans-latin-400-normal.woff2']);
    const file = join(dir, 'allowed.pdf');
    expect(pdfText(file)).toMatch(/^Quote Q-7/); // no U+FEFF line before it
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(/FiraSans-Regular/);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2).map((line) => line.trim().split(/\s+/));
    expect(images.map((columns) => `${columns[2]} ${columns[3]}x${columns[4]}`)).toEqual(['image 4x2', 'smask 4x2']); // the logo, with its alpha
  });

  it('without the flag renders with warnings and connects to nothing', async () => {
    server.requests.length = 0;
    const result = await run(['quote.html', '--data', 'data.json', '--out', 'offline.pdf']);
    expect(result.code).toBe(0);
    expect(server.requests).toEqual([]);
    expect(result.stderr).toMatch(/quote\.html:3:1: warning\[resource\]: stylesheet not loaded: http:\/\/127\.0\.0\.1:\d+\/css2\?family=Fira\+Sans: remote resources are not allowed/);
    expect(result.stderr).toMatch(/quote\.html:6:1: warning\[resource\]: image not loaded: http:\/\/127\.0\.0\.1:\d+\/logo\.png: remote resources are not allowed/);
    expect(pdfText(join(dir, 'offline.pdf'))).toMatch(/^Quote Q-7/);
  });

  it('refuses an --allow-remote value that is not an origin', async () => {
    await expect(run(['quote.html', '--allow-remote', 'https://cdn.example.com/assets']))
      .rejects.toThrow(/--allow-remote: remote origin 'https:\/\/cdn\.example\.com\/assets' must be an origin only/);
  });
});
