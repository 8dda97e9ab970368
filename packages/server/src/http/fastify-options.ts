import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { lazySchemaController, type ValidatorPool } from '../lib/http/lazy-schema-compilers.js';
import { ajvWirePlugin } from '../lib/http/wire.js';
import { frameworkErrorHandler } from './plugins/errors.js';
import { parseQueryString } from './query-string.js';
import { appLoggerOptions, OneLinePerRequest } from './request-logger.js';

const MAX_QUERY_KEYS = 1000; // spec §9

/** The app's Fastify settings: logging, proxies, query strings, validation, body limit, shutdown. */
export function fastifyOptions(
  config: Config,
  logger?: FastifyServerOptions['logger'],
  validators?: ValidatorPool,
): FastifyServerOptions {
  return {
    logger: logger ?? appLoggerOptions(config),
    genReqId: () => randomUUID(),
    // A hop count trusts that many proxies in front (Fastify's types take it only as a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    logController: new OneLinePerRequest({ requestIdLogLabel: 'requestId' }),
    requestIdHeader: false,
    routerOptions: {
      querystringParser: (text) => parseQueryString(text, MAX_QUERY_KEYS),
    },
    ajv: {
      customOptions: {
        allErrors: true,
        allowUnionTypes: true,
        removeAdditional: false,
        coerceTypes: 'array',
      },
      plugins: [ajvWirePlugin],
    },
    // Validators and serializers are compiled on each route's first request, not at boot (ADR 038).
    schemaController: lazySchemaController(validators),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
  };
}
