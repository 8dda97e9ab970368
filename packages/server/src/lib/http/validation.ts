import type { FieldViolation, ViolatedRule } from './errors.js';

/** The subset of an Ajv / TypeBox error object this mapper reads. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** Where in the schema the rule is (Ajv sets it): tells the branches of a union apart. */
  schemaPath?: string;
  /** Set by Ajv on errors of a `propertyNames` rule: the key (not the value) that broke it. */
  propertyName?: string;
}

/**
 * Turns JSON-schema validation errors (Fastify's Ajv, or TypeBox's checker) into the protocol's field
 * violations: one per field, the field named as the caller wrote it, the rule named in spec §5 terms.
 */
export function violationsFromSchemaErrors(errors: readonly SchemaError[], prefix = ''): FieldViolation[] {
  const byField = new Map<string, FieldViolation>();
  const unionPaths = new Set(
    errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath),
  );
  // A union of literals fails with one `const` error per branch; gather them into one enum report.
  const literalsByPath = new Map<string, unknown[]>();
  for (const error of errors) {
    if (error.keyword !== 'const' || !unionPaths.has(error.instancePath)) continue;
    const literals = literalsByPath.get(error.instancePath) ?? [];
    literals.push(error.params.allowedValue);
    literalsByPath.set(error.instancePath, literals);
  }
  const { promoted, superseded } = resolveUnions(errors);
  for (const error of errors) {
    if (superseded.has(error)) continue;
    const violation = toViolation(error, prefix, unionPaths, literalsByPath, promoted);
    if (!violation) continue;
    const existing = byField.get(violation.field);
    // Keep the most specific report per field: a named rule beats the generic VALIDATION.
    if (!existing || (existing.violatedRule === 'VALIDATION' && violation.violatedRule !== 'VALIDATION')) {
      byField.set(violation.field, violation);
    }
  }
  return [...byField.values()];
}

/**
 * A union the value fits by type in one branch only (a string sent to "string or null", an object to
 * "URL or image object") is reported by that branch's own rules (MAX_LENGTH…), not as "must match one
 * of the allowed shapes": the caller clearly meant that branch. Other unions keep their summary.
 */
function resolveUnions(errors: readonly SchemaError[]): {
  promoted: Set<SchemaError>;
  superseded: Set<SchemaError>;
} {
  const promoted = new Set<SchemaError>();
  const superseded = new Set<SchemaError>();
  for (const union of errors) {
    if ((union.keyword !== 'anyOf' && union.keyword !== 'oneOf') || !union.schemaPath) continue;
    const within = `${union.schemaPath}/`;
    const branches = new Map<string, SchemaError[]>();
    for (const error of errors) {
      if (!error.schemaPath?.startsWith(within)) continue;
      const branch = error.schemaPath.slice(within.length).split('/')[0] as string;
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    const fitting = [...branches.values()].filter(
      (branchErrors) =>
        !branchErrors.some((e) => e.keyword === 'type' && e.instancePath === union.instancePath),
    );
    if (fitting.length !== 1 || branches.size < 2) continue;
    superseded.add(union);
    for (const branchErrors of branches.values())
      for (const error of branchErrors) (branchErrors === fitting[0] ? promoted : superseded).add(error);
  }
  return { promoted, superseded };
}

function toViolation(
  error: SchemaError,
  prefix: string,
  unionPaths: Set<string>,
  literalsByPath: Map<string, unknown[]>,
  promoted: Set<SchemaError>,
): FieldViolation | undefined {
  const { keyword, params } = error;
  const base = fieldPath(prefix, error.instancePath);
  if (error.propertyName !== undefined || keyword === 'propertyNames')
    return keyViolation(error, join(base, String(error.propertyName ?? params.propertyName)));
  // Branch errors of a union are summarised by the union's own error at the same path.
  if (
    unionPaths.has(error.instancePath) &&
    keyword !== 'anyOf' &&
    keyword !== 'oneOf' &&
    !promoted.has(error)
  ) {
    return undefined;
  }
  const field = (name: string, rule: ViolatedRule, description: string, data?: Record<string, unknown>) => ({
    field: name || '(body)',
    description,
    violatedRule: rule,
    ...(data ? { data } : {}),
  });
  switch (keyword) {
    case 'required':
      return field(join(base, String(params.missingProperty)), 'REQUIRED_FIELD', 'is required');
    case 'additionalProperties':
      return field(
        join(base, String(params.additionalProperty)),
        'FIELD_NOT_ALLOWED',
        'is not allowed here; remove it',
      );
    case 'minimum':
      return field(base, 'MIN', `must be at least ${params.limit}`, { threshold: params.limit });
    case 'exclusiveMinimum':
      return field(base, 'MIN', `must be greater than ${params.limit}`, { threshold: params.limit });
    case 'maximum':
      return field(base, 'MAX', `must be at most ${params.limit}`, { threshold: params.limit });
    case 'exclusiveMaximum':
      return field(base, 'MAX', `must be less than ${params.limit}`, { threshold: params.limit });
    case 'minLength':
      return field(base, 'MIN_LENGTH', `must be at least ${params.limit} characters long`, {
        threshold: params.limit,
      });
    case 'maxLength':
      return field(base, 'MAX_LENGTH', `must be at most ${params.limit} characters long`, {
        threshold: params.limit,
      });
    case 'minItems':
    case 'minProperties':
      return field(base, 'MIN_SIZE', `must have at least ${params.limit} items`, { threshold: params.limit });
    case 'maxItems':
    case 'maxProperties':
      return field(base, 'MAX_SIZE', `must have at most ${params.limit} items`, { threshold: params.limit });
    case 'format':
      return field(base, 'FORMAT', `must be a valid ${params.format}`, { format: params.format });
    case 'pattern':
      return field(base, 'FORMAT', 'has an invalid format', { pattern: params.pattern });
    case 'enum':
      return field(base, 'INVALID_ENUM_VALUE', `must be one of: ${listOf(params.allowedValues)}`, {
        allowedValues: params.allowedValues,
      });
    case 'const':
      return field(base, 'INVALID_ENUM_VALUE', `must be ${JSON.stringify(params.allowedValue)}`);
    case 'anyOf': {
      const literals = literalsByPath.get(error.instancePath);
      return literals
        ? field(base, 'INVALID_ENUM_VALUE', `must be one of: ${listOf(literals)}`, {
            allowedValues: literals,
          })
        : field(base, 'VALIDATION', 'must match one of the allowed shapes');
    }
    case 'oneOf':
      return field(base, 'ONE_OF_ALIGNMENT', 'must match exactly one of the allowed shapes');
    case 'type':
      return field(base, 'VALIDATION', `must be ${article(String(params.type))}`, { type: params.type });
    case 'x-wire':
      // Wire values (wire.ts) name their own rule: a bound (MIN/MAX), finiteness, or else the format.
      return field(
        base,
        (params.rule as ViolatedRule | undefined) ?? 'FORMAT',
        error.message ?? 'has an invalid format',
        params.limit !== undefined ? { threshold: params.limit } : undefined,
      );
    default:
      return field(base, 'VALIDATION', error.message ?? 'is invalid');
  }
}

/**
 * A key of a map that broke the map's `propertyNames` rule, reported at the key's own path. Ajv adds a
 * summary `propertyNames` error after the specific one; it yields to it (same field, generic rule).
 */
function keyViolation(error: SchemaError, field: string): FieldViolation {
  const limit = error.params.limit;
  switch (error.keyword) {
    case 'maxLength':
      return {
        field,
        violatedRule: 'MAX_LENGTH',
        description: `is a name longer than ${limit} characters`,
        data: { threshold: limit },
      };
    case 'minLength':
      return {
        field,
        violatedRule: 'MIN_LENGTH',
        description: 'must not be an empty name',
        data: { threshold: limit },
      };
    default:
      return { field, violatedRule: 'VALIDATION', description: 'is not an allowed name here' };
  }
}

/** `/lineItems/0/quantity` → `lineItems[0].quantity` (JSON pointer to the protocol's field notation). */
export function fieldPath(prefix: string, pointer: string): string {
  let path = prefix;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path = /^\d+$/.test(segment) ? `${path}[${segment}]` : join(path, segment);
  }
  return path;
}

function join(base: string, name: string): string {
  return base ? `${base}.${name}` : name;
}

function listOf(values: unknown): string {
  return Array.isArray(values) ? values.map((v) => String(v)).join(', ') : String(values);
}

function article(type: string): string {
  const name = type.replace(/,/g, ' or ');
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}
