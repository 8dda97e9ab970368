import { createServer, type Server, Socket } from 'node:net';
import { freePort } from './ports.js';

/**
 * A TCP forwarder between the store and one real dependency (PostgreSQL, Redis, NATS), for the fault
 * suites: `cut()` is the dependency going away — every open connection is reset and new ones are refused,
 * as when its server stops or its host is unreachable — and `restore()` brings it back on the same port.
 * The bytes are the real service's; nothing is imitated.
 */
export interface TcpProxy {
  port: number;
  /** `host:port` of the forwarder, to put in the store's URL instead of the service's. */
  address: string;
  /** A URL like `url` with its host and port replaced by the forwarder's. */
  via(url: string): string;
  cut(): Promise<void>;
  /** Open connections stop forwarding (a network that silently drops everything), until `cut`. */
  freeze(): void;
  restore(): Promise<void>;
  /** Connections open now (through the forwarder). */
  open(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = new Socket();
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        upstream.connect(target.port, target.host, () => {
          client.pipe(upstream);
          upstream.pipe(client);
        });
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve();
      });
    });
  const cut = async () => {
    const closing = server;
    server = undefined;
    const closed = closing ? new Promise<void>((resolve) => closing.close(() => resolve())) : undefined;
    // A reset, not a polite close: the peer sees its connection fail, as when the service dies.
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
    await closed;
  };
  await listen();
  return {
    port,
    address: `127.0.0.1:${port}`,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut,
    freeze() {
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    async restore() {
      if (!server) await listen();
    },
    open: () => sockets.size / 2,
    close: cut,
  };
}
