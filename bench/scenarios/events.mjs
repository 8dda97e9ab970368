// Event delivery under load (issue #6): autocannon creates products through the API (each write records
// `catalog.product.created` in the outbox), while a webhook receiver on loopback measures the delay from
// the event's occurredAt to its arrival. Reports the write rate sustained and the delivery lag p50/p99.
import { createServer } from 'node:http';
import { createDatabase, log, runCliCapture, serverEntry, startProcess, tempDir } from '../lib/harness.mjs';

/** Waits until the receiver stops receiving (the dispatcher drained what was queued); sorted lags. */
async function drained(receiver) {
  let seen = -1;
  for (let waited = 0; waited < 120 && seen !== receiver.lags.length; waited++) {
    seen = receiver.lags.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return [...receiver.lags].sort((a, b) => a - b);
}

function lagNotes(label, sorted) {
  const notes = {
    [`${label}: events delivered`]: sorted.length,
    [`${label}: delivery lag p50 ms`]: percentile(sorted, 50),
    [`${label}: delivery lag p99 ms`]: percentile(sorted, 99),
    [`${label}: delivery lag max ms`]: sorted.at(-1) ?? 0,
  };
  log(
    `events (${label}): ${sorted.length} delivered; lag p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, max ${sorted.at(-1) ?? 0} ms`,
  );
  return notes;
}

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
    const createProducts = {
      method: 'POST',
      headers: { authorization: key, 'content-type': 'application/json' },
      // Distinct names, as a merchant's products have: identical names all queue on one slug lock
      // (product-slugs.service.ts) and measure that lock instead of the write path.
      body: JSON.stringify({
        product: { name: 'Bench mug [<id>]', productType: 'physical', priceData: { price: 12.5 } },
      }),
      idReplacement: true,
      serverPid: server.pid,
    };
    try {
      // Saturated: as many writes as the server takes — the lag then includes the backlog they build.
      const row = await measure('create product + webhook (PostgreSQL)', `${server.url}/stores/v1/products`, {
        ...createProducts,
      });
      rows.push(row);
      Object.assign(
        notes,
        { writesPerSecond: row.requestsPerSecond },
        lagNotes('saturated', await drained(receiver)),
      );
      // A steady store: 20 product writes a second, the lag a subscriber sees when nothing queues.
      receiver.lags.length = 0;
      rows.push(
        await measure('create product + webhook, 20/s (PostgreSQL)', `${server.url}/stores/v1/products`, {
          ...createProducts,
          connections: 4,
          overallRate: 20,
        }),
      );
      Object.assign(notes, lagNotes('at 20 writes/s', await drained(receiver)));
    } finally {
      await server.stop();
    }
  } finally {
    await receiver.close();
    await database.drop();
  }
  return { rows, notes };
}
