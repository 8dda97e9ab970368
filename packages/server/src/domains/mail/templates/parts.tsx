import { Heading } from '@react-email/heading';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { MailOrderLine, MailTotalRow } from '../mail-templates.contract.js';

const cell = {
  padding: '8px 0',
  fontSize: '14px',
  lineHeight: '20px',
  color: '#1a1a1a',
  verticalAlign: 'top',
};
const head = { ...cell, fontWeight: 600, borderBottom: '1px solid #e5e5e5', textAlign: 'left' as const };
const right = { textAlign: 'right' as const };
const option = { display: 'block', color: '#555555', fontSize: '13px' };

/**
 * The lines of an order as a data table (a caption and column headers for screen readers, not a layout
 * table). Pass `amounts: false` for a shipment, where prices do not matter.
 */
export function LinesTable(props: {
  caption: string;
  lines: (Pick<MailOrderLine, 'name' | 'options' | 'quantity'> & Partial<MailOrderLine>)[];
  amounts?: boolean;
}) {
  const amounts = props.amounts !== false;
  return (
    <table
      className="data"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', margin: '8px 0 16px' }}
    >
      <caption style={{ textAlign: 'left', fontWeight: 600, fontSize: '15px', padding: '0 0 8px' }}>
        {props.caption}
      </caption>
      <thead>
        <tr>
          <th scope="col" style={head}>
            Item
          </th>
          <th scope="col" style={{ ...head, ...right }}>
            Qty
          </th>
          {amounts ? (
            <>
              <th scope="col" style={{ ...head, ...right }}>
                Price
              </th>
              <th scope="col" style={{ ...head, ...right }}>
                Total
              </th>
            </>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {props.lines.map((line, index) => (
          // Lines have no id in mail: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <tr key={index}>
            <td style={cell}>
              {line.name}
              {line.options.map((text) => (
                <span key={text} className="option" style={option}>
                  {text}
                </span>
              ))}
            </td>
            <td style={{ ...cell, ...right }}>{line.quantity}</td>
            {amounts ? (
              <>
                <td style={{ ...cell, ...right }}>{line.unitPrice}</td>
                <td style={{ ...cell, ...right }}>{line.lineTotal}</td>
              </>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Subtotal, discount, shipping, tax, gift card and total, as a two-column data table. */
export function TotalsTable(props: { rows: MailTotalRow[]; caption?: string }) {
  return (
    <table
      className="data"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', margin: '0 0 16px' }}
    >
      <caption style={{ textAlign: 'left', fontWeight: 600, fontSize: '15px', padding: '0 0 8px' }}>
        {props.caption ?? 'Totals'}
      </caption>
      <tbody>
        {props.rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <tr key={index}>
            <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: row.total ? 700 : 400 }}>
              {row.label}
            </th>
            <td style={{ ...cell, ...right, fontWeight: row.total ? 700 : 400 }}>{row.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An address printed line by line, as its country writes it. */
export function AddressBlock(props: { title: string; lines: string[] }) {
  if (props.lines.length === 0) return null;
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <Heading as="h2" style={{ fontSize: '15px', margin: '0 0 4px' }}>
        {props.title}
      </Heading>
      <Text style={{ fontSize: '14px', lineHeight: '20px', margin: 0 }}>
        {props.lines.map((line, index) => (
          <span key={line}>
            {index > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </Text>
    </Section>
  );
}
