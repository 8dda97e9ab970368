import { useFetcher } from 'react-router';
import type { FormErrors } from '../lib/forms/form-errors';
import type { LineItem, Violation } from '../lib/types';
import { JsMarker } from './hydrated';
import { LineSummary } from './LineSummary';

/**
 * Editable cart lines. Each change is a plain form POST to /cart (works without JavaScript); with
 * JavaScript a fetcher sends it and the line shows the new quantity (or disappears) at once.
 */
export function CartLines({ lines, violations }: { lines: LineItem[]; violations: Violation[] }) {
  return (
    <ul className="cart-lines">
      {lines.map((line) => (
        <CartLine
          key={line.id}
          line={line}
          problems={violations.filter((v) => v.target?.lineItem?.id === line.id)}
        />
      ))}
    </ul>
  );
}

function CartLine({ line, problems }: { line: LineItem; problems: Violation[] }) {
  const fetcher = useFetcher<{ errors?: FormErrors }>({ key: `cart-line-${line.id}` });
  const pending = fetcher.formData;
  const removing = pending?.get('intent') === 'remove' || pending?.get('quantity') === '0';
  const quantity = pending?.get('intent') === 'quantity' ? Number(pending.get('quantity')) : line.quantity;
  if (removing) return null;
  const max = line.availability?.quantityAvailable;
  const errorId = `line-error-${line.id}`;
  const failure = fetcher.data?.errors?.form;
  return (
    <li className="cart-line">
      <LineSummary line={line} />
      <div className="cart-line-actions">
        <fetcher.Form method="post" action="/cart" className="qty-form">
          <JsMarker />
          <input type="hidden" name="intent" value="quantity" />
          <input type="hidden" name="lineItemId" value={line.id} />
          <button
            type="submit"
            name="quantity"
            value={quantity - 1}
            className="qty-step"
            aria-label={`One fewer ${line.productName.original}`}
          >
            −
          </button>
          <output
            className="qty-value"
            aria-live="polite"
            aria-label={`Quantity of ${line.productName.original}`}
          >
            {quantity}
          </output>
          <button
            type="submit"
            name="quantity"
            value={quantity + 1}
            className="qty-step"
            disabled={max !== undefined && quantity >= max}
            aria-label={`One more ${line.productName.original}`}
          >
            +
          </button>
        </fetcher.Form>
        <p className="line-price">{line.lineItemPrice?.formattedAmount ?? line.price.formattedAmount}</p>
        <fetcher.Form method="post" action="/cart">
          <JsMarker />
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="lineItemId" value={line.id} />
          <button type="submit" className="link-button" aria-label={`Remove ${line.productName.original}`}>
            Remove
          </button>
        </fetcher.Form>
      </div>
      {problems.length > 0 || failure ? (
        <div className="line-problems" id={errorId} role="alert">
          {problems.map((p) => (
            <p
              key={p.code + p.description}
              className={p.severity === 'ERROR' ? 'problem-error' : 'problem-warning'}
            >
              {p.description}
            </p>
          ))}
          {failure ? <p className="problem-error">{failure}</p> : null}
        </div>
      ) : null}
    </li>
  );
}
