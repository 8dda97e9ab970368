import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/**
 * Serves a route plugin under several path prefixes: the protocol's (what existing clients call, e.g.
 * `/ecom/v1/checkouts`) and the spec's bare ones (`/v1/checkouts`). The plugin declares its routes
 * relative to the prefix and is registered once per prefix with Fastify's `prefix`, so every path has the
 * same handler, schema and hooks. Anything that must exist once (a cache, a hook on the routes of all
 * prefixes) belongs to the caller, not to the plugin, which runs once per prefix.
 *
 * The first prefix is the documented one: its routes name the others in their description ("Also served
 * at …"). The routes under the other prefixes are hidden from the OpenAPI document.
 *
 * Paths that share no prefix are still prefixes of the route's own path: `/_api/iam/authentication` and
 * `''` for `/v2/login`, or whole paths for a plugin whose one route is at `''`.
 *
 * @example
 * await mountOnPrefixes(app, cartRoutes, deps, ['/ecom/v1/carts/current', '/v1/carts/current']);
 */
export async function mountOnPrefixes<
  Options extends FastifyPluginOptions,
  Provider extends FastifyTypeProvider,
>(
  app: FastifyInstance<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    FastifyBaseLogger,
    Provider
  >,
  plugin: FastifyPluginAsync<Options, RawServerDefault, Provider>,
  options: Options,
  prefixes: readonly [string, ...string[]],
): Promise<void> {
  const [documented, ...aliases] = prefixes;
  displayName(plugin, plugin.name);
  await app.register(
    displayName(async (scope) => {
      if (aliases.length > 0)
        scope.addHook('onRoute', (route) => {
          if (route.schema?.hide) return;
          const path = route.url.slice(scope.prefix.length);
          const also = `Also served at ${aliases.map((alias) => `\`${app.prefix}${alias}${path}\``).join(', ')}.`;
          const description = route.schema?.description;
          route.schema = { ...route.schema, description: description ? `${description}\n\n${also}` : also };
        });
      await scope.register(plugin, options);
    }, `${plugin.name} at ${documented}`),
    { prefix: documented },
  );
  for (const alias of aliases)
    await app.register(
      displayName(async (scope) => {
        scope.addHook('onRoute', (route) => {
          route.schema = { ...route.schema, hide: true };
        });
        await scope.register(plugin, options);
      }, `${plugin.name} at ${alias}`),
      { prefix: alias },
    );
}

const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Gives a plugin the name Fastify shows in its errors and boot tree (what `fastify-plugin`'s `name` sets).
 * Without one, Fastify looks for the function among the exports of every module in `require.cache`, twice
 * per registration: ~280 registrations × ~550 modules, 11% of building the app.
 */
function displayName<Plugin extends (...args: never[]) => unknown>(plugin: Plugin, name: string): Plugin {
  (plugin as Plugin & { [DISPLAY_NAME]?: string })[DISPLAY_NAME] ??= name;
  return plugin;
}
