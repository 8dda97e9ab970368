import { useEffect, useState } from 'react';

/** False during SSR and on a page whose JavaScript never ran; true once React has hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Marks a form as sent by JavaScript (a fetcher): the action then answers with data instead of the
 * redirect a plain browser POST needs. Without JavaScript the field is never rendered.
 */
export function JsMarker() {
  return useHydrated() ? <input type="hidden" name="_js" value="1" /> : null;
}
