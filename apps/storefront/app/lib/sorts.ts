/** Sort orders of product lists, as they appear in URLs (`?sort=price-asc`) and in the sort menu. */
export type SortKey = 'relevance' | 'newest' | 'price-asc' | 'price-desc' | 'name';

export const SORTS: { key: SortKey; label: string }[] = [
  { key: 'relevance', label: 'Featured' },
  { key: 'newest', label: 'Newest' },
  { key: 'price-asc', label: 'Price: low to high' },
  { key: 'price-desc', label: 'Price: high to low' },
  { key: 'name', label: 'Name' },
];
