import type { ListMetadata } from '../entities/index.js';
import type { Transport } from '../transport.js';
import { type RevivePaths, reviveEntity } from '../wire.js';
import type { Paging } from './types.js';

/**
 * The admin API's usual resource shape: `GET base` lists `{[plural]: [...]}`, `POST base` creates from
 * `{[singular]: input}`, `GET|PATCH|DELETE base/{id}` read, change and delete one `{[singular]: entity}`.
 * Entities are revived by `wire` (dates, numbers), as every entity the SDK returns.
 */
export function resource<Entity, CreateInput, UpdateInput>(
  transport: Transport,
  base: string,
  singular: string,
  plural: string,
  wire: RevivePaths,
) {
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  const revive = (entity: unknown) => reviveEntity<Entity>(entity, wire);
  const unwrap = async (reply: Promise<Record<string, unknown>>) => revive((await reply)[singular]);
  return {
    async list(): Promise<Entity[]> {
      const reply = await transport.request<Record<string, unknown[]>>({ method: 'GET', path: base });
      return (reply[plural] ?? []).map(revive);
    },
    get: (id: string): Promise<Entity> => unwrap(transport.request({ method: 'GET', path: one(id) })),
    create: (input: CreateInput): Promise<Entity> =>
      unwrap(transport.request({ method: 'POST', path: base, body: { [singular]: input } })),
    update: (id: string, input: UpdateInput): Promise<Entity> =>
      unwrap(transport.request({ method: 'PATCH', path: one(id), body: { [singular]: input } })),
    async delete(id: string): Promise<void> {
      await transport.request({ method: 'DELETE', path: one(id) });
    },
  };
}

/**
 * Lists with offset paging (`?limit=&offset=` plus filters) answering `{[plural]: [...], metadata}`, the
 * items revived by `wire`.
 */
export async function pagedList<Entity, Params extends Paging = Paging>(
  transport: Transport,
  path: string,
  plural: string,
  params: Params,
  wire: RevivePaths,
): Promise<{ items: Entity[]; metadata: ListMetadata }> {
  const query: Record<string, string | number> = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  );
  const reply = await transport.request<Record<string, unknown>>({ method: 'GET', path, query });
  return {
    items: (reply[plural] as unknown[]).map((item) => reviveEntity<Entity>(item, wire)),
    metadata: reply.metadata as ListMetadata,
  };
}
