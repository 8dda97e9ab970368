import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Static, TSchema } from 'typebox';
import type { FieldViolation } from './errors.js';
import { nonFiniteNumber } from './hostile-values.js';
import { type SchemaError, violationsFromSchemaErrors } from './validation.js';
import { ajvWirePlugin, normalizeSystemFields } from './wire.js';

/**
 * Validates data outside an HTTP request (imports, files) exactly as the routes do: the same Ajv
 * options as app.ts, the same wire conversions (`x-wire`), the same field violations.
 */
const ajv = ajvWirePlugin(
  addFormats.default(
    new Ajv({
      allErrors: true,
      allowUnionTypes: true,
      removeAdditional: false,
      coerceTypes: 'array',
      strict: false,
    }),
  ),
);

export type ContractCheck<T extends TSchema> = (
  value: unknown,
) => { ok: true; value: Static<T> } | { ok: false; violations: FieldViolation[] };

export function compileContract<T extends TSchema>(schema: T, fieldPrefix = ''): ContractCheck<T> {
  // Compiled on the first check, not when the module loads: a start compiles none it does not use (ADR 038).
  let validate: ValidateFunction | undefined;
  return (value) => {
    validate ??= ajv.compile(schema as object);
    normalizeSystemFields(value);
    if (validate(value)) {
      const overflow = nonFiniteNumber(value);
      if (!overflow) return { ok: true, value: value as Static<T> };
      const field = [fieldPrefix, overflow.field].filter(Boolean).join('.');
      return { ok: false, violations: [{ ...overflow, field }] };
    }
    return {
      ok: false,
      violations: violationsFromSchemaErrors(validate.errors as SchemaError[], fieldPrefix),
    };
  };
}
