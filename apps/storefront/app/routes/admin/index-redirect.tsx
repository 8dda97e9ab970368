import { redirect } from 'react-router';

export const DASHBOARD_PATH = '/admin/dashboard';

export function loader() {
  return redirect(DASHBOARD_PATH);
}
