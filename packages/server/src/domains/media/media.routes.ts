import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, invalidField } from '../../lib/http/errors.js';
import { requireMerchant } from '../access/index.js';
import {
  contentTypeOf,
  parseWidth,
  pickFormat,
  type RendersInFlight,
  resizedImage,
} from './image-variants.service.js';
import {
  EmptyResponse,
  ListMediaQuery,
  ListMediaResponse,
  type MediaFileOut,
  MediaIdParams,
  ServeMediaParams,
  ServeMediaQuery,
  UploadMediaResponse,
} from './media.contract.js';
import { isMediaFileType, MEDIA_FILE_TYPES } from './media.schema.js';
import {
  deleteMediaFile,
  getMediaFiles,
  listMediaFiles,
  type MediaFile,
  mediaPath,
  saveMediaFile,
} from './media.service.js';
import type { MediaStorage } from './media-storage.adapter.js';

// Files under an id never change (a new upload gets a new id), so they may be cached for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The media library (merchant uploads) and the public `/media/...` file server with resizing. */
export const mediaRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  config: Pick<Config, 'publicUrl' | 'mediaMaxUploadBytes'>;
  storage: MediaStorage;
}> = async (app, { db, config, storage }) => {
  const rendersInFlight: RendersInFlight = new Map();
  const tags = ['media'];
  const toWire = (file: MediaFile): Static<typeof MediaFileOut> => ({
    id: file.id,
    fileName: file.fileName,
    mimeType: file.mimeType,
    mediaType: file.mediaType,
    sizeBytes: file.sizeBytes,
    ...(file.width !== null ? { width: file.width } : {}),
    ...(file.height !== null ? { height: file.height } : {}),
    visibility: file.visibility,
    ...(file.visibility === 'public' ? { url: `${config.publicUrl}${mediaPath(file)}` } : {}),
    createdDate: file.createdDate,
  });

  await app.register(multipart, {
    limits: { fileSize: config.mediaMaxUploadBytes, files: 1, fields: 5, fieldSize: 1000 },
  });

  app.post(
    '/admin-api/v1/media',
    {
      schema: {
        summary:
          'Upload a file to the media library (multipart/form-data, field "file"; optional fields "visibility": public|private and "mediaType": the only kind wanted, e.g. image). The type is read from the content: JPEG, PNG, WebP, AVIF, GIF, MP4, WebM, QuickTime, MP3, WAV, Ogg, M4A, PDF, EPUB or ZIP',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: UploadMediaResponse },
      },
      onRequest: requireMerchant(),
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload as multipart/form-data', {
          status: 415,
          description: 'Send the file as multipart/form-data with the file in a part named "file".',
        });
      }
      const part = await request.file();
      if (!part)
        throw invalidField('file', 'REQUIRED_FIELD', 'is required: add the file as a part named "file"');
      const data = await part.toBuffer();
      const field = (name: string) => {
        const value = part.fields[name];
        return value && 'value' in value ? String(value.value) : undefined;
      };
      const visibility = field('visibility') ?? 'public';
      if (visibility !== 'public' && visibility !== 'private') {
        throw invalidField('visibility', 'INVALID_ENUM_VALUE', 'must be one of: public, private', {
          allowedValues: ['public', 'private'],
        });
      }
      const mediaType = field('mediaType');
      if (mediaType !== undefined && !isMediaFileType(mediaType)) {
        throw invalidField(
          'mediaType',
          'INVALID_ENUM_VALUE',
          `must be one of: ${MEDIA_FILE_TYPES.join(', ')}`,
          {
            allowedValues: [...MEDIA_FILE_TYPES],
          },
        );
      }
      const file = await saveMediaFile(db, storage, {
        fileName: part.filename,
        data,
        visibility,
        ...(mediaType ? { mediaType } : {}),
      });
      return { file: toWire(file) };
    },
  );

  app.get(
    '/admin-api/v1/media',
    {
      schema: {
        summary: 'List the media library',
        tags,
        querystring: ListMediaQuery,
        response: { 200: ListMediaResponse },
      },
      onRequest: requireMerchant(),
    },
    async (request) => {
      const { files, metadata } = await listMediaFiles(db, request.query);
      return { files: files.map(toWire), metadata };
    },
  );

  app.delete(
    '/admin-api/v1/media/:id',
    {
      schema: {
        summary: 'Delete a media file',
        tags,
        params: MediaIdParams,
        response: { 200: EmptyResponse },
      },
      onRequest: requireMerchant(),
    },
    async (request) => {
      await deleteMediaFile(db, storage, request.params.id);
      return {};
    },
  );

  app.get(
    '/media/:id/:fileName',
    {
      schema: {
        summary: 'A media file; images resized with ?w= and converted to AVIF/WebP by Accept',
        tags,
        params: ServeMediaParams,
        querystring: ServeMediaQuery,
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const width = parseWidth(request.query.w);
      const [file] = await getMediaFiles(db, [request.params.id]);
      if (file?.visibility !== 'public' || file.fileName !== request.params.fileName) {
        throw new AppError('MEDIA_FILE_NOT_FOUND', 'Media file not found', {
          status: 404,
          description: 'No public media file has this id and name. Use the url the API returned for it.',
          data: { mediaFileId: request.params.id },
        });
      }
      reply.header('cache-control', IMMUTABLE);
      reply.header('x-content-type-options', 'nosniff');
      if (width !== undefined && file.mediaType === 'image') {
        const format = pickFormat(request.headers.accept, file);
        const image = await resizedImage(storage, rendersInFlight, file, width, format);
        if (image) {
          reply.header('vary', 'Accept');
          return reply.type(contentTypeOf(format)).send(image);
        }
      }
      const original = await storage.stream(file.storageKey);
      if (!original) throw new AppError('MEDIA_FILE_NOT_FOUND', 'Media file not found', { status: 404 });
      reply.header('content-length', original.size);
      if (file.mediaType !== 'image')
        reply.header('content-disposition', `inline; filename="${file.fileName}"`);
      return reply.type(file.mimeType).send(original.body);
    },
  );
};
