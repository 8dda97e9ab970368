import { createServer } from 'node:net';

/*
 * A port for a test server to listen on. Picked below Linux's ephemeral range (32768–60999), where the
 * outgoing connections of every other test (database pools, HTTP clients) take their local ports —
 * a random port up there can be taken by one of them between the pick and the child's listen.
 */
const LOW = 20_000;
const HIGH = 32_000;

function canListen(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH} after 50 tries: is something holding them?`);
}
