#!/usr/bin/env node
// A health probe for supervisors without curl (a slim container's HEALTHCHECK, a systemd watchdog
// script): asks this machine's store for /healthz (liveness, the default) or /readyz (`--ready`: the
// database answers and the store is not shutting down) and exits 0 when it answers 200, 1 otherwise,
// saying why on one line. PORT is the store's (default 3000); HEALTHCHECK_URL overrides the whole URL.
const ready = process.argv.includes('--ready');
const url =
  process.env.HEALTHCHECK_URL ??
  `http://127.0.0.1:${process.env.PORT || 3000}/${ready ? 'readyz' : 'healthz'}`;
try {
  const reply = await fetch(url, {
    signal: AbortSignal.timeout(Number(process.env.HEALTHCHECK_TIMEOUT_MS) || 3000),
  });
  const body = await reply.text();
  if (reply.status === 200) {
    console.log(`healthy: ${url} answered ${body}`);
    process.exit(0);
  }
  console.log(`unhealthy: ${url} answered ${reply.status} ${body}`);
} catch (error) {
  console.log(`unhealthy: ${url} did not answer (${error instanceof Error ? error.message : error})`);
}
process.exit(1);
