// The local mirror of a real-web template's assets: Bootstrap's CSS, a Google-Fonts-style css2
// endpoint, font subsets and a logo, on 127.0.0.1:8765. Logs every request.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const root = new URL('./mirror/', import.meta.url);
const types = { css: 'text/css', woff: 'font/woff', woff2: 'font/woff2', svg: 'image/svg+xml', png: 'image/png', html: 'text/html' };
createServer((req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1:8765');
  console.log(`${new Date().toISOString()} ${req.headers['user-agent']?.slice(0, 40)} ${url.pathname}${url.search}`);
  const path = url.pathname === '/css2' ? 'fonts/css2.css' : url.pathname.slice(1);
  try {
    const body = readFileSync(new URL(path, root));
    res.writeHead(200, { 'content-type': types[path.split('.').pop()] ?? 'application/octet-stream', 'cache-control': 'max-age=3600' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
}).listen(8765, '127.0.0.1');
