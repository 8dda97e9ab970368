// Turns TypeBox (JSON Schema) contracts into TypeScript declarations and revive paths. Responses ('out')
// get `Date` for date-times and `number` for wire floats (the SDK converts both); requests ('in') accept
// what the transport can send (Dates or ISO strings, numbers for floats, strings or numbers for int64).

type Schema = Record<string, unknown>;
export type Direction = 'in' | 'out';

export interface NamedSchema {
  name: string;
  schema: unknown;
  direction: Direction;
  doc: string;
  /** For response entities: the name of the exported revive-paths constant. */
  revive?: string;
}

/** One generated file, src/entities/<name>.ts: the entities of one use case. */
export interface EntityModule {
  name: string;
  doc: string;
  entities: readonly NamedSchema[];
}

/** A response entity; `revive` names its exported revive-paths constant (when the SDK converts it). */
export const out = (name: string, schema: unknown, doc: string, revive?: string): NamedSchema => ({
  name,
  schema,
  direction: 'out',
  doc,
  ...(revive ? { revive } : {}),
});

/** A request shape. */
export const input = (name: string, schema: unknown, doc: string): NamedSchema => ({
  name,
  schema,
  direction: 'in',
  doc,
});

const INDENT = '  ';

/**
 * Each module's text by its path under src/ (`entities/<name>.ts`), importing the types it uses from the
 * other modules, and `entities/index.ts`, which exports them all.
 */
export function renderModules(modules: readonly EntityModule[]): Map<string, string> {
  const names = new Map<string, string>();
  const moduleOf = new Map<string, string>();
  for (const module of modules) {
    for (const entry of module.entities) {
      names.set(key(entry.direction, entry.schema as Schema), entry.name);
      moduleOf.set(entry.name, module.name);
    }
  }
  const files = new Map<string, string>();
  for (const module of modules) {
    const used = new Set<string>();
    const body = renderDeclarations(module.entities, names, used);
    const imports = new Map<string, string[]>();
    for (const name of [...used].sort()) {
      const from = moduleOf.get(name);
      if (from && from !== module.name) imports.set(from, [...(imports.get(from) ?? []), name]);
    }
    const lines = [`/* ${module.doc} */`, ''];
    if (module.entities.some((entry) => entry.revive))
      lines.push("import type { RevivePaths } from '../wire.js';");
    for (const [from, types] of [...imports].sort(([a], [b]) => a.localeCompare(b)))
      lines.push(`import type { ${types.join(', ')} } from './${from}.js';`);
    files.set(`entities/${module.name}.ts`, [...lines, '', body].join('\n'));
  }
  const index = modules.map((module) => `export * from './${module.name}.js';`).sort();
  files.set(
    'entities/index.ts',
    ['/* Every entity type of the SDK, by use case. */', '', ...index, ''].join('\n'),
  );
  return files;
}

function renderDeclarations(
  named: readonly NamedSchema[],
  names: ReadonlyMap<string, string>,
  used: Set<string>,
): string {
  const render = (schema: Schema, direction: Direction, depth: number, root: boolean): string => {
    const alias = names.get(key(direction, schema));
    if (alias && !root) {
      used.add(alias);
      return alias;
    }
    if (Array.isArray(schema.anyOf)) {
      return unique((schema.anyOf as Schema[]).map((s) => render(s, direction, depth, false))).join(' | ');
    }
    if (Array.isArray(schema.enum))
      return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
    if ('const' in schema) return JSON.stringify(schema.const);
    const type = schema.type;
    // An object that may also be null (one schema, so that a bad field is reported on its own).
    if (Array.isArray(type) && type.includes('object') && schema.properties) {
      const others = (type as string[]).filter((t) => t !== 'object');
      return [objectType(schema, direction, depth, render), ...others].join(' | ');
    }
    if (Array.isArray(type)) return multiType(type as string[], schema, direction);
    switch (type) {
      case 'string':
        if (schema.format === 'date-time') return direction === 'out' ? 'Date' : 'Date | string';
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        const item = render(schema.items as Schema, direction, depth, false);
        return item.includes(' ') && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
      }
      case 'object':
        return objectType(schema, direction, depth, render);
      default:
        return 'unknown';
    }
  };

  const out: string[] = [];
  for (const entry of named) {
    const schema = entry.schema as Schema;
    const body = render(schema, entry.direction, 0, true);
    out.push(`/** ${entry.doc} */`);
    out.push(
      schema.type === 'object' && body.startsWith('{')
        ? `export interface ${entry.name} ${body}`
        : `export type ${entry.name} = ${body};`,
    );
    out.push('');
  }
  for (const entry of named) {
    if (!entry.revive) continue;
    const paths = revivePaths(entry.schema as Schema);
    out.push(`/** Wire conversions of {@link ${entry.name}}. @internal */`);
    out.push(`export const ${entry.revive}: RevivePaths = ${JSON.stringify(paths)};`);
    out.push('');
  }
  return out.join('\n');
}

function objectType(
  schema: Schema,
  direction: Direction,
  depth: number,
  render: (s: Schema, d: Direction, depth: number, root: boolean) => string,
): string {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    const pattern = schema.patternProperties as Record<string, Schema> | undefined;
    const value = pattern ? Object.values(pattern)[0] : undefined;
    if (value) return `Record<string, ${render(value, direction, depth, false)}>`;
    return schema.additionalProperties === false ? 'Record<string, never>' : 'Record<string, unknown>';
  }
  const required = new Set((schema.required ?? []) as string[]);
  const pad = INDENT.repeat(depth + 1);
  const lines = keys.map((name) => {
    const property = properties[name] as Schema;
    const doc = typeof property.description === 'string' ? `${pad}/** ${property.description} */\n` : '';
    const optional = required.has(name) ? '' : '?';
    return `${doc}${pad}${name}${optional}: ${render(property, direction, depth + 1, false)};`;
  });
  return `{\n${lines.join('\n')}\n${INDENT.repeat(depth)}}`;
}

function multiType(types: string[], schema: Schema, direction: Direction): string {
  const parts: string[] = [];
  const wire = schema['x-wire'];
  if (wire === 'int64') parts.push(direction === 'out' ? 'string' : 'string | number');
  // A wire number (`x-wire`) may arrive as a string but is a number to the SDK; other lists of types
  // (a bounded scalar of any kind) are each of them.
  else if (types.includes('number') && (wire || direction === 'out')) parts.push('number');
  else parts.push(...types.map((t) => (t === 'integer' ? 'number' : t)));
  if (types.includes('null')) parts.push('null');
  return unique(parts).join(' | ');
}

/**
 * Paths of date-times, and of every number (spec §7: "numeric fields are sent as strings and turned back
 * into numbers on receipt", "12.50" and "NaN"/"Infinity" alike) — not only those our own server sends as
 * strings, so the SDK reads any server of the protocol. Never an int64 (`numericId`, `revision`: decimal
 * strings that must stay exact) nor a money string (`amount: "10.00"`): those are declared as strings.
 */
export function revivePaths(schema: Schema): { dates: string[]; floats: string[] } {
  const dates: string[] = [];
  const floats: string[] = [];
  const walk = (node: Schema, path: string[]): void => {
    if (Array.isArray(node.anyOf)) {
      const branches = node.anyOf as Schema[];
      // Where a plain string is one of the shapes, a string is a value in its own right: leave it.
      const stringAllowed = branches.some((b) => b.type === 'string' && b.format !== 'date-time');
      for (const branch of branches) if (!(stringAllowed && isNumeric(branch))) walk(branch, path);
      return;
    }
    const type = node.type;
    if (type === 'string' && node.format === 'date-time') dates.push(path.join('.'));
    else if (isNumeric(node)) floats.push(path.join('.'));
    else if (type === 'array') walk(node.items as Schema, path);
    else if (type === 'object') {
      for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, Schema>)) {
        walk(child, [...path, name]);
      }
    }
  };
  walk(schema, []);
  return { dates: unique(dates), floats: unique(floats) };
}

/** A number on the wire (JSON number or numeral string), not an int64 carried as a string. */
function isNumeric(node: Schema): boolean {
  if (node['x-wire'] === 'int64') return false;
  const types = [node.type].flat();
  return types.includes('number') || types.includes('integer');
}

function key(direction: Direction, schema: Schema): string {
  return `${direction}:${JSON.stringify(schema)}`;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
