// Size report: bundles what a storefront typically imports (createClient, then products, currentCart,
// checkout and auth through it), minified for browsers, and prints the minified and gzipped sizes. Also
// checks tree-shaking: importing the package and using nothing must bundle to (almost) nothing.
// Run: npm run size -w @openshelf/sdk

import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const TARGET_GZIP_BYTES = 15 * 1024;
const entry = new URL('../src/index.ts', import.meta.url).pathname;

const cases = [
  {
    name: 'storefront (createClient + products, currentCart, checkout, auth)',
    code: `import { createClient, cookieStorage, documentCookie } from ${JSON.stringify(entry)};
      const client = createClient({ baseUrl: location.origin, clientId: 'c', storage: cookieStorage(documentCookie('t')) });
      export const run = async () => {
        const page = await client.products.query().eq('visible', true).limit(12).find();
        await client.currentCart.addToCart({ lineItems: [{ catalogReference: { catalogItemId: page.items[0].id } }] });
        const { checkoutId } = await client.currentCart.createCheckout();
        await client.checkout.createOrder(checkoutId);
        return client.auth.login({ email: 'a@b.c', password: 'p' });
      };`,
  },
  { name: 'import only (tree-shaking check)', code: `import ${JSON.stringify(entry)};` },
];

let failed = false;
for (const { name, code } of cases) {
  const result = await build({
    stdin: { contents: code, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  const gzip = gzipSync(bytes, { level: 9 }).length;
  console.log(`${name}: ${bytes.length} B min, ${gzip} B min+gz (${(gzip / 1024).toFixed(1)} KB)`);
  if (name.startsWith('storefront') && gzip > TARGET_GZIP_BYTES) {
    console.error(`  over the ${TARGET_GZIP_BYTES} B target: look for what grew with esbuild --analyze`);
    failed = true;
  }
  if (name.startsWith('import only') && bytes.length > 100) {
    console.error(
      '  importing the package without using it keeps code: a module has a top-level side effect',
    );
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
