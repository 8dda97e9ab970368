// The yardstick every bench run measures first: bare Fastify answering a small JSON object, in its own
// process, exactly as the API server runs (one process, production mode, logging off). `/bytes/:size`
// answers a JSON body of that many bytes, built once: bare Fastify sending as much as a scenario's
// reply, to tell the cost of the bytes from the cost of the server's work.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const bodies = new Map();
app.get('/bytes/:size', async (request, reply) => {
  const size = Math.min(Math.max(Number(request.params.size) || 0, 16), 4 * 1024 * 1024);
  let body = bodies.get(size);
  if (!body) {
    body = Buffer.from(JSON.stringify({ data: 'x'.repeat(size - 12) }));
    bodies.set(size, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
