// Event delivery under load (issue #6): autocannon creates products through the API (each write records
// `catalog.product.created` in the outbox), while a webhook receiver on loopback measures the delay from
// the event's occurredAt to its arrival. Reports the write rate sustained and the delivery lag p50/p99.
import { createServer } from 'node:http';
import { createDatabase, log, runCliCapture, serverEntry, startProcess, tempDir } from '../lib/harness.mjs';

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function startReceiver() {
  const lags = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const event = JSON.parse(body);
      lags.push(Date.now() - Date.parse(event.occurredAt));
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    lags,
    close: () => new Promise((r) => server.close(r)),
  };
}

export async function run({ measure }) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const rows = [];
  const notes = {};
  log('events: fresh PostgreSQL database, a webhook receiver on loopback');
  const database = await createDatabase(adminUrl, 'events');
  const receiver = await startReceiver();
  try {
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: tempDir('events'),
      EVENTS_DISPATCH: 'on',
      DEMO_CATALOG: 'false',
    };
    const key = runCliCapture(['apikeys', 'create', '--name', 'bench', '--role', 'owner'], env).match(
      /osk_[A-Za-z0-9_]+/,
    )?.[0];
    if (!key) throw new Error('could not create an owner API key for the events bench');
    runCliCapture(['webhooks', 'create', '--url', receiver.url, '--events', 'catalog.product.created'], env);
    const server = await startProcess('events server', [serverEntry], env);
    try {
      const row = await measure('create product + webhook (PostgreSQL)', `${server.url}/stores/v1/products`, {
        method: 'POST',
        headers: { authorization: key, 'content-type': 'application/json' },
        // Distinct names, as a merchant's products have: identical names all queue on one slug lock
        // (product-slugs.ts) and measure that lock instead of the write path.
        body: JSON.stringify({
          product: { name: 'Bench mug [<id>]', productType: 'physical', priceData: { price: 12.5 } },
        }),
        idReplacement: true,
      });
      rows.push(row);
      // Let the dispatcher drain what the writes queued, then read the lag distribution.
      let seen = -1;
      for (let waited = 0; waited < 120 && seen !== receiver.lags.length; waited++) {
        seen = receiver.lags.length;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const sorted = [...receiver.lags].sort((a, b) => a - b);
      Object.assign(notes, {
        eventsDelivered: sorted.length,
        writesPerSecond: row.requestsPerSecond,
        deliveryLagP50Ms: percentile(sorted, 50),
        deliveryLagP99Ms: percentile(sorted, 99),
        deliveryLagMaxMs: sorted.at(-1) ?? 0,
      });
      log(
        `events: ${sorted.length} delivered; lag p50 ${notes.deliveryLagP50Ms} ms, p99 ${notes.deliveryLagP99Ms} ms, max ${notes.deliveryLagMaxMs} ms`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await receiver.close();
    await database.drop();
  }
  return { rows, notes };
}
