import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * In the browser, React and React DOM are Preact's compatible core (ADR 038): React DOM alone was 64 KB of
 * gzip, more than two thirds of a page's budget. Pages are still rendered on the server by React.
 */
const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};
// Resolved from this app, whose dependency Preact is, whichever package imports React.
const APP_ROOT = fileURLToPath(new URL('./app/root.tsx', import.meta.url));

function preactInBrowser(): Plugin {
  return {
    name: 'openshelf:preact-in-browser',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, _importer, options) {
      const target = PREACT[source];
      return target ? this.resolve(target, APP_ROOT, { ...options, skipSelf: true }) : null;
    },
  };
}

/**
 * On the server, React Router's production build. Its package exports have no `production` condition for
 * Node, so a bare `react-router` resolves to dist/development, whose dev warnings run on every render. It
 * is bundled into the server build instead, and the hosting server takes `createRequestHandler` from the
 * build (entry.server.tsx), so the handler and the routes share this one copy (React Router checks
 * `instanceof RouterContextProvider`). Its own dependencies (cookie, set-cookie-parser) are bundled with
 * it, resolved from its directory: other packages hoist other majors of them.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(APP_ROOT).resolve('react-router')), // …/dist/development/index.js
  '../production/index.mjs',
);
const REACT_ROUTER_DIR = path.resolve(REACT_ROUTER_PRODUCTION, '../../..');
const fromReactRouter = createRequire(REACT_ROUTER_PRODUCTION);

function productionReactRouterOnServer(): Plugin {
  return {
    name: 'openshelf:production-react-router-on-server',
    enforce: 'pre',
    // The dev server keeps React Router's development build and its warnings.
    apply: 'build',
    applyToEnvironment: (environment) => environment.name !== 'client',
    resolveId(source, importer) {
      if (source === 'react-router') return { id: REACT_ROUTER_PRODUCTION, external: false };
      if (!importer?.startsWith(REACT_ROUTER_DIR) || source.startsWith('.') || source.startsWith('react'))
        return null;
      return { id: fromReactRouter.resolve(source), external: false };
    },
  };
}

export default defineConfig({
  plugins: [preactInBrowser(), productionReactRouterOnServer(), reactRouter()],
  build: { sourcemap: false },
});
