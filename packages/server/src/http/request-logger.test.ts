import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { appLoggerOptions, OneLinePerRequest } from './request-logger.js';

/** A Fastify app logging JSON lines at `level` into an array. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    logController: new OneLinePerRequest({ requestIdLogLabel: 'requestId' }),
  });
  app.get('/work', async (request) => {
    request.log.info({ step: 'info' }, 'info line');
    request.log.warn({ step: 'warn' }, 'warn line');
    request.log.child({ part: 'inner' }).error('inner line');
    return { id: request.id };
  });
  app.get('/chatty', { logLevel: 'debug' }, async (request) => {
    request.log.debug('debug line');
    return { id: request.id };
  });
  app.get('/raise', async (request) => {
    const before = request.log.level;
    request.log.level = 'error';
    request.log.warn('dropped');
    request.log.error('kept');
    return { before, after: request.log.level };
  });
  await app.ready();
  return { app, lines };
}

describe('per-request loggers (pino children)', () => {
  it('writes enabled lines with the request id bound, and drops lines below the level', async () => {
    const { app, lines } = await appLoggingAt('warn');
    const { id } = (await app.inject('/work')).json();
    expect(lines.map((line) => line.msg)).toEqual(['warn line', 'inner line']);
    expect(lines[0]).toMatchObject({ requestId: id, step: 'warn', level: 40 });
    expect(lines[1]).toMatchObject({ requestId: id, part: 'inner', level: 50 });
  });

  it('logs one line per request at info (method, URL, status, time), and a route that logs more than the app', async () => {
    const { app, lines } = await appLoggingAt('info');
    const { id } = (await app.inject('/work?x=1')).json();
    const mine = lines.filter((line) => line.requestId === id);
    expect(mine.map((line) => line.msg)).toEqual([
      'info line',
      'warn line',
      'inner line',
      'request completed',
    ]);
    expect(mine[3]).toMatchObject({
      req: { method: 'GET', url: '/work?x=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });

    lines.length = 0;
    const chatty = (await app.inject('/chatty')).json();
    expect(lines.find((line) => line.msg === 'debug line')).toMatchObject({
      requestId: chatty.id,
      level: 20,
    });
  });

  it('reports the effective level and can be raised for one request', async () => {
    const { app, lines } = await appLoggingAt('warn');
    expect((await app.inject('/raise')).json()).toEqual({ before: 'warn', after: 'error' });
    expect(lines.map((line) => line.msg)).toEqual(['kept']);
  });
});

describe('the app logger', () => {
  it('is JSON in production, and in development when stdout is not a terminal', () => {
    expect(appLoggerOptions({ env: 'production', logLevel: 'info' }, true)).toEqual({ level: 'info' });
    expect(appLoggerOptions({ env: 'development', logLevel: 'debug' }, false)).toEqual({ level: 'debug' });
  });

  it('is pino-pretty in development with a terminal attached, and pino-pretty resolves', () => {
    const options = appLoggerOptions({ env: 'development', logLevel: 'info' }, true);
    expect(options).toMatchObject({ level: 'info', transport: { target: 'pino-pretty' } });
    // pino loads the target by name in its worker: it must be a dependency of the server package.
    expect(() => createRequire(import.meta.url).resolve('pino-pretty')).not.toThrow();
  });
});
