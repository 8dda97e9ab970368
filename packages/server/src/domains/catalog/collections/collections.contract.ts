import Type, { type Static } from 'typebox';
import { DateTimeOut } from '../../../lib/http/wire.js';
import { OffsetPagingSchema, PagingMetadataSchema } from '../../../lib/paging.js';
import { LIMITS } from '../catalog.types.js';
import { MediaOut } from '../products/products.contract.js';
import { MediaReadShape, MediaWrite } from '../products/products-write.contract.js';

export const CollectionOut = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  visible: Type.Boolean(),
  numberOfProducts: Type.Integer(),
  media: MediaOut,
  createdDate: DateTimeOut(),
  lastUpdated: DateTimeOut(),
});
export type CollectionWire = Static<typeof CollectionOut>;

export const CollectionResponse = Type.Object({ collection: CollectionOut });

const collectionFields = (create: boolean) => {
  const name = Type.String({ minLength: 1, maxLength: LIMITS.collectionNameLength });
  return {
    name: create ? name : Type.Optional(name),
    slug: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.slugLength })),
    description: Type.Optional(Type.String({ maxLength: LIMITS.collectionDescriptionLength })),
    visible: Type.Optional(Type.Boolean()),
    media: Type.Optional(
      Type.Union([Type.Array(MediaWrite, { maxItems: 10 }), MediaReadShape], {
        description: 'Ours: library files or URLs (the first is the main media)',
      }),
    ),
  };
};
export const CollectionCreate = Type.Object(collectionFields(true));
export const CollectionUpdate = Type.Object(collectionFields(false));
export const CreateCollectionRequest = Type.Object({ collection: CollectionCreate });
export const UpdateCollectionRequest = Type.Object({ collection: CollectionUpdate });

export const CollectionIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const CollectionSlugParams = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: LIMITS.slugLength }),
});
export const ProductIdsRequest = Type.Object({
  productIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1000 }),
});

/** `{query: {filter, sort, paging}}`; filter and sort may be JSON strings (REST form) or values. */
export const QueryBody = Type.Object({
  query: Type.Optional(
    Type.Object({
      filter: Type.Optional(Type.Unknown()),
      sort: Type.Optional(Type.Unknown()),
      paging: Type.Optional(OffsetPagingSchema),
    }),
  ),
});

export const QueryCollectionsResponse = Type.Object({
  collections: Type.Array(CollectionOut),
  metadata: PagingMetadataSchema,
  totalResults: Type.Optional(Type.Integer()),
});
