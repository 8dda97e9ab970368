import { data, Link, redirect } from 'react-router';
import { ProductGrid } from '../../components/ProductCard';
import { addToCart } from '../../lib/cart.server';
import { getProductBySlug, relatedProducts } from '../../lib/catalog.server';
import { storefrontContext } from '../../lib/context';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { formErrors } from '../../lib/forms/form-errors';
import { hostedFlowOf } from '../../lib/hosted-flow.server';
import { sentByJavaScript } from '../../lib/js-request.server';
import { mediaPath } from '../../lib/media';
import { absoluteUrl, seo } from '../../lib/seo';
import { getSession } from '../../lib/session.server';
import type { Product } from '../../lib/types';
import { selectionFromUrl } from '../../lib/variants';
import type { Route } from './+types/product';
import { NotFoundContent } from './not-found';
import { ProductDetails } from './product-details';

export function meta({ data }: Route.MetaArgs) {
  if (!data?.product) return seo({ title: 'Product not found', noindex: true });
  const { product } = data;
  return [
    ...seo({
      title: `${product.name} · ${data.storeName}`,
      description: product.description,
      url: data.canonical,
      image: data.image,
      type: 'product',
    }),
    { 'script:ld+json': data.jsonLd },
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { storeName, publicUrl } = context.get(storefrontContext);
  const session = await getSession(request, context);
  const product = await getProductBySlug(session.catalog, params.slug);
  if (!product) return data({ product: undefined, storeName } as const, { status: 404 });
  // The product's first collection (in the shop's order) is its place in the breadcrumbs and where
  // related products come from.
  const collections = await session.collections();
  const found = collections.find((c) => product.collectionIds?.includes(c.id));
  const collection = found ? { name: found.name, slug: found.slug } : undefined;
  const related = found ? await relatedProducts(session.catalog, found.id, product.id) : [];
  // Opened from an app's redirect session: a way back to the app.
  const flow = await hostedFlowOf(request, session, 'storesProduct');
  const backUrl = flow?.callbacks.postFlowUrl;
  const canonical = absoluteUrl(publicUrl, `/products/${product.slug}`);
  const mainImage = product.media.mainMedia?.image;
  const image = mainImage ? absoluteUrl(publicUrl, mediaPath(mainImage.url)) : undefined;
  return {
    storeName,
    product,
    // The options a shared or reloaded URL chose, rendered chosen (the canonical URL has none).
    selection: selectionFromUrl(product, new URL(request.url).searchParams),
    collection,
    related,
    canonical,
    image,
    jsonLd: productJsonLd(product, canonical, image),
    ...(backUrl ? { backUrl } : {}),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await getSession(request, context);
  const form = await request.formData();
  const js = sentByJavaScript(request, form);
  const product = await getProductBySlug(session.catalog, params.slug);
  if (!product) throw data('Not found', { status: 404 });

  const fields: Record<string, string> = {};
  const options: Record<string, string> = {};
  for (const option of product.productOptions) {
    const value = String(form.get(`option:${option.name}`) ?? '');
    if (!value) fields[`option:${option.name}`] = `Choose a ${option.name.toLowerCase()}.`;
    else options[option.name] = value;
  }
  const quantity = Number(form.get('quantity') ?? 1);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999) {
    fields.quantity = 'Enter a quantity from 1 to 999.';
  }
  const plan = String(form.get('plan') ?? '');
  if (Object.keys(fields).length > 0)
    return data({ ok: false as const, errors: formErrors(fields) }, { status: 400 });

  try {
    await addToCart(session.client, {
      productId: product.id,
      quantity,
      options,
      ...(plan ? { subscriptionOptionId: plan } : {}),
    });
  } catch (error) {
    const errors = apiFormErrors(error, {
      fields: (field) => (field.includes('quantity') ? 'quantity' : undefined),
      codes: { INSUFFICIENT_STOCK: 'quantity' },
    });
    return data({ ok: false as const, errors }, { status: 400 });
  }
  // A plain form post (no JavaScript) lands on the cart page; a fetcher stays and opens the drawer.
  if (!js) return redirect('/cart');
  return { ok: true as const, added: quantity };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.product) return <NotFoundContent what="product" />;
  return (
    <>
      {loaderData.backUrl ? (
        <p className="container flow-back">
          <a href={loaderData.backUrl}>← Back to the shop you came from</a>
        </p>
      ) : null}
      <Breadcrumbs collection={loaderData.collection} product={loaderData.product.name} />
      <ProductDetails
        key={`${loaderData.product.id}?${JSON.stringify(loaderData.selection)}`}
        product={loaderData.product}
        initialSelection={loaderData.selection}
      />
      {loaderData.collection && loaderData.related.length > 0 ? (
        <section className="container section related" aria-labelledby="related-products">
          <div className="section-head">
            <h2 id="related-products">More from {loaderData.collection.name}</h2>
            <Link to={`/collections/${loaderData.collection.slug}`}>View all</Link>
          </div>
          <ProductGrid products={loaderData.related} />
        </section>
      ) : null}
    </>
  );
}

function Breadcrumbs({
  collection,
  product,
}: {
  collection?: { name: string; slug: string };
  product: string;
}) {
  return (
    <nav className="container breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          {collection ? (
            <Link to={`/collections/${collection.slug}`}>{collection.name}</Link>
          ) : (
            <Link to="/search">All products</Link>
          )}
        </li>
        <li aria-current="page">{product}</li>
      </ol>
    </nav>
  );
}

/** schema.org Product for rich results: name, images, brand, SKU and the offer as the page shows it. */
function productJsonLd(product: Product, url: string, image: string | undefined) {
  const price = product.priceData;
  const range = product.priceRange;
  const availability = product.stock.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    url,
    ...(image ? { image: [image] } : {}),
    ...(product.description ? { description: product.description } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers:
      range && range.minValue !== range.maxValue
        ? {
            '@type': 'AggregateOffer',
            priceCurrency: price.currency,
            lowPrice: range.minValue,
            highPrice: range.maxValue,
            availability,
          }
        : {
            '@type': 'Offer',
            priceCurrency: price.currency,
            price: price.discountedPrice,
            availability,
            url,
          },
  };
}
