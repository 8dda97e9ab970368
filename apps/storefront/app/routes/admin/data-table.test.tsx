import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { type Column, DataTable, type DataTableProps } from './data-table';

interface Coupon {
  id: string;
  code: string;
  uses: number;
  expires: string;
}

const COUPONS: Coupon[] = [
  { id: 'c1', code: 'SPRING15', uses: 3, expires: 'Jun 1, 2027' },
  { id: 'c2', code: 'WELCOME', uses: 12, expires: '—' },
];

const COLUMNS: Column<Coupon>[] = [
  { key: 'code', header: 'Code', rowHeader: true, cell: (coupon) => coupon.code },
  { key: 'used', header: 'Used', numeric: true, cell: (coupon) => coupon.uses },
  { key: 'expires', header: 'Expires', hideOnPhone: true, cell: (coupon) => coupon.expires },
  { key: 'actions', actions: true, cell: (coupon) => <button type="button">Delete {coupon.code}</button> },
];

function render(props: Partial<DataTableProps<Coupon>> = {}, url = '/admin/coupons') {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <DataTable
        label="Coupons"
        rows={COUPONS}
        rowKey={(coupon) => coupon.id}
        columns={COLUMNS}
        empty="No coupons yet — create one above."
        {...(props as object)}
      />
    </MemoryRouter>,
  );
}

/** The markup of each `<tag>…</tag>` in order (the component renders flat cells, no nested tables). */
const all = (html: string, tag: string) =>
  html.match(new RegExp(`<${tag}[ >][\\s\\S]*?</${tag}>`, 'g')) ?? [];
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('DataTable', () => {
  test('declares each column once: its heading in the head, its cell in every row', () => {
    const html = render();
    const head = all(html, 'thead')[0] ?? '';
    expect(all(head, 'th').map(text)).toEqual(['Code', 'Used', 'Expires', 'Actions']);
    expect(all(head, 'th').every((cell) => cell.includes('scope="col"'))).toBe(true);
    const rows = all(all(html, 'tbody')[0] ?? '', 'tr');
    expect(rows).toHaveLength(2);
    expect(text(rows[1] ?? '')).toBe('WELCOME12—Delete WELCOME');
  });

  test('names the table for screen readers, by a label or by a visible caption', () => {
    expect(render()).toContain('<table class="admin-table" aria-label="Coupons">');
    const captioned = renderToStaticMarkup(
      <MemoryRouter>
        <DataTable
          caption="Coupons in use"
          rows={COUPONS}
          rowKey={(coupon) => coupon.id}
          columns={COLUMNS}
          empty="None"
        />
      </MemoryRouter>,
    );
    expect(captioned).toContain('<caption class="admin-table-caption">Coupons in use</caption>');
    expect(captioned).not.toContain('aria-label');
  });

  test("makes the row's name a row header, the other cells data cells", () => {
    const row = all(all(render(), 'tbody')[0] ?? '', 'tr')[0] ?? '';
    expect(all(row, 'th')).toEqual(['<th scope="row">SPRING15</th>']);
    expect(all(row, 'td')).toHaveLength(3);
  });

  test('right-aligns figures (tabular) and marks what a phone hides, in the heading and the cells', () => {
    const html = render();
    expect(html).toContain('<th scope="col" class="num">Used</th>');
    expect(html).toContain('<td class="num">3</td>');
    expect(html).toContain('<th scope="col" class="admin-hide-phone">Expires</th>');
    expect(html).toContain('<td class="admin-hide-phone">Jun 1, 2027</td>');
    // Text columns keep the default (left) alignment.
    expect(html).toContain('<th scope="col">Code</th>');
  });

  test('gives a column of buttons a heading for screen readers only, and lays the buttons out in a row', () => {
    const html = render();
    expect(html).toContain('<th scope="col"><span class="visually-hidden">Actions</span></th>');
    expect(html).toContain('<td><div class="admin-row-actions"><button type="button">Delete SPRING15');
  });

  test('says in words what an empty list means, instead of an empty table', () => {
    const html = render({ rows: [] });
    expect(html).toContain('<p class="admin-empty">No coupons yet — create one above.</p>');
    expect(html).not.toContain('<table');
  });

  test('scrolls sideways inside its card; a table of figures only can be scrolled by keyboard', () => {
    expect(render()).toMatch(/^<div class="admin-table-wrap"><table/);
    expect(render({ keyboardScrollable: true })).toMatch(
      /^<div class="admin-table-wrap" tabindex="0"><table/,
    );
  });

  test('leaves out the columns a page does not want (false in the list)', () => {
    const html = render({ columns: [COLUMNS[0], false, COLUMNS[1]] as DataTableProps<Coupon>['columns'] });
    expect(all(all(html, 'thead')[0] ?? '', 'th').map(text)).toEqual(['Code', 'Used']);
  });

  describe('sorting, as the URL says', () => {
    const sortable: Column<Coupon>[] = [
      { key: 'code', header: 'Code', rowHeader: true, sortKey: 'code', cell: (coupon) => coupon.code },
      { key: 'used', header: 'Used', numeric: true, sortKey: 'uses', cell: (coupon) => coupon.uses },
    ];
    const sorted = (current: string) =>
      render({
        columns: sortable,
        sort: { current, search: new URLSearchParams(`q=spring&offset=25&sort=${current}`) },
      });

    test('links each sortable heading to the list sorted by it, ascending first, keeping filters, from page 1', () => {
      const html = sorted('');
      expect(html).toContain('href="/admin/coupons?q=spring&amp;sort=code-asc"');
      expect(html).toContain('href="/admin/coupons?q=spring&amp;sort=uses-asc"');
      expect(html).not.toContain('aria-sort');
    });

    test('says which column sorts the list and which way; its link turns the order round', () => {
      const html = sorted('uses-asc');
      expect(html).toContain('<th scope="col" class="num" aria-sort="ascending">');
      expect(html).toContain('href="/admin/coupons?q=spring&amp;sort=uses-desc"');
      expect(html).toContain('<span aria-hidden="true"> ↑</span>');
      const descending = sorted('uses-desc');
      expect(descending).toContain('aria-sort="descending"');
      expect(descending).toContain('href="/admin/coupons?q=spring&amp;sort=uses-asc"');
    });
  });
});
