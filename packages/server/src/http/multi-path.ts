/**
 * Serves one route on several paths: the protocol's paths (what the existing clients send, e.g.
 * `/_api/iam/authentication/v2/login`) and the spec's bare paths (`/v2/login`) share one schema and one
 * handler. `register` is called once per path; spread `docs` into the schema so that only the first path
 * is listed in the API reference and the others are documented as its aliases.
 *
 * @example
 * onPaths(['/_api/iam/authentication/v2/login', '/v2/login'], (url, docs) =>
 *   app.post(url, { schema: { ...docs, body: LoginRequest } }, handler));
 */
export function onPaths(
  paths: readonly string[],
  register: (url: string, docs: { hide?: boolean }) => unknown,
): void {
  paths.forEach((url, index) => {
    register(url, index === 0 ? {} : { hide: true });
  });
}
