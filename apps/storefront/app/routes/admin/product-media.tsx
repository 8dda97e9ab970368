import type { MediaItem, Product } from '@openshelf/sdk';
import { Form } from 'react-router';
import { Field } from '../../components/Field';
import { IMAGE_ACCEPT, IMAGE_FORMATS, type PendingImage } from '../../lib/admin/product-images';
import type { FormErrors } from '../../lib/forms/form-errors';
import { Submit } from './ui';

const KIND_LABELS: Record<MediaItem['mediaType'], string> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  document: 'Document',
  zip: 'ZIP archive',
};

/** What a gallery item is called: its alt text or title, else its kind and file name. */
function itemName(item: MediaItem): string {
  const url = item.image?.url ?? item.video?.files[0]?.url ?? item.file?.url ?? '';
  const fileName = decodeURIComponent(url.split('?')[0]?.split('/').pop() ?? '');
  return item.image?.altText || item.title || `${KIND_LABELS[item.mediaType]} ${fileName || item.id}`;
}

/**
 * The product's gallery: every item it holds (images as thumbnails; videos, audio, documents and archives
 * attached through the API as a named file tile, so they too can be seen and removed), an image upload
 * (through the media library; the server checks the file's content) and a Remove button per item.
 */
export function ProductMedia({ product, errors }: { product: Product; errors?: FormErrors | undefined }) {
  return (
    <section className="admin-card" aria-labelledby="media-heading">
      <h2 id="media-heading">Images</h2>
      {product.media.items.length === 0 ? <p className="admin-empty">No images yet.</p> : null}
      <ul className="admin-media-grid">
        {product.media.items.map((item) => {
          const name = itemName(item);
          const thumbnail = item.thumbnail?.url ?? item.image?.url;
          const link = item.file?.url ?? item.video?.files[0]?.url;
          return (
            <li key={item.id}>
              {thumbnail ? (
                <img src={thumbnail} alt={item.image?.altText ?? ''} width={120} height={120} />
              ) : (
                <a className="admin-media-file" href={link} target="_blank" rel="noreferrer">
                  <strong>{KIND_LABELS[item.mediaType]}</strong>
                  <span>{name}</span>
                </a>
              )}
              <Form method="post">
                <input type="hidden" name="mediaId" value={item.id} />
                <button
                  type="submit"
                  name="intent"
                  value="remove-media"
                  className="admin-link-button"
                  aria-label={`Remove ${name}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
      <Form method="post" encType="multipart/form-data" className="admin-inline-fields">
        <Field
          label="Image file"
          name="file"
          type="file"
          accept={IMAGE_ACCEPT}
          hint={`${IMAGE_FORMATS}.`}
          errors={errors}
        />
        <Field label="Alt text" name="altText" hint="Describe the image for people who cannot see it." />
        <Submit intent="upload" variant="secondary">
          Upload image
        </Submit>
      </Form>
    </section>
  );
}

/**
 * Images for a product not created yet: chosen with the product's own form and uploaded when it is sent,
 * then attached as the product is created. If the product cannot be created yet (a field to correct), the
 * images already uploaded are kept in the form (hidden fields) and shown, so nothing is chosen twice.
 */
export function NewProductImages({
  pending,
  errors,
}: {
  pending: readonly PendingImage[];
  errors?: FormErrors | undefined;
}) {
  return (
    <section className="admin-card" aria-labelledby="media-heading">
      <h2 id="media-heading">Images</h2>
      {pending.length > 0 ? (
        <>
          <p className="admin-hint">Uploaded; added when the product is created:</p>
          <ul className="admin-media-grid">
            {pending.map((image) => (
              <li key={image.id}>
                <input type="hidden" name="pendingImage" value={image.token} />
                <img src={image.thumbnailUrl} alt={image.fileName} width={120} height={120} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="admin-row">
        <Field
          // A new key empties the picker once its files are uploaded (they are listed above instead).
          key={pending.map((image) => image.id).join()}
          label="Image files"
          name="file"
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          hint={`${IMAGE_FORMATS}. You can add more later.`}
          errors={errors}
        />
        <Field label="Alt text" name="altText" hint="Describe the images for people who cannot see them." />
      </div>
    </section>
  );
}
