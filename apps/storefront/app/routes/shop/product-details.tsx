import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { useCartUi } from '../../components/cart-ui';
import { FieldError, FormAlert } from '../../components/Field';
import { JsMarker } from '../../components/hydrated';
import { Price } from '../../components/Price';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { type FormErrors, fieldError } from '../../lib/forms/form-errors';
import type { Product } from '../../lib/types';
import { choiceAvailable, type Selection, selectedVariant, selectionSearch } from '../../lib/variants';

type AddResult = { ok: true; added: number } | { ok: false; errors: FormErrors };

const GALLERY_SIZES = '(min-width: 960px) 560px, 100vw';
const FREQUENCY: Record<string, string> = { DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' };

/** The product page body: gallery, options, price, stock, subscription choice and add to cart. */
export function ProductDetails({
  product,
  initialSelection = {},
}: {
  product: Product;
  /** The options the page's URL chose (a reload or a shared link). */
  initialSelection?: Selection;
}) {
  const fetcher = useFetcher<AddResult>({ key: `add-${product.id}` });
  const { openCart } = useCartUi();
  const [selection, setSelection] = useState<Selection>(initialSelection);
  const images = product.media.items.filter((item) => item.image);
  const [imageIndex, setImageIndex] = useState(() => pictureOf(product, images, initialSelection));
  const variant = selectedVariant(product, selection);
  // The choice goes into the URL in place (no history entry per click, no reload of the page's data), so
  // that a reload or a shared link opens the same variant.
  useEffect(() => {
    const search = selectionSearch(product, selection, new URLSearchParams(window.location.search));
    if (search === window.location.search) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}`);
  }, [product, selection]);
  const result = fetcher.data;
  const errors = result && !result.ok ? result.errors : undefined;
  const quantityError = fieldError(errors, 'quantity');

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) openCart();
  }, [fetcher.state, fetcher.data, openCart]);

  const shown = images[imageIndex]?.image ?? product.media.mainMedia?.image;
  const price = variant?.variant.priceData ?? product.priceData;
  const inStock = variant ? variant.stock.inStock && variant.variant.visible : product.stock.inStock;
  const left = variant ? variant.stock.quantity : product.manageVariants ? undefined : product.stock.quantity;
  const plans = product.subscriptionOptions?.subscriptions.filter((s) => s.visible) ?? [];
  const oneTime = product.subscriptionOptions?.oneTimePurchase ?? true;

  return (
    <div className="container product">
      <section className="gallery" aria-label="Pictures">
        <div className="gallery-main">
          {shown ? (
            <ResponsiveImage
              image={shown}
              sizes={GALLERY_SIZES}
              priority
              alt={shown.altText ?? product.name}
            />
          ) : (
            <div className="image-placeholder" aria-hidden="true" />
          )}
          {product.ribbon ? <span className="ribbon">{product.ribbon}</span> : null}
        </div>
        {images.length > 1 ? (
          <ul className="gallery-thumbs">
            {images.map((item, index) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="thumb"
                  aria-label={`Show picture ${index + 1} of ${images.length}`}
                  aria-pressed={index === imageIndex}
                  onClick={() => setImageIndex(index)}
                >
                  {item.image ? <ResponsiveImage image={item.image} sizes="80px" alt="" /> : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="product-info" aria-labelledby="product-name">
        {product.brand ? <p className="product-brand">{product.brand}</p> : null}
        <h1 id="product-name">{product.name}</h1>
        <Price
          price={price}
          fromRange={variant ? undefined : product.priceRange}
          perUnit={product.pricePerUnitData}
          size="lg"
        />
        {product.discount && product.discount.type !== 'NONE' && price.discountedPrice < price.price ? (
          <p className="badge-sale">
            Save {product.discount.type === 'PERCENT' ? `${product.discount.value} %` : price.formatted.price}
          </p>
        ) : null}
        <StockState inStock={inStock} left={left} tracked={product.stock.trackInventory} />

        <fetcher.Form method="post" className="buy-form" noValidate>
          <JsMarker />
          <input type="hidden" name="intent" value="add" />
          {product.productOptions.map((option) => {
            const fieldName = `option:${option.name}`;
            // "Choose a size." goes as soon as a size is chosen, not at the next submit.
            const error = selection[option.name] ? undefined : fieldError(errors, fieldName);
            return (
              <fieldset
                key={option.name}
                className={`option-picker option-${option.optionType}`}
                aria-describedby={error ? `${option.name}-error` : undefined}
              >
                <legend>
                  {option.name}
                  {selection[option.name] ? (
                    <span className="option-chosen">: {selection[option.name]}</span>
                  ) : null}
                </legend>
                <div className="choices">
                  {option.choices
                    .filter((choice) => choice.visible)
                    .map((choice) => {
                      const available = choiceAvailable(product, selection, option.name, choice.description);
                      const id = `${option.name}-${choice.description}`.replace(/\W+/g, '-');
                      return (
                        <span
                          key={choice.description}
                          className={`choice${available ? '' : ' choice-unavailable'}`}
                        >
                          <input
                            type="radio"
                            id={id}
                            name={fieldName}
                            value={choice.description}
                            disabled={!available}
                            checked={selection[option.name] === choice.description}
                            onChange={() => {
                              setSelection({ ...selection, [option.name]: choice.description });
                              const pictured = images.findIndex((item) => item.id === choice.mediaId);
                              if (pictured >= 0) setImageIndex(pictured);
                            }}
                          />
                          <label htmlFor={id}>
                            {option.optionType === 'color' ? (
                              <span
                                className="swatch"
                                style={{ background: choice.value }}
                                aria-hidden="true"
                              />
                            ) : null}
                            <span className={option.optionType === 'color' ? 'visually-hidden' : undefined}>
                              {choice.description}
                            </span>
                            {available ? null : <span className="visually-hidden"> (sold out)</span>}
                          </label>
                        </span>
                      );
                    })}
                </div>
                <FieldError id={`${option.name}-error`} error={error} />
              </fieldset>
            );
          })}

          {plans.length > 0 ? (
            <fieldset className="plan-picker">
              <legend>How would you like it?</legend>
              {oneTime ? (
                <label className="plan">
                  <input type="radio" name="plan" value="" defaultChecked />
                  <span>
                    <strong>One-time purchase</strong>
                  </span>
                </label>
              ) : null}
              {plans.map((plan, index) => (
                <label key={plan.id} className="plan">
                  <input type="radio" name="plan" value={plan.id} defaultChecked={!oneTime && index === 0} />
                  <span>
                    <strong>{plan.title}</strong>
                    <span className="plan-detail">
                      Every {plan.interval > 1 ? `${plan.interval} ` : ''}
                      {FREQUENCY[plan.frequency] ?? plan.frequency.toLowerCase()}
                      {plan.interval > 1 ? 's' : ''}
                      {plan.billingCycles > 0 ? `, ${plan.billingCycles} deliveries` : ', until you cancel'}
                      {plan.description ? ` · ${plan.description}` : ''}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}

          <div className="buy-row">
            <div className="field field-quantity">
              <label htmlFor="quantity">Quantity</label>
              <input
                id="quantity"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={left && left > 0 ? left : 999}
                defaultValue={1}
                aria-invalid={quantityError ? true : undefined}
                aria-describedby={quantityError ? 'quantity-error' : undefined}
              />
            </div>
            <button
              type="submit"
              className="button button-large"
              disabled={!inStock || fetcher.state !== 'idle'}
            >
              {!inStock ? 'Sold out' : fetcher.state !== 'idle' ? 'Adding…' : 'Add to cart'}
            </button>
          </div>
          <FieldError id="quantity-error" error={quantityError} />
          <FormAlert message={errors?.form} />
          {result?.ok ? <FormAlert tone="success" message="Added to your cart." /> : null}
        </fetcher.Form>

        {product.description ? (
          <div className="product-description">
            <h2>About this product</h2>
            {paragraphs(product.description).map((text, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place
              <p key={index}>{text}</p>
            ))}
          </div>
        ) : null}
        {product.sku ? <p className="product-sku">SKU {product.sku}</p> : null}
      </section>
    </div>
  );
}

/** The picture of the first chosen option that has one (a colour's photo), else the first. */
function pictureOf(product: Product, images: Product['media']['items'], selection: Selection): number {
  for (const option of product.productOptions) {
    const mediaId = option.choices.find((c) => c.description === selection[option.name])?.mediaId;
    const index = mediaId ? images.findIndex((item) => item.id === mediaId) : -1;
    if (index >= 0) return index;
  }
  return 0;
}

/** A description's paragraphs, as the merchant typed them (blank lines between); line breaks stay (CSS). */
function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

function StockState({
  inStock,
  left,
  tracked,
}: {
  inStock: boolean;
  left: number | undefined;
  tracked: boolean;
}) {
  if (!inStock) return <p className="stock stock-out">Sold out</p>;
  if (tracked && left !== undefined && left <= 5) return <p className="stock stock-low">Only {left} left</p>;
  return <p className="stock stock-in">In stock</p>;
}
