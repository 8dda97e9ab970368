import { createContext as createReactContext, useContext } from 'react';
import { createContext, RouterContextProvider } from 'react-router';

/**
 * What the hosting server hands every loader and action. `apiFetch` reaches the API in-process during
 * SSR (the SDK is given it as its `fetch`), so a page render costs no network hop to itself.
 */
export interface StorefrontContext {
  apiFetch: typeof fetch;
  /**
   * The same API for anonymous catalog reads, made once per server (they count no shopper's address), so
   * the catalog's SDK client is built once too. Absent: `apiFetch` is used.
   */
  catalogFetch?: typeof fetch | undefined;
  /**
   * Present when catalog reads may be kept between renders: `version()` changes with every catalog change
   * (any process's), and nothing is kept longer than `ttlMs`. The shop's collections (every page's header)
   * are read once per version instead of once per render.
   */
  catalogMemo?: { version: () => number; ttlMs: number } | undefined;
  /** The store's name as set in the admin's Settings (STORE_NAME until then). */
  storeName: string;
  /** The store's logo (a path under /media), when the owner set one. */
  storeLogo?: { url: string; width?: number; height?: number } | undefined;
  /** Where shoppers can write to the store, when the owner set it. */
  contactEmail?: string | undefined;
  publicUrl: string;
  /** The bundled storefront's OAuth client id (looked up once); visitor tokens are minted as this client. */
  storefrontClientId: () => Promise<string>;
  /**
   * The countries the store delivers to ("*": everywhere) and has pickup in, from its shipping and pickup
   * set-up: the checkout offers exactly these.
   */
  servedDestinations: () => Promise<{ delivery: string[] | '*'; pickup: string[] | '*' }>;
  /** Set when Stripe takes the store's cards: the hosted checkout mounts its Payment Element. */
  stripe?: { publishableKey: string; scriptUrl: string } | undefined;
  /**
   * This response's Content-Security-Policy nonce (the server makes one per page): every inline script
   * React Router writes carries it, else the browser refuses to run it.
   */
  cspNonce?: string | undefined;
  /**
   * Cache-Control of the pages every shopper sees alike (lib/shared-page.ts), as the server's
   * configuration has it; such pages are kept rendered by the server and may be kept by a CDN.
   */
  sharedPageCacheControl?: string | undefined;
  /**
   * Whether something this page asked of the API was answered 503 (the store briefly unavailable: its
   * database out of reach). A page that then failed is answered 503, saying so (entry.server.tsx).
   */
  unavailable?: (() => boolean) | undefined;
}

export const storefrontContext = createContext<StorefrontContext>();

/** Called by the API server (through the server build's entry module) once per request. */
export function createLoadContext(values: StorefrontContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(storefrontContext, values);
  return provider;
}

/** Set by the server's render when the page failed because the store is briefly unavailable. */
export const UnavailableContext = createReactContext(false);

/** Whether this document is the "briefly unavailable" page: the server's render, then the browser's. */
export function useUnavailable(): boolean {
  const rendering = useContext(UnavailableContext);
  if (typeof document === 'undefined') return rendering;
  return rendering || document.documentElement.dataset.unavailable === 'true';
}

/**
 * The nonce for inline scripts during server rendering (entry.server.tsx provides it). In the browser it
 * is undefined: the scripts are already on the page, and browsers hide the attribute from the DOM anyway.
 */
export const NonceContext = createReactContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
