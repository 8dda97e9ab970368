/**
 * Serves one route on several paths: the protocol's paths (what the existing clients send, e.g.
 * `/_api/iam/authentication/v2/login`) and the spec's bare paths (`/v2/login`) share one schema and one
 * handler. `register` is called once per path; spread `docs` into the schema: the first path is listed in
 * the API reference with the others named as its aliases, which are not listed themselves.
 *
 * @example
 * onPaths(['/_api/iam/authentication/v2/login', '/v2/login'], (url, docs) =>
 *   app.post(url, { schema: { ...docs, body: LoginRequest } }, handler));
 */
export function onPaths(
  paths: readonly string[],
  register: (url: string, docs: { hide?: boolean; description?: string }) => unknown,
): void {
  const aliases = paths.slice(1);
  paths.forEach((url, index) => {
    if (index > 0) register(url, { hide: true });
    else
      register(
        url,
        aliases.length > 0
          ? { description: `Also served at ${aliases.map((a) => `\`${a}\``).join(', ')}.` }
          : {},
      );
  });
}
