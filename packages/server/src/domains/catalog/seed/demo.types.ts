import type { ProductInput } from '../products/product-input.rules.js';

/** Types and shorthands of the demo catalog (demo-catalog.data.ts). */

export type Motif =
  | 'mug'
  | 'bowl'
  | 'plate'
  | 'tee'
  | 'sweater'
  | 'cap'
  | 'tote'
  | 'lamp'
  | 'vase'
  | 'pot'
  | 'candle'
  | 'blanket'
  | 'book'
  | 'notebook'
  | 'pen'
  | 'bottle'
  | 'beans'
  | 'tea'
  | 'kettle'
  | 'card'
  | 'frame'
  | 'towel';

export interface DemoCollection {
  slug: string;
  name: string;
  description: string;
  motif: Motif;
  colors: [string, string];
}

export interface DemoProduct extends Omit<ProductInput, 'collectionIds' | 'media'> {
  name: string;
  priceMinor: number;
  collections: string[];
  motif: Motif;
  /** Background gradient of the product image. */
  colors: [string, string];
  /** Per colour choice: a tinted image shown when that choice is picked. */
  choiceImages?: { option: string; choice: string; color: string }[];
  /** A private file for digital products (rendered as a small PDF). */
  download?: string;
}

/** Shorthands for the product lists. */
export const sizes = (...values: string[]) => ({ name: 'Size', choices: values.map((value) => ({ value })) });
export const colors = (...pairs: [string, string][]) => ({
  name: 'Color',
  optionType: 'color' as const,
  choices: pairs.map(([description, value]) => ({ value, description })),
});
export const tracked = (quantity: number) => ({ trackInventory: true, quantity });
/** A description of paragraphs (a blank line between them, as a merchant types them in the admin). */
export const text = (...paragraphs: string[]) => paragraphs.join('\n\n');
