import { boolean, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from '../../db/columns.js';
import type { CatalogMediaItem } from './catalog.types.js';

/**
 * Collections. Membership is stored on the product (`products.collection_ids`), so the number of
 * products is counted from there and can never disagree with it.
 */
export const collections = pgTable(
  'collections',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    visible: boolean('visible').notNull().default(true),
    media: jsonb('media').$type<CatalogMediaItem[]>().notNull().default([]),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
    lastUpdated: timestampColumn('last_updated').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('collections_slug_idx').on(table.slug)],
);
