import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // Browsers load the whole route manifest (one immutable file, ~2 KB of gzip, which the page-weight
  // report already counted) instead of each page carrying the part it may navigate to and asking
  // /__manifest for more: working that part out matched every route three times per render (ADR 040).
  routeDiscovery: { mode: 'initial' },
  // React Router 8 needs Node 22; these flags make the move a version bump, not a rewrite.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
