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

export default defineConfig({
  plugins: [preactInBrowser(), reactRouter()],
  build: { sourcemap: false },
});
