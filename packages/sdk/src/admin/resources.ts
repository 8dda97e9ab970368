import type { Transport } from '../transport.js';
import type { ListMetadata, Paging } from './types.js';

/**
 * The admin API's usual resource shape: `GET base` lists `{[plural]: [...]}`, `POST base` creates from
 * `{[singular]: input}`, `GET|PATCH|DELETE base/{id}` read, change and delete one `{[singular]: entity}`.
 */
export function resource<Entity, Input>(
  transport: Transport,
  base: string,
  singular: string,
  plural: string,
) {
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  const unwrap = async (reply: Promise<Record<string, unknown>>) => (await reply)[singular] as Entity;
  return {
    async list(): Promise<Entity[]> {
      const reply = await transport.request<Record<string, unknown>>({ method: 'GET', path: base });
      return reply[plural] as Entity[];
    },
    get: (id: string): Promise<Entity> => unwrap(transport.request({ method: 'GET', path: one(id) })),
    create: (input: Input): Promise<Entity> =>
      unwrap(transport.request({ method: 'POST', path: base, body: { [singular]: input } })),
    update: (id: string, input: Input): Promise<Entity> =>
      unwrap(transport.request({ method: 'PATCH', path: one(id), body: { [singular]: input } })),
    async delete(id: string): Promise<void> {
      await transport.request({ method: 'DELETE', path: one(id) });
    },
  };
}

/** Lists with offset paging (`?limit=&offset=` plus filters) answering `{[plural]: [...], metadata}`. */
export async function pagedList<Entity, Params extends Paging = Paging>(
  transport: Transport,
  path: string,
  plural: string,
  params: Params,
): Promise<{ items: Entity[]; metadata: ListMetadata }> {
  const query: Record<string, string | number> = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  );
  const reply = await transport.request<Record<string, unknown>>({ method: 'GET', path, query });
  return { items: reply[plural] as Entity[], metadata: reply.metadata as ListMetadata };
}
