import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/*
 * The browser runs Preact's React-compatible core in place of React DOM (vite.config.ts, ADR 038). Two
 * differences from React's root are bridged here, and nowhere else.
 */

/**
 * React Router's first render throws a promise until it has decoded the server's data stream; React's root
 * waits for it, Preact's has no such wait. So the router is made first: the call throws that promise until
 * the data is decoded (before any hook runs), then creates the router, which the render below reuses. Its
 * hooks, called here outside a render, only throw, and are not run again.
 */
async function routerReady(): Promise<void> {
  for (;;) {
    try {
      HydratedRouter({});
      return;
    } catch (thrown) {
      if (!(thrown instanceof Promise)) return;
      await thrown;
    }
  }
}

/**
 * The root renders the whole document, <html> included. Preact hydrates into an element, and given the
 * document it takes <html> as the parent of the tree (and nests a second <html>). This stands in for the
 * document: its one child is the page's <html>, which is never moved.
 */
function documentRoot(): Element {
  const html = document.documentElement;
  const root = {
    nodeType: 1,
    namespaceURI: html.namespaceURI,
    ownerDocument: document,
    get childNodes() {
      return [html];
    },
    get firstChild() {
      return html;
    },
    get lastChild() {
      return html;
    },
    insertBefore: (node: Node) => node,
    appendChild: (node: Node) => node,
    removeChild: (node: Node) => node,
    contains: (node: Node) => node === html || html.contains(node),
  };
  return root as unknown as Element;
}

/**
 * React's server renderer moves hints into <head>: image preloads no component renders (the page's first
 * product images) and the module preloads <Scripts> renders at the end of <body>. Preact hydrates the
 * elements of a parent in order by tag, without comparing attributes, so they would take the places of the
 * stylesheet links after them. Hints have done their work once the page is parsed and its modules run.
 */
function dropHoistedHints(): void {
  const hints = document.head.querySelectorAll('link[rel="preload"][as="image"], link[rel="modulepreload"]');
  for (const hint of hints) hint.remove();
}

dropHoistedHints();
await routerReady();
startTransition(() => {
  hydrateRoot(
    documentRoot(),
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
