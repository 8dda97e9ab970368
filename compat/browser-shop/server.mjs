// compat/browser-shop: a third-party app whose store calls all run in the browser (compat/README.md).
// This server only bundles app.mjs with the public @wix/* packages (esbuild, at start) and serves one
// page shell for every path; it never talks to the store itself.
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';

const { PORT = '4100', WIX_API_BASE = 'http://localhost:3000', CLIENT_ID = '' } = process.env;
if (!CLIENT_ID) {
  console.error(
    'Set CLIENT_ID to the id of a public OAuth client registered for this app (compat/README.md).',
  );
  process.exit(1);
}

const started = Date.now();
const bundled = await build({
  entryPoints: [path.join(import.meta.dirname, 'app.mjs')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  write: false,
  logLevel: 'error',
});
const script = bundled.outputFiles[0].text;
console.log(`bundled app.js (${Math.round(script.length / 1024)} KB) in ${Date.now() - started} ms`);

const attr = (text) =>
  text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]);
const shell = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Browser Shop</title>
<meta name="wix-api-base" content="${attr(WIX_API_BASE)}">
<meta name="client-id" content="${attr(CLIENT_ID)}">
</head>
<body>
<header><nav aria-label="Shop"><a href="/">Products</a> <a href="/cart">Cart</a> <a href="/plans">Plans</a> <span id="who"></span></nav></header>
<main id="main">Loading…</main>
<script type="module" src="/app.js"></script>
</body>
</html>`;

const server = http.createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://app');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  if (pathname === '/app.js') {
    response.writeHead(200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
    });
    response.end(script);
    return;
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(shell);
});
server.listen(Number(PORT), '127.0.0.1', () => console.log(`browser-shop listening on ${PORT}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
