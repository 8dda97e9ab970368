import { createWriteStream, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { LineCounter, parseDocument, stringify as stringifyYaml } from 'yaml';
import type { ImportRow } from '../domains/catalog/index.js';
import { CSV_COLUMNS, productFromRow, rowFromProduct } from '../domains/catalog/index.js';

/*
 * Catalog files for `catalog import|export`: JSON and YAML documents `{collections: [...], products:
 * [...]}` (or a bare list of products), and CSV with one product per row. The format is the extension.
 */

export type Format = 'json' | 'yaml' | 'csv';

export function formatOf(file: string): Format {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.yaml' || ext === '.yml') return 'yaml';
  if (ext === '.csv') return 'csv';
  throw new Error(`Unknown file type "${ext || file}": use a .json, .yaml, .yml or .csv file`);
}

// Above this size JSON is parsed without positions (rows are then named products[i], not by line).
const LINE_NUMBER_LIMIT = 20 * 1024 * 1024;

export function readCatalogFile(file: string): ImportRow[] {
  const format = formatOf(file);
  const text = readFileSync(file, 'utf8');
  if (format === 'csv') {
    const records = parseCsv(text, {
      columns: true,
      skip_empty_lines: true,
      bom: true,
      info: true,
      trim: true,
    }) as {
      record: Record<string, string>;
      info: { lines: number };
    }[];
    const unknown = Object.keys(records[0]?.record ?? {}).filter(
      (column) => !(CSV_COLUMNS as readonly string[]).includes(column),
    );
    if (unknown.length > 0)
      throw new Error(`Unknown CSV column(s): ${unknown.join(', ')}. Columns are: ${CSV_COLUMNS.join(', ')}`);
    return records.map(({ record, info }) => ({
      kind: 'product',
      position: `line ${info.lines}`,
      data: productFromRow(record),
    }));
  }
  if (format === 'json' && statSync(file).size > LINE_NUMBER_LIMIT)
    return rowsOf(JSON.parse(text), () => undefined);
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: false });
  if (document.errors.length > 0) {
    const error = document.errors[0];
    throw new Error(`${file} is not valid ${format.toUpperCase()}: ${error?.message}`);
  }
  return rowsOf(document.toJS({ maxAliasCount: 100 }), (kind, index) => {
    const node = document.getIn(kind === 'root' ? [index] : [kind, index], true) as
      | { range?: [number, number, number] }
      | undefined;
    return node?.range ? lineCounter.linePos(node.range[0]).line : undefined;
  });
}

function rowsOf(
  document: unknown,
  lineOf: (kind: 'root' | 'collections' | 'products', index: number) => number | undefined,
): ImportRow[] {
  const at = (kind: 'root' | 'collections' | 'products', label: string, index: number) => {
    const line = lineOf(kind, index);
    return line ? `line ${line} (${label}[${index}])` : `${label}[${index}]`;
  };
  if (Array.isArray(document))
    return document.map((data, i) => ({ kind: 'product', position: at('root', 'products', i), data }));
  if (document === null || typeof document !== 'object')
    throw new Error('The file must hold {collections: [...], products: [...]} or a list of products');
  const { collections = [], products = [] } = document as { collections?: unknown[]; products?: unknown[] };
  if (!Array.isArray(collections) || !Array.isArray(products))
    throw new Error('"collections" and "products" must be lists');
  return [
    ...collections.map((data, i) => ({
      kind: 'collection' as const,
      position: at('collections', 'collections', i),
      data,
    })),
    ...products.map((data, i) => ({
      kind: 'product' as const,
      position: at('products', 'products', i),
      data,
    })),
  ];
}

/** Writes collections, then products page by page, in constant memory. */
export async function writeCatalogFile(
  file: string,
  collections: unknown[],
  pages: AsyncIterable<Parameters<typeof rowFromProduct>[0][]>,
  onPage: (count: number) => void,
): Promise<number> {
  const format = formatOf(file);
  const out = createWriteStream(file);
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => out.write(text, (error) => (error ? reject(error) : resolve())));
  let count = 0;
  if (format === 'json')
    await write(`{"collections": ${JSON.stringify(collections, null, 2)},\n"products": [\n`);
  if (format === 'yaml')
    await write(
      collections.length
        ? `collections:\n${stringifyYaml(collections, { aliasDuplicateObjects: false })}`
        : 'collections: []\n',
    );
  if (format === 'csv') await write(stringifyCsv([[...CSV_COLUMNS]]));
  let first = true;
  for await (const page of pages) {
    if (format === 'json')
      await write(`${first ? '' : ',\n'}${page.map((product) => JSON.stringify(product)).join(',\n')}`);
    if (format === 'yaml')
      await write(`${first ? 'products:\n' : ''}${stringifyYaml(page, { aliasDuplicateObjects: false })}`);
    if (format === 'csv') {
      const rows = page.map((product) => rowFromProduct(product));
      await write(stringifyCsv(rows.map((row) => CSV_COLUMNS.map((column) => row[column]))));
    }
    first = false;
    count += page.length;
    onPage(count);
  }
  if (format === 'json') await write('\n]}\n');
  if (format === 'yaml' && first) await write('products: []\n');
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return count;
}
