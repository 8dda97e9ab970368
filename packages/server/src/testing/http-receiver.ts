import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; entityId: string; data: Record<string, unknown> };
}

/**
 * A real HTTP server on loopback that records what it receives and answers with the status the test
 * chooses per request (e.g. fail three times, then succeed).
 */
export async function startReceiver(
  respond: (request: ReceivedRequest, index: number) => number | Promise<number> = () => 200,
) {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      const request = { headers: req.headers, body, json: JSON.parse(body) };
      const index = received.push(request) - 1;
      res.statusCode = await respond(request, index);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
