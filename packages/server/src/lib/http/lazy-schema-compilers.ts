import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/*
 * Fastify compiles every route's validators (Ajv) and reply serializers (fast-json-stringify) while the
 * server boots: with ~300 routes that was the largest part of `app.ready()` (ADR 038). These factories are
 * Fastify's own, with the same options and shared schemas; they only defer each compilation to the first
 * request that needs it, so a start pays for no route it does not serve. A compiled function is kept, as
 * before, for the life of the process.
 */

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type CompilersFactory = NonNullable<SchemaController['compilersFactory']>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;

type Validate = ((...args: unknown[]) => unknown) & { errors?: unknown; schemaEnv?: unknown };

function lazyValidator(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (...args) => {
    compiled ??= compile();
    return compiled(...args);
  };
  // Fastify reads a failed validation's errors from the function it holds, after calling it.
  Object.defineProperty(validate, 'errors', { get: () => compiled?.errors });
  // An Ajv function is given the request as the parent of the value, so coercion can replace a root value
  // (e.g. a scalar body); Fastify passes it only to functions that carry `schemaEnv`, as Ajv's do.
  validate.schemaEnv = true;
  return validate;
}

/**
 * Fastify's Ajv compiler pool: one Ajv instance per set of shared schemas and options, which keeps each
 * schema it compiled. A process that builds many apps from the same route modules (the test suites) hands
 * all of them one pool, so a route's validator is compiled once per process instead of once per app.
 */
export type ValidatorPool = ReturnType<typeof AjvCompiler>;

export function validatorPool(): ValidatorPool {
  return AjvCompiler();
}

export function lazyValidatorFactory(buildEager: ValidatorPool = validatorPool()): ValidatorFactory {
  const build = (externalSchemas: unknown, options: unknown) => {
    // Even the Ajv instance (formats, shared schemas) is made on the first compilation that needs it.
    let eager: ReturnType<typeof buildEager> | undefined;
    const compile = (route: unknown) => {
      eager ??= buildEager(externalSchemas as never, options as never);
      return eager(route as never) as unknown as Validate;
    };
    return (route: unknown) => lazyValidator(() => compile(route));
  };
  // Fastify's type wants Ajv's function type back; the wrapper behaves as one where Fastify looks.
  return build as unknown as ValidatorFactory;
}

export function lazySerializerFactory(): SerializerFactory {
  const buildEager = SerializerSelector();
  return (externalSchemas, options) => {
    let eager: ReturnType<typeof buildEager> | undefined;
    return (route) => {
      let compiled: ((data: unknown) => string) | undefined;
      return (data: unknown) => {
        eager ??= buildEager(externalSchemas as never, options as never);
        compiled ??= eager(route as never);
        return compiled(data);
      };
    };
  };
}

/** Fastify's `schemaController` option with both compilers deferred to first use; `validators` may be shared. */
export function lazySchemaController(validators?: ValidatorPool): SchemaController {
  return {
    compilersFactory: {
      buildValidator: lazyValidatorFactory(validators),
      buildSerializer: lazySerializerFactory(),
    },
  };
}
