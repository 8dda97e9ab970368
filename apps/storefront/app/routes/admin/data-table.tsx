import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One column of an admin table, declared once: its heading and how each row fills its cell.
 *
 * - `rowHeader`: the cell names the row (a product's name, an order's number). It is a `<th scope="row">`,
 *   so a screen reader announces it with every other cell of the row. One column per table.
 * - `numeric`: a figure (money, a count, a rate): right-aligned in tabular figures, so digits line up.
 * - `hideOnPhone`: a detail the row can do without on a narrow screen (the rest still scrolls sideways).
 * - `hiddenHeader`: a heading for screen readers only (a column of buttons needs no visible one).
 * - `actions`: the row's buttons, laid out in a row that wraps, the heading "Actions" unless given.
 * - `sortKey`: the list can be sorted by this column (see `sort` on the table): its heading links to it.
 */
export interface Column<Row> {
  key: string;
  header?: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  rowHeader?: boolean;
  numeric?: boolean;
  hideOnPhone?: boolean;
  hiddenHeader?: boolean;
  actions?: boolean;
  sortKey?: string;
  /** Extra classes on the column's cells and heading (e.g. `admin-select-cell` for a narrow tick box). */
  className?: string;
}

/**
 * How the list is sorted now, as its URL says (`?sort=price-asc`): sorting is the server's (the list is
 * paged there), so a sortable heading is a link to the same page sorted by its column.
 */
export interface TableSort {
  /** `<sortKey>-asc` or `<sortKey>-desc`; empty for the list's default order. */
  current: string;
  /** The page's query; the link keeps the other filters and starts paging over. */
  search: URLSearchParams;
}

type Labelled =
  /** Shown above the table (a screen reader announces it as the table's name). */
  | { caption: ReactNode; label?: never }
  /** The table's name for screen readers only, when a heading above already says what it lists. */
  | { label: string; caption?: never };

export type DataTableProps<Row> = Labelled & {
  columns: readonly (Column<Row> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** What an empty list says, and what to do next ("No coupons yet — create one above."). */
  empty: ReactNode;
  sort?: TableSort;
  /** Rows after the body (an order's subtotal, tax and total); their cells line up with the columns. */
  footer?: ReactNode;
  /** A class for a row (e.g. a total row). */
  rowClassName?: (row: Row) => string | undefined;
  /** Extra classes on the `<table>` (e.g. `admin-table-inputs` for a table of fields). */
  className?: string;
  /**
   * Lets a keyboard scroll the table sideways on a narrow screen. Needed when no cell holds a link or a
   * field (focusing one scrolls the table to it): a table of figures only.
   */
  keyboardScrollable?: boolean;
};

/**
 * The admin's table: columns declared once, named for screen readers, an empty state in words, and on a
 * phone it scrolls sideways inside its card rather than widening the page.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, rowKey, empty, sort, footer, rowClassName, className, keyboardScrollable } = props;
  const columns = props.columns.filter((column): column is Column<Row> => Boolean(column));
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  const table = (
    <table className={`admin-table${className ? ` ${className}` : ''}`} aria-label={props.label ?? undefined}>
      {props.caption ? <caption className="admin-table-caption">{props.caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <HeaderCell key={column.key} column={column} sort={sort} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((column) => (
              <BodyCell key={column.key} column={column} row={row} index={index} />
            ))}
          </tr>
        ))}
      </tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
  return keyboardScrollable ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <div className="admin-table-wrap" tabIndex={0}>
      {table}
    </div>
  ) : (
    <div className="admin-table-wrap">{table}</div>
  );
}

/** The cell classes a column asks for: `num` (figures), `admin-hide-phone`, its own. */
export function cellClass(column: Pick<Column<unknown>, 'numeric' | 'hideOnPhone' | 'className'>) {
  const classes = [
    column.numeric ? 'num' : '',
    column.hideOnPhone ? 'admin-hide-phone' : '',
    column.className ?? '',
  ].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

function BodyCell<Row>({ column, row, index }: { column: Column<Row>; row: Row; index: number }) {
  const content = column.cell(row, index);
  const inner = column.actions ? <div className="admin-row-actions">{content}</div> : content;
  return column.rowHeader ? (
    <th scope="row" className={cellClass(column)}>
      {inner}
    </th>
  ) : (
    <td className={cellClass(column)}>{inner}</td>
  );
}

function HeaderCell<Row>({ column, sort }: { column: Column<Row>; sort: TableSort | undefined }) {
  const header = column.header ?? (column.actions ? 'Actions' : '');
  const hidden = column.hiddenHeader ?? column.actions ?? false;
  if (column.sortKey && sort) {
    // Ascending first, then descending; `aria-sort` says which way the list is sorted now.
    const [key, order] = sort.current.split('-');
    const active = key === column.sortKey;
    const next = new URLSearchParams(sort.search);
    next.set('sort', `${column.sortKey}-${active && order === 'asc' ? 'desc' : 'asc'}`);
    next.delete('offset');
    return (
      <th
        scope="col"
        className={cellClass(column)}
        aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
      >
        <Link to={`?${next.toString()}`} className="admin-sort-link">
          {header}
          <span aria-hidden="true">{active ? (order === 'asc' ? ' ↑' : ' ↓') : ''}</span>
        </Link>
      </th>
    );
  }
  return (
    <th scope="col" className={cellClass(column)}>
      {hidden ? <span className="visually-hidden">{header}</span> : header}
    </th>
  );
}

/** An empty table's message, with what to do next. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="admin-empty">{children}</p>;
}
