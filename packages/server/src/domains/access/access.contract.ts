import Type from 'typebox';
import { DateTimeOut, StringEnum } from '../../lib/http/wire.js';
import { MERCHANT_ROLES } from './access.schema.js';

export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: StringEnum(MERCHANT_ROLES),
  hint: Type.String({ description: 'Recognisable prefix of the key; not usable on its own' }),
  createdDate: DateTimeOut(),
  lastUsedDate: Type.Union([DateTimeOut(), Type.Null()]),
  revokedDate: Type.Union([DateTimeOut(), Type.Null()]),
});

export const ListApiKeysResponse = Type.Object({ apiKeys: Type.Array(ApiKey) });

export const CreateApiKeyRequest = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  role: StringEnum(MERCHANT_ROLES),
});

export const CreateApiKeyResponse = Type.Object({
  apiKey: ApiKey,
  secret: Type.String({ description: 'The full key. Shown once; store it now.' }),
});

export const ApiKeyIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const RevokeApiKeyResponse = Type.Object({ apiKey: ApiKey });
