import { storefrontContext } from '../../lib/context';
import type { Route } from './+types/home';

export function meta({ data }: Route.MetaArgs) {
  const storeName = data?.storeName ?? 'Store';
  return [
    { title: storeName },
    { name: 'description', content: `${storeName}: shop online with fast, secure checkout.` },
    { property: 'og:title', content: storeName },
    { property: 'og:type', content: 'website' },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { storeName } = context.get(storefrontContext);
  return { storeName };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">Welcome to</p>
          <h1>{loaderData.storeName}</h1>
          <p className="lead">
            Thoughtfully made goods, a cart that remembers you, and a checkout that takes a minute.
          </p>
        </div>
      </section>
      <section className="container features" aria-label="How shopping here works">
        <article>
          <h2>Browse</h2>
          <p>Find products by collection, search and filters, with live stock on every option.</p>
        </article>
        <article>
          <h2>Keep your cart</h2>
          <p>Your cart follows you from visit to visit, and joins your account when you sign in.</p>
        </article>
        <article>
          <h2>Check out</h2>
          <p>Coupons, gift cards, shipping or pickup — one page, with totals you can trust.</p>
        </article>
      </section>
    </>
  );
}
