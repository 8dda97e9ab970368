import { redirect } from 'react-router';

// Browsers ask for /favicon.ico on pages without an icon link (e.g. raw JSON); send them to the SVG.
export function loader() {
  return redirect('/favicon.svg', { status: 301 });
}
