// The catalog domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { catalogRoutes } from './catalog.routes.js';
export { LIMITS, type ProductRecord } from './catalog.types.js';
export { LocalCatalogChanges, watchCatalogChanges } from './catalog-events.service.js';
export {
  type CatalogItemRef,
  type ResolvedCatalogItem,
  resolveCatalogItems,
} from './catalog-items.service.js';
export { moveCatalogCurrency } from './products/catalog-currency.service.js';
export { discountedMinor, findChoice, findCustomTextField, findOption } from './products/product.rules.js';
export { ProductRecordsById } from './products/product-rows-by-id.service.js';
export { seedDemoCatalog } from './seed/seed.service.js';
export { CSV_COLUMNS, productFromRow, rowFromProduct } from './transfer/catalog-csv.mapper.js';
export { countProducts, exportCollections, exportProducts } from './transfer/export.service.js';
export { generateCatalog } from './transfer/generate.service.js';
export { ImportFailed, type ImportRow, importCatalog } from './transfer/import.service.js';
export { decrementStock, restoreStock } from './variants/stock.service.js';
