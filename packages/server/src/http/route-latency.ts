/*
 * The per-route latency histogram (http_request_duration_seconds), kept as plain counters and exported
 * through prom-client's registry in its histogram format. prom-client's own Histogram validates and
 * hashes the label set on every observation — per request, a visible share of a cached read — where
 * this finds the series by one string key and bumps one bucket.
 */

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Series {
  labels: { method: string; route: string; status: string };
  /** Observations per bucket (not cumulative); the last slot counts those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

export class RouteLatencyHistogram {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'HTTP request latency by route pattern, method and status class';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series = new Map<string, Series>();

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    const status = `${Math.floor(statusCode / 100)}xx`;
    const key = `${method} ${status} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status },
        counts: new Array(BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, series);
    }
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > (BUCKETS[bucket] as number)) bucket++;
    series.counts[bucket] = (series.counts[bucket] as number) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The registry's view: cumulative buckets with `le`, then `+Inf`, `_sum` and `_count` per series. */
  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: Sample[] }> {
    const values: Sample[] = [];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      let cumulative = 0;
      BUCKETS.forEach((bound, index) => {
        cumulative += counts[index] as number;
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { le: bound, ...labels },
          value: cumulative,
        });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.#series.clear();
  }
}
