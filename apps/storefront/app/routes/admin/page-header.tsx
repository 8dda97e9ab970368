import type { ReactNode } from 'react';

/** A page's title, and its main actions beside it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="admin-page-header">
      <h1>{title}</h1>
      {children ? <div className="admin-page-actions">{children}</div> : null}
    </header>
  );
}
