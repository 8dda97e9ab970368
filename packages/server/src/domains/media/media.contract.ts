import Type from 'typebox';
import { DateTimeOut, StringEnum } from '../../lib/http/wire.js';
import { OffsetPagingSchema, PagingMetadataSchema } from '../../lib/paging.js';
import { MEDIA_FILE_TYPES } from './media.schema.js';

export const MediaFileOut = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  mimeType: Type.String(),
  mediaType: StringEnum(MEDIA_FILE_TYPES),
  sizeBytes: Type.Integer(),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  visibility: StringEnum(['public', 'private'] as const),
  url: Type.Optional(Type.String({ description: 'Absolute URL (public files only)' })),
  createdDate: DateTimeOut(),
});

export const UploadMediaResponse = Type.Object({ file: MediaFileOut });
export const ListMediaQuery = Type.Object({
  limit: Type.Optional(OffsetPagingSchema.properties.limit),
  offset: Type.Optional(OffsetPagingSchema.properties.offset),
});
export const ListMediaResponse = Type.Object({
  files: Type.Array(MediaFileOut),
  metadata: PagingMetadataSchema,
});
export const MediaIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const ServeMediaParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  fileName: Type.String({ minLength: 1, maxLength: 200 }),
});
export const ServeMediaQuery = Type.Object({
  w: Type.Optional(
    Type.String({ description: 'Width: 16 32 48 64 96 128 256 384 640 750 828 1080 1200 1920 2048 3840' }),
  ),
});
export const EmptyResponse = Type.Object({});
