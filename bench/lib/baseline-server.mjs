// The yardstick every bench run measures first: bare Fastify answering a small JSON object, in its own
// process, exactly as the API server runs (one process, production mode, logging off).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
