/*
 * The OpenAPI document's repeated schemas, named once under `components.schemas` and referenced with
 * `$ref`. The routes' TypeBox contracts compose shared shapes (a checkout, its line items, a price
 * summary, an address…), and @fastify/swagger writes each one out in full wherever a route uses it: the
 * document was 1.18 MB, and Swagger UI at /docs took ~7 s to list the operations and ~3 s to open one.
 * Only the published document changes; validation and serialization keep the contracts as they are.
 */

type Json = null | boolean | number | string | Json[] | JsonObject;
type JsonObject = { [key: string]: Json };

/** Below this size (its JSON) a shape stays inline: a `$ref` would cost a reader a click for little. */
const MIN_SHARED_SCHEMA_BYTES = 256;

/** Keywords whose value is a schema, and those whose value is a list or a map of schemas. */
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else'];
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions'];
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of `document` in which every schema shape that appears more than once (and is not tiny) is in
 * `components.schemas` under a name taken from where it first appears (`lineItems` → `LineItem`, a reply
 * `{ checkout }` → `CheckoutReply`), and each appearance is a `$ref` to it. Shapes are compared by their
 * JSON with keys sorted, so equal shapes share one component however their keys were ordered. Shapes
 * that only repeat inside a shared one are left inside it. The same document always gets the same names.
 */
export function shareRepeatedSchemas<T extends object>(document: T): T {
  const sharing = new SchemaSharing(structuredClone(document) as unknown as JsonObject);
  return sharing.run() as unknown as T;
}

/**
 * A place that holds a schema. `nameHint` is the name its shape would be shared under, `owner` the name
 * of the component (or reply, or request) it is part of: the fallback prefix when the hint is taken.
 */
/** A shape's number: equal numbers, equal JSON with keys sorted. */
type Shape = number;

type SchemaSite = { holder: JsonObject | Json[]; key: string | number; nameHint: string; owner: string };

const read = (site: SchemaSite): Json | undefined =>
  Array.isArray(site.holder) ? site.holder[site.key as number] : site.holder[site.key as string];
const write = (site: SchemaSite, value: Json): void => {
  if (Array.isArray(site.holder)) site.holder[site.key as number] = value;
  else site.holder[site.key as string] = value;
};

class SchemaSharing {
  private readonly schemas: JsonObject;
  /** A shared shape → its component's name. */
  private readonly componentByShape = new Map<Shape, string>();
  /** Every shape met, by its text with its parts written as their shapes: one number per distinct shape. */
  private readonly shapeByText = new Map<string, Shape>();
  /** Each shape's size: the length of its JSON with keys sorted. */
  private readonly sizeOfShape: number[] = [];
  /** The shape of each schema object of this round (a round's sharing changes the objects). */
  private shapeOfValue = new WeakMap<object, Shape>();

  constructor(private readonly document: JsonObject) {
    const components = isObject(document.components) ? document.components : {};
    document.components = components;
    this.schemas = isObject(components.schemas) ? components.schemas : {};
    components.schemas = this.schemas;
  }

  run(): JsonObject {
    // Each round shares the outermost repeated shapes; the next finds what repeats among what is left
    // (a shape used by two components and by a route). It ends when a round shares nothing new.
    for (;;) {
      this.shapeOfValue = new WeakMap();
      const sites = this.schemaSites();
      const counts = new Map<Shape, number>();
      for (const site of sites) this.countShapes(read(site), counts, site.holder === this.schemas);
      let shared = 0;
      for (const site of sites) shared += this.share(site, counts);
      if (shared === 0) break;
    }
    if (Object.keys(this.schemas).length === 0) delete (this.document.components as JsonObject).schemas;
    return this.document;
  }

  /** Where schemas start: parameters, request bodies, responses, and the components' own schemas. */
  private schemaSites(): SchemaSite[] {
    const sites: SchemaSite[] = [];
    const paths = isObject(this.document.paths) ? this.document.paths : {};
    for (const [path, pathItem] of Object.entries(paths)) {
      if (!isObject(pathItem)) continue;
      const resource = resourceName(path);
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method];
        if (!isObject(operation)) continue;
        if (Array.isArray(operation.parameters)) {
          for (const parameter of operation.parameters) {
            if (isObject(parameter) && isObject(parameter.schema))
              sites.push({
                holder: parameter,
                key: 'schema',
                nameHint: pascal(String(parameter.name)),
                owner: resource,
              });
          }
        }
        if (isObject(operation.requestBody))
          sites.push(...contentSites(operation.requestBody, resource, 'Request'));
        if (isObject(operation.responses)) {
          for (const response of Object.values(operation.responses)) {
            if (isObject(response)) sites.push(...contentSites(response, resource, 'Reply'));
          }
        }
      }
    }
    for (const name of Object.keys(this.schemas))
      sites.push({ holder: this.schemas, key: name, nameHint: name, owner: name });
    return sites;
  }

  /**
   * Counts every shape under `schema` (the root included), each by its canonical JSON. A shape that is
   * already a component is not counted, nor what is inside it: it is about to become a `$ref`.
   */
  private countShapes(schema: Json | undefined, counts: Map<Shape, number>, isComponentRoot: boolean): void {
    if (!isObject(schema) || typeof schema.$ref === 'string') return;
    const shape = this.shapeOf(schema);
    if (!isComponentRoot && this.componentByShape.has(shape)) return;
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
    for (const child of childSites(schema, '', '')) this.countShapes(read(child), counts, false);
  }

  /**
   * Replaces the outermost shapes under a site that repeat (or are already a component) with `$ref`s,
   * top-down; returns how many new components it made. A component's own root is never replaced by a
   * reference to itself.
   */
  private share(
    site: SchemaSite,
    counts: Map<Shape, number>,
    isComponentRoot = site.holder === this.schemas,
  ): number {
    const schema = read(site);
    if (!isObject(schema) || typeof schema.$ref === 'string') return 0;
    const shape = this.shapeOf(schema);
    if (!isComponentRoot) {
      const existing = this.componentByShape.get(shape);
      if (existing) {
        write(site, { $ref: `#/components/schemas/${existing}` });
        return 0;
      }
      if (
        (counts.get(shape) ?? 0) >= 2 &&
        (this.sizeOfShape[shape] ?? 0) >= MIN_SHARED_SCHEMA_BYTES &&
        isShape(schema)
      ) {
        const name = this.freeName(site.nameHint, site.owner);
        this.schemas[name] = schema;
        this.componentByShape.set(shape, name);
        write(site, { $ref: `#/components/schemas/${name}` });
        return 1;
      }
    } else {
      this.componentByShape.set(shape, String(site.key));
    }
    let shared = 0;
    const owner = isComponentRoot ? String(site.key) : site.owner;
    for (const child of childSites(schema, site.nameHint, owner)) shared += this.share(child, counts, false);
    return shared;
  }

  /**
   * The shape of a value: equal for values whose JSON with keys sorted is equal. Each object's text is
   * built from its parts' shape numbers, not their text, so the work grows with the document's size, not
   * with its size times its depth.
   */
  private shapeOf(value: Json | undefined): Shape {
    if (!isObject(value) && !Array.isArray(value)) {
      const json = String(JSON.stringify(value));
      return this.intern(json, json.length);
    }
    const known = this.shapeOfValue.get(value);
    if (known !== undefined) return known;
    // `size` is the length of the JSON: the brackets, each part, and a comma between parts (and a key
    // with its colon in an object).
    let text: string;
    let size: number;
    if (Array.isArray(value)) {
      const parts = value.map((item) => this.shapeOf(item));
      text = `[${parts.join(',')}]`;
      size = 1 + parts.reduce((sum, part) => sum + 1 + (this.sizeOfShape[part] ?? 0), parts.length ? 0 : 1);
    } else {
      const keys = Object.keys(value).sort();
      const parts = keys.map((key) => [JSON.stringify(key), this.shapeOf(value[key])] as const);
      text = `{${parts.map(([key, part]) => `${key}:${part}`).join(',')}}`;
      size =
        1 +
        parts.reduce(
          (sum, [key, part]) => sum + key.length + 2 + (this.sizeOfShape[part] ?? 0),
          parts.length ? 0 : 1,
        );
    }
    const shape = this.intern(text, size);
    this.shapeOfValue.set(value, shape);
    return shape;
  }

  private intern(text: string, size: number): Shape {
    let shape = this.shapeByText.get(text);
    if (shape === undefined) {
      shape = this.sizeOfShape.length;
      this.shapeByText.set(text, shape);
      this.sizeOfShape.push(size);
    }
    return shape;
  }

  /** The hint; when another shape has it, the hint under its owner's name (`OrderLineItem`); else numbered. */
  private freeName(hint: string, owner: string): string {
    const base = hint || 'Schema';
    if (!(base in this.schemas)) return base;
    const owned = base.startsWith(owner) ? base : `${owner}${base}`;
    if (!(owned in this.schemas)) return owned;
    let name = owned;
    for (let n = 2; name in this.schemas; n++) name = `${owned}${n}`;
    return name;
  }
}

function contentSites(holder: JsonObject, resource: string, role: 'Request' | 'Reply'): SchemaSite[] {
  if (!isObject(holder.content)) return [];
  const sites: SchemaSite[] = [];
  for (const media of Object.values(holder.content)) {
    if (!isObject(media) || !isObject(media.schema)) continue;
    // A reply `{ checkout: … }` is a CheckoutReply; other roots are named by their path's resource.
    const properties = isObject(media.schema.properties) ? Object.keys(media.schema.properties) : [];
    const subject = properties.length === 1 ? pascal(properties[0] as string) : resource;
    sites.push({ holder: media, key: 'schema', nameHint: `${subject}${role}`, owner: subject });
  }
  return sites;
}

/** The schemas directly under a schema, each with the name its shape would be shared under. */
function childSites(schema: JsonObject, nameHint: string, owner: string): SchemaSite[] {
  const sites: SchemaSite[] = [];
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (!isObject(map)) continue;
    for (const key of Object.keys(map)) sites.push({ holder: map, key, nameHint: pascal(key), owner });
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    if (isObject(schema[keyword])) {
      const hint =
        keyword === 'items'
          ? singular(nameHint)
          : keyword === 'additionalProperties'
            ? `${nameHint}Value`
            : nameHint;
      sites.push({ holder: schema, key: keyword, nameHint: hint, owner });
    }
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    list.forEach((_, index) => {
      sites.push({ holder: list, key: index, nameHint, owner });
    });
  }
  return sites;
}

/**
 * An object shape. Arrays and unions stay inline around their shared members (a `lineItems` array of
 * `$ref: LineItem`), as do scalars, however long their enum.
 */
function isShape(schema: JsonObject): boolean {
  return isObject(schema.properties) || schema.type === 'object';
}

/** `/ecom/v1/checkouts/{id}/add-to-checkout` → `AddToCheckout`: the last segment that is not a parameter. */
function resourceName(path: string): string {
  const segments = path.split('/').filter((segment) => segment && !segment.startsWith('{'));
  return pascal(segments.at(-1) ?? 'Root');
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

/** `LineItems` → `LineItem`, `Addresses` → `Address`, `Categories` → `Category`; else `…Item`. */
function singular(name: string): string {
  if (/ies$/.test(name)) return `${name.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(name)) return name.slice(0, -2);
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return `${name}Item`;
}
