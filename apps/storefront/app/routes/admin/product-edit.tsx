import type { AdminClient, Product } from '@openshelf/sdk';
import { Form, Link, redirect } from 'react-router';
import { FieldIdsByName } from '../../components/Field';
import { formFailure, invalidFields } from '../../lib/admin/forms.server';
import { checkProductForm, parseProductForm, productFieldName } from '../../lib/admin/product-form.server';
import { type PendingImage, pendingFromFile, pendingFromForm } from '../../lib/admin/product-images';
import { requireStaff } from '../../lib/admin/session.server';
import type { Route } from './+types/product-edit';
import { ProductFields, productFieldLabels } from './product-fields';
import { NewProductImages, ProductMedia } from './product-media';
import { soldOutVariants } from './product-variants';
import { ActionButton, ErrorSummary, FormMessage, PageHeader, Submit } from './ui';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.product ? data.product.name : 'New product'} · Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const id = args.params.id;
  return run(async (client) => {
    const [product, collections] = await Promise.all([
      id ? client.products.get(id) : Promise.resolve(undefined),
      client.collections.list({ limit: 100 }),
    ]);
    return {
      product: product ?? null,
      collections: collections.collections.map(({ id, name }) => ({ id, name })),
      created: args.url.searchParams.has('created'),
    };
  });
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const id = args.params.id;
  const data = await args.request.formData();
  const intent = data.get('intent');
  if (id && intent === 'delete') {
    await run((client) => client.products.delete(id));
    return redirect('/admin/products');
  }
  const altText = String(data.get('altText') ?? '').trim();
  if (id && intent === 'upload') {
    const [file] = chosenFiles(data);
    if (!file) return invalidFields({ file: 'Choose an image to upload.' });
    try {
      await run(async (client) => {
        const uploaded = await uploadImage(client, file);
        await client.products.addMedia(id, [{ mediaId: uploaded.id, ...(altText ? { altText } : {}) }]);
      });
      return { ok: true, message: `Added ${file.name}.` };
    } catch (error) {
      return formFailure(error, '', () => 'file');
    }
  }
  if (id && intent === 'remove-media') {
    const mediaId = String(data.get('mediaId') ?? '');
    await run((client) => client.products.removeMedia(id, [mediaId]));
    return { ok: true, message: 'Image removed.' };
  }

  const existing = id ? await run((client) => client.products.get(id)) : undefined;
  const parsed = parseProductForm(data, existing);
  const problems = checkProductForm(data, existing);
  // A new product's images are uploaded first and attached as it is created; the ones uploaded by an
  // earlier try that the API refused come back from the form.
  const pending: PendingImage[] = id ? [] : pendingFromForm(data.getAll('pendingImage'));
  if (!id) {
    try {
      for (const file of chosenFiles(data))
        pending.push(pendingFromFile(await run((client) => uploadImage(client, file))));
    } catch (error) {
      return formFailure(error, '', () => 'file', { pendingImages: pending });
    }
  }
  // Every problem the form shows at once: nothing is sent while an entry cannot be read.
  if (Object.keys(problems).length > 0) return invalidFields(problems, { pendingImages: pending });
  try {
    if (!id) {
      const { name = '', priceData, ...fields } = parsed.input;
      if (!priceData)
        return invalidFields({ 'priceData.price': 'Enter a price.' }, { pendingImages: pending });
      const media = pending.map((image) => ({ mediaId: image.id, ...(altText ? { altText } : {}) }));
      const created = await run((client) =>
        client.products.create({ ...fields, name, priceData, ...(media.length > 0 ? { media } : {}) }),
      );
      return redirect(`/admin/products/${created.id}?created=1`);
    }
    await run(async (client) => {
      await client.products.update(id, parsed.input);
      if (parsed.variants.length > 0) await client.products.updateVariants(id, parsed.variants);
    });
    return { ok: true, message: 'Product saved.' };
  } catch (error) {
    return formFailure(error, 'product.', productFieldName(parsed.variantIds), { pendingImages: pending });
  }
}

function chosenFiles(data: FormData): File[] {
  return data.getAll('file').filter((file): file is File => file instanceof File && file.size > 0);
}

/** Product galleries take images only; the server checks the content, not the name. */
function uploadImage(client: AdminClient, file: File) {
  return client.media.upload(file, file.name, 'public', { mediaType: 'image' });
}

export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product, collections } = loaderData;
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  const pendingImages =
    actionData && 'pendingImages' in actionData ? (actionData.pendingImages as PendingImage[]) : [];
  return (
    <>
      <PageHeader title={product ? product.name : 'New product'}>
        {product ? (
          <>
            <a href={`/products/${product.slug}`} className="admin-button admin-button-secondary">
              View in shop
            </a>
            <ActionButton intent="delete" variant="danger" label="Delete product">
              Delete
            </ActionButton>
          </>
        ) : null}
      </PageHeader>
      <p className="admin-breadcrumb">
        <Link to="/admin/products">← All products</Link>
      </p>
      {loaderData.created && !actionData ? (
        <p className="admin-alert admin-alert-ok" role="status">
          {product?.manageVariants && soldOutVariants(product as Product).length > 0
            ? 'Product created. Its variants start at 0 in stock, so the shop shows them sold out: set the stock and price of each variant below.'
            : product?.manageVariants
              ? 'Product created. Check the stock and price of each variant below.'
              : 'Product created.'}
        </p>
      ) : null}
      {actionData && !actionData.ok ? (
        <ErrorSummary errors={errors} labels={productFieldLabels(product as Product | null)} />
      ) : (
        <FormMessage result={actionData} />
      )}
      <Form
        method="post"
        className="admin-form admin-edit-grid"
        noValidate
        {...(product ? {} : { encType: 'multipart/form-data' as const })}
      >
        {/* The error summary links to these fields by name. */}
        <FieldIdsByName.Provider value={true}>
          <ProductFields product={product as Product | null} collections={collections} errors={errors} />
        </FieldIdsByName.Provider>
        {product ? null : <NewProductImages pending={pendingImages} errors={errors} />}
        <div className="admin-form-actions">
          <Submit intent="save">{product ? 'Save product' : 'Create product'}</Submit>
        </div>
      </Form>
      {product ? <ProductMedia product={product as Product} errors={errors} /> : null}
    </>
  );
}
