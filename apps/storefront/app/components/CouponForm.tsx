import { useFetcher } from 'react-router';
import { type FormErrors, fieldError } from '../lib/forms/form-errors';
import { JsMarker } from './hydrated';

interface CouponFormProps {
  couponCode?: string | undefined;
  idPrefix: string;
  /** The error of a plain (no JavaScript) post, which arrives as the page's action data. */
  pageError?: string | undefined;
}

/** Apply or remove the cart's coupon; the API's refusal is shown at the field. */
export function CouponForm({ couponCode, idPrefix, pageError }: CouponFormProps) {
  const fetcher = useFetcher<{ errors?: FormErrors }>({ key: `coupon-${idPrefix}` });
  const error = fieldError(fetcher.data?.errors, 'couponCode') ?? pageError;
  const inputId = `${idPrefix}-coupon`;
  if (couponCode) {
    return (
      <fetcher.Form method="post" action="/cart" className="coupon-applied">
        <JsMarker />
        <input type="hidden" name="intent" value="remove-coupon" />
        <p>
          Coupon <strong>{couponCode}</strong> applied.{' '}
          <button type="submit" className="link-button">
            Remove coupon
          </button>
        </p>
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form method="post" action="/cart" className="coupon-form">
      <JsMarker />
      <input type="hidden" name="intent" value="coupon" />
      <label htmlFor={inputId}>Coupon code</label>
      <div className="inline-field">
        <input
          id={inputId}
          name="couponCode"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="button button-secondary" disabled={fetcher.state !== 'idle'}>
          Apply
        </button>
      </div>
      {error ? (
        <p className="field-error" id={`${inputId}-error`}>
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
