// For tests of the published OpenAPI document.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The document with every `$ref` replaced by what it names: what a reader of the shared one sees. */
export function inlineReferences(document: { components?: { schemas?: Record<string, Json> } }): Json {
  const schemas = document.components?.schemas ?? {};
  const inline = (value: Json, trail: string[]): Json => {
    if (Array.isArray(value)) return value.map((item) => inline(item, trail));
    if (value === null || typeof value !== 'object') return value;
    const ref = value.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (!(name in schemas)) throw new Error(`${ref} names no component`);
      if (trail.includes(name)) throw new Error(`${ref} refers to itself through ${trail.join(' → ')}`);
      return inline(schemas[name] as Json, [...trail, name]);
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inline(item, trail)]));
  };
  const { components, ...rest } = document as { components?: Record<string, Json> };
  const { schemas: _shared, ...otherComponents } = components ?? {};
  return inline({ ...rest, components: otherComponents } as Json, []);
}
