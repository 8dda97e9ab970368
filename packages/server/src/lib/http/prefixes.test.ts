import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { mountOnPrefixes } from './prefixes.js';

async function appWith(prefixes: readonly [string, ...string[]]) {
  const app = Fastify();
  await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } } });
  const seen: string[] = [];
  await mountOnPrefixes(
    app,
    async (scope, { greeting }: { greeting: string }) => {
      scope.get('', { schema: { summary: 'The list' } }, async () => ({ greeting }));
      scope.post(
        '/:id/rename',
        { schema: { summary: 'Rename', description: 'Renames it.' } },
        async (request) => ({ id: (request.params as { id: string }).id }),
      );
      scope.get('/internal', { schema: { hide: true } }, async () => ({}));
      scope.addHook('onRequest', async (request) => {
        seen.push(request.url);
      });
    },
    { greeting: 'hi' },
    prefixes,
  );
  await app.ready();
  return { app, seen };
}

describe('mountOnPrefixes', () => {
  it('serves the plugin under every prefix, with its options and hooks', async () => {
    const { app, seen } = await appWith(['/ecom/v1/things', '/v1/things']);
    for (const prefix of ['/ecom/v1/things', '/v1/things']) {
      expect((await app.inject(prefix)).json()).toEqual({ greeting: 'hi' });
      expect((await app.inject({ method: 'POST', url: `${prefix}/a/rename` })).json()).toEqual({ id: 'a' });
    }
    expect(seen).toEqual([
      '/ecom/v1/things',
      '/ecom/v1/things/a/rename',
      '/v1/things',
      '/v1/things/a/rename',
    ]);
    // `''` is the prefix itself, not also its trailing-slash form.
    expect((await app.inject('/v1/things/')).statusCode).toBe(404);
  });

  it('documents the first prefix, naming the others, and hides them', async () => {
    const { app } = await appWith(['/ecom/v1/things', '/v1/things', '/bare/things']);
    const spec = app.swagger() as { paths: Record<string, Record<string, { description?: string }>> };
    expect(Object.keys(spec.paths)).toEqual(['/ecom/v1/things', '/ecom/v1/things/{id}/rename']);
    expect(spec.paths['/ecom/v1/things']?.get?.description).toBe(
      'Also served at `/v1/things`, `/bare/things`.',
    );
    expect(spec.paths['/ecom/v1/things/{id}/rename']?.post?.description).toBe(
      'Renames it.\n\nAlso served at `/v1/things/:id/rename`, `/bare/things/:id/rename`.',
    );
  });

  it('names whole paths when the prefixes are the paths, and the outer prefix of a nested mount', async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } } });
    await app.register(
      async (outer) =>
        mountOnPrefixes(
          outer,
          async (scope) => {
            scope.post('', async () => ({ started: true }));
          },
          {},
          ['/v1/start', '/v1/Start'],
        ),
      { prefix: '/_api/verification' },
    );
    await app.ready();
    const spec = app.swagger() as { paths: Record<string, Record<string, { description?: string }>> };
    expect(Object.keys(spec.paths)).toEqual(['/_api/verification/v1/start']);
    expect(spec.paths['/_api/verification/v1/start']?.post?.description).toBe(
      'Also served at `/_api/verification/v1/Start`.',
    );
    expect((await app.inject({ method: 'POST', url: '/_api/verification/v1/Start' })).json()).toEqual({
      started: true,
    });
  });
});
