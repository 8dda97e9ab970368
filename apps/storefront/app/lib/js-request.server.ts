/**
 * Whether a form post came from JavaScript (a fetcher) rather than a plain browser form, so the action
 * answers with data instead of the redirect a plain post needs. The hidden `_js` field (JsMarker) says
 * so once it has rendered; a click in the instant between hydration and that render is still a fetch,
 * and a fetch does not ask for an HTML page the way every browser form submission does.
 */
export function sentByJavaScript(request: Request, form: FormData): boolean {
  if (form.get('_js') === '1') return true;
  return !(request.headers.get('accept') ?? '').includes('text/html');
}
