import { Link } from 'react-router';

/** Previous/next links for offset paging, keeping the other query parameters. */
export function Pager({
  search,
  offset,
  limit,
  count,
  total,
}: {
  search: URLSearchParams;
  offset: number;
  limit: number;
  count: number;
  total?: number | undefined;
}) {
  const link = (to: number) => {
    const next = new URLSearchParams(search);
    if (to > 0) next.set('offset', String(to));
    else next.delete('offset');
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const hasNext = total !== undefined ? offset + count < total : count === limit;
  return (
    <nav className="admin-pager" aria-label="Pages">
      <span>
        {count === 0
          ? 'Nothing to show'
          : `${offset + 1}–${offset + count}${total !== undefined ? ` of ${total}` : ''}`}
      </span>
      {offset > 0 ? <Link to={link(Math.max(0, offset - limit))}>← Previous</Link> : null}
      {hasNext ? <Link to={link(offset + limit)}>Next →</Link> : null}
    </nav>
  );
}
