// Meta tags of shop pages: title, description, canonical URL and Open Graph, from one call per page.

import type { MetaDescriptor } from 'react-router';

export interface SeoInput {
  title: string;
  description?: string | undefined;
  /** Absolute canonical URL (built from PUBLIC_URL, so every copy of a page names the same one). */
  url?: string | undefined;
  image?: string | undefined;
  type?: 'website' | 'product';
  /** Private pages (cart, checkout, orders) ask search engines to stay out. */
  noindex?: boolean;
}

export function seo({
  title,
  description,
  url,
  image,
  type = 'website',
  noindex = false,
}: SeoInput): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title },
    { property: 'og:title', content: title },
    { property: 'og:type', content: type },
  ];
  if (description) {
    const flat = description.replace(/\s+/g, ' ').trim();
    const short = flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
    tags.push({ name: 'description', content: short }, { property: 'og:description', content: short });
  }
  if (url) tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  if (image) tags.push({ property: 'og:image', content: image });
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** `https://shop.example` + `/products/mug`, without doubled slashes. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/$/, '')}${path}`;
}
