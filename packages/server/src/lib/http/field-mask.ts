import Type from 'typebox';
import { invalidField } from './errors.js';

/*
 * The field mask of an update (updateCheckout's `fieldMask`, updateCart's `cartFieldmask`): which parts of
 * the entity sent the update changes. The public clients send it as one string of comma-separated paths
 * (`"buyerNote,contactInfo"`, the REST form); the JSON form `{paths: [...]}` is read too. A part the mask
 * names changes when it is sent; a part it does not name stays as stored, even when sent.
 */

export const FieldMaskIn = (description?: string) =>
  Type.Union(
    [
      Type.String({ maxLength: 1000 }),
      Type.Object({ paths: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 30 }) }),
    ],
    description ? { description } : {},
  );

/**
 * The mask's paths (an optional `<entity>.` prefix dropped), each one of `maskable`, or a 400 naming the
 * path that is not; undefined when no mask was sent (every part sent changes).
 */
export function fieldMaskIn(
  mask: string | { paths: string[] } | undefined,
  options: { field: string; entity: string; maskable: readonly string[] },
): ReadonlySet<string> | undefined {
  if (mask === undefined) return undefined;
  const prefix = `${options.entity}.`;
  const paths = (typeof mask === 'string' ? mask.split(',') : mask.paths)
    .map((path) => path.trim())
    .map((path) => (path.startsWith(prefix) ? path.slice(prefix.length) : path))
    .filter(Boolean);
  paths.forEach((path, index) => {
    if (!options.maskable.includes(path))
      throw invalidField(
        typeof mask === 'string' ? options.field : `${options.field}.paths[${index}]`,
        'FIELD_NOT_ALLOWED',
        `"${path}" cannot be updated; use some of: ${options.maskable.join(', ')}`,
      );
  });
  return new Set(paths);
}

/** Whether a sent part at `path` applies: no mask, or the mask names it or a part containing it. */
export function maskAllows(mask: ReadonlySet<string> | undefined, path: string): boolean {
  return !mask || mask.has(path) || [...mask].some((masked) => path.startsWith(`${masked}.`));
}
