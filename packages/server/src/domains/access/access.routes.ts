import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import {
  ApiKeyIdParams,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  ListApiKeysResponse,
  RevokeApiKeyResponse,
} from './access.contract.js';
import { createApiKey, listApiKeys, revokeApiKey } from './apikeys.service.js';
import { requireMerchant } from './auth.plugin.js';

/** Merchant API keys, managed by the store owner (the CLI offers the same operations). */
export const accessRoutes: FastifyPluginAsyncTypebox<{ db: Db; onRevoke: () => void }> = async (
  app,
  { db, onRevoke },
) => {
  const ownerOnly = requireMerchant({ ownerOnly: true });
  const tags = ['admin: api keys'];

  app.get(
    '/admin-api/v1/api-keys',
    {
      schema: { summary: 'List API keys', tags, response: { 200: ListApiKeysResponse } },
      preHandler: ownerOnly,
    },
    async () => ({ apiKeys: await listApiKeys(db) }),
  );

  app.post(
    '/admin-api/v1/api-keys',
    {
      schema: {
        summary: 'Create an API key',
        tags,
        body: CreateApiKeyRequest,
        response: { 200: CreateApiKeyResponse },
      },
      preHandler: ownerOnly,
    },
    async (request) => {
      const { secret, ...apiKey } = await createApiKey(db, request.body);
      return { apiKey, secret };
    },
  );

  app.post(
    '/admin-api/v1/api-keys/:id/revoke',
    {
      schema: {
        summary: 'Revoke an API key',
        tags,
        params: ApiKeyIdParams,
        response: { 200: RevokeApiKeyResponse },
      },
      preHandler: ownerOnly,
    },
    async (request) => {
      const apiKey = await revokeApiKey(db, request.params.id);
      onRevoke();
      return { apiKey };
    },
  );
};
