import fc from 'fast-check';
import { Histogram, type Metric, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteLatencyHistogram } from './route-latency.js';

describe('RouteLatencyHistogram', () => {
  it("exports exactly what prom-client's Histogram exports for the same observations", async () => {
    const observation = fc.record({
      method: fc.constantFrom('GET', 'POST'),
      route: fc.constantFrom('/healthz', '/stores-reader/v1/products/query', '/ecom/v1/carts/:id'),
      statusCode: fc.constantFrom(200, 204, 301, 404, 429, 500),
      // Bounds themselves included: a value equal to a bound counts in that bucket.
      seconds: fc.oneof(
        fc.constantFrom(0, 0.001, 0.005, 0.25, 5, 7),
        fc.double({ min: 0, max: 10, noNaN: true }),
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 40 }), async (observations) => {
        const mine = new Registry();
        const ours = new RouteLatencyHistogram();
        mine.registerMetric(ours as unknown as Metric);
        const reference = new Registry();
        const theirs = new Histogram({
          name: 'http_request_duration_seconds',
          help: 'HTTP request latency by route pattern, method and status class',
          labelNames: ['method', 'route', 'status'] as const,
          buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
          registers: [reference],
        });
        for (const { method, route, statusCode, seconds } of observations) {
          ours.observe(method, route, statusCode, seconds);
          theirs.observe({ method, route, status: `${Math.floor(statusCode / 100)}xx` }, seconds);
        }
        expect(await mine.metrics()).toBe(await reference.metrics());
      }),
      { numRuns: 300 },
    );
  });

  it('starts over on reset', async () => {
    const registry = new Registry();
    const histogram = new RouteLatencyHistogram();
    registry.registerMetric(histogram as unknown as Metric);
    histogram.observe('GET', '/healthz', 200, 0.002);
    expect(await registry.metrics()).toContain(
      'http_request_duration_seconds_count{method="GET",route="/healthz",status="2xx"} 1',
    );
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('route="/healthz"');
  });
});
