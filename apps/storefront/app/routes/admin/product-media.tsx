import type { Product } from '@openshelf/sdk';
import { Form } from 'react-router';
import { Field, Submit } from './ui';

/** The product's gallery: upload an image (multipart, through the media library) or remove one. */
export function ProductMedia({
  product,
  errors,
}: {
  product: Product;
  errors?: Record<string, string> | undefined;
}) {
  return (
    <section className="admin-card" aria-labelledby="media-heading">
      <h2 id="media-heading">Images</h2>
      {product.media.items.length === 0 ? <p className="admin-empty">No images yet.</p> : null}
      <ul className="admin-media-grid">
        {product.media.items.map((item) => (
          <li key={item.id}>
            {item.thumbnail?.url || item.image?.url ? (
              <img
                src={item.thumbnail?.url ?? item.image?.url}
                alt={item.image?.altText ?? ''}
                width={120}
                height={120}
              />
            ) : null}
            <Form method="post">
              <input type="hidden" name="mediaId" value={item.id} />
              <button
                type="submit"
                name="intent"
                value="remove-media"
                className="admin-link-button"
                aria-label={`Remove image ${item.image?.altText || item.title || item.id}`}
              >
                Remove
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" encType="multipart/form-data" className="admin-inline-fields">
        <Field label="Image file" name="file" type="file" accept="image/*" errors={errors} />
        <Field label="Alt text" name="altText" hint="Describe the image for people who cannot see it." />
        <Submit intent="upload" variant="secondary">
          Upload image
        </Submit>
      </Form>
    </section>
  );
}
