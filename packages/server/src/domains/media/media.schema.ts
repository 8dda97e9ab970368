import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from '../../db/columns.js';

export const MEDIA_FILE_TYPES = ['image', 'video', 'audio', 'document', 'zip'] as const;
export type MediaFileType = (typeof MEDIA_FILE_TYPES)[number];
export const isMediaFileType = (value: string): value is MediaFileType =>
  (MEDIA_FILE_TYPES as readonly string[]).includes(value);

/**
 * The media library: files merchants uploaded (or the demo seed rendered). The bytes live in a
 * MediaStorage (local disk by default) under `storage_key`; this row is what the catalog refers to.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: idColumn(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    mediaType: text('media_type').$type<MediaFileType>().notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: text('storage_key').notNull(),
    /** Private files (digital products) are never served under /media. */
    visibility: text('visibility').$type<'public' | 'private'>().notNull().default('public'),
    createdDate: timestampColumn('created_date').notNull().defaultNow(),
  },
  (table) => [index('media_files_created_idx').on(table.createdDate)],
);
