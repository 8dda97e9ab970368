import type { DemoCollection, DemoProduct } from './demo.types.js';
import { APPAREL_PRODUCTS } from './demo-products-apparel.data.js';
import { HOME_PRODUCTS } from './demo-products-home.data.js';
import { PANTRY_PRODUCTS } from './demo-products-pantry.data.js';

export type { DemoCollection, DemoProduct, Motif } from './demo.types.js';

/*
 * The demo store the embedded default starts with: a small homeware and coffee shop. Everything a
 * storefront needs to look real — collections, options and variants, sale prices, stock that runs out,
 * a digital download, a gift card and a subscription — with images rendered locally (demo-images.data.ts).
 */

export const DEMO_COLLECTIONS: DemoCollection[] = [
  {
    slug: 'kitchen',
    name: 'Kitchen & Dining',
    description: 'Stoneware, linen and the small things that make meals slower.',
    motif: 'bowl',
    colors: ['#f3e9dc', '#c08552'],
  },
  {
    slug: 'home',
    name: 'Home Decor',
    description: 'Lamps, vases and textiles for rooms that feel lived in.',
    motif: 'vase',
    colors: ['#e8eddf', '#6b9080'],
  },
  {
    slug: 'apparel',
    name: 'Apparel',
    description: 'Everyday layers in natural fibres.',
    motif: 'tee',
    colors: ['#dde5f0', '#3d5a80'],
  },
  {
    slug: 'coffee-tea',
    name: 'Coffee & Tea',
    description: 'Small-batch roasts, loose-leaf teas and the tools to brew them.',
    motif: 'beans',
    colors: ['#efe0d0', '#6f4518'],
  },
  {
    slug: 'stationery',
    name: 'Stationery & Books',
    description: 'Paper goods and reading for the desk and the bedside table.',
    motif: 'notebook',
    colors: ['#f6f1e9', '#b56576'],
  },
  {
    slug: 'wellness',
    name: 'Wellness',
    description: 'Candles, towels and bottles for a calmer routine.',
    motif: 'candle',
    colors: ['#f1ece4', '#8e7dbe'],
  },
  {
    slug: 'gifts',
    name: 'Gifts',
    description: 'Easy presents, from gift cards to a monthly coffee delivery.',
    motif: 'card',
    colors: ['#fde2e4', '#e56b6f'],
  },
];

export const DEMO_PRODUCTS: DemoProduct[] = [...HOME_PRODUCTS, ...APPAREL_PRODUCTS, ...PANTRY_PRODUCTS];
