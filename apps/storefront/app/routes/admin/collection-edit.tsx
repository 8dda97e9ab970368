import { Form, Link, redirect } from 'react-router';
import { Field } from '../../components/Field';
import { formFailure, invalidFields } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/collection-edit';
import { ActionButton, Empty, FormMessage, GroupError, PageHeader, Submit } from './ui';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.collection.name ?? 'Collection'} · Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const id = args.params.id;
  const find = args.url.searchParams.get('find')?.trim() ?? '';
  return run(async (client) => {
    const [collection, members, candidates] = await Promise.all([
      client.collections.get(id),
      client.products.list({ filter: { collectionIds: { $hasSome: [id] } }, limit: 100 }),
      client.products.list({ ...(find ? { search: find } : {}), limit: 20 }),
    ]);
    const inside = new Set(members.products.map((product) => product.id));
    return {
      collection,
      created: args.url.searchParams.has('created'),
      find,
      products: members.products.map(({ id, name }) => ({ id, name })),
      candidates: candidates.products
        .filter((product) => !inside.has(product.id))
        .map(({ id, name }) => ({ id, name })),
    };
  });
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const id = args.params.id;
  const form = formReader(await args.request.formData());
  const intent = form.text('intent');
  try {
    if (intent === 'delete') {
      await run((client) => client.collections.delete(id));
      return redirect('/admin/collections');
    }
    if (intent === 'remove') {
      await run((client) => client.collections.removeProducts(id, [form.text('id')]));
      return { ok: true, message: 'Product removed from the collection.' };
    }
    if (intent === 'add') {
      const productIds = form.all('productIds');
      if (productIds.length === 0) return invalidFields({ productIds: 'Tick the products to add.' });
      await run((client) => client.collections.addProducts(id, productIds));
      return {
        ok: true,
        message: `Added ${productIds.length} product${productIds.length === 1 ? '' : 's'}.`,
      };
    }
    await run((client) =>
      client.collections.update(id, {
        name: form.text('name'),
        description: form.text('description'),
        visible: form.checked('visible'),
        ...(form.optionalText('slug') ? { slug: form.text('slug') } : {}),
      }),
    );
    return {
      ok: true,
      message: form.checked('visible')
        ? 'Collection saved; it is published in the shop.'
        : 'Collection saved; it is hidden from the shop.',
    };
  } catch (error) {
    return formFailure(error, 'collection.');
  }
}

export default function CollectionEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, products, candidates, find } = loaderData;
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  return (
    <>
      <PageHeader title={collection.name}>
        <ActionButton intent="delete" variant="danger" label="Delete collection">
          Delete
        </ActionButton>
      </PageHeader>
      <p className="admin-breadcrumb">
        <Link to="/admin/collections">← All collections</Link>
      </p>
      {loaderData.created && !actionData ? (
        <p className="admin-alert admin-alert-ok" role="status">
          Collection created. It is hidden from the shop: add its products, then tick “Published in the shop”
          and save.
        </p>
      ) : (
        <FormMessage result={actionData} />
      )}
      <section className="admin-card" aria-labelledby="collection-details">
        <h2 id="collection-details">Details</h2>
        <Form method="post" noValidate>
          <div className="admin-row">
            <Field
              label="Name"
              name="name"
              defaultValue={collection.name}
              required
              maxLength={50}
              errors={errors}
            />
            <Field label="URL slug" name="slug" defaultValue={collection.slug} errors={errors} />
          </div>
          <Field
            label="Description"
            name="description"
            defaultValue={collection.description}
            maxLength={600}
            errors={errors}
          />
          <Field
            label="Published in the shop"
            name="visible"
            type="checkbox"
            defaultChecked={collection.visible}
            hint={`Published: in the shop's menu and at /collections/${collection.slug}. Hidden: shoppers cannot find it.`}
          />
          <Submit intent="save">Save collection</Submit>
        </Form>
      </section>
      <div className="admin-grid-2">
        <section className="admin-card" aria-labelledby="in-collection">
          <h2 id="in-collection">Products in this collection ({products.length})</h2>
          {products.length === 0 ? (
            <Empty>None yet: add some from the right.</Empty>
          ) : (
            <ul className="admin-list">
              {products.map((product) => (
                <li key={product.id}>
                  <Link to={`/admin/products/${product.id}`}>{product.name}</Link>
                  <ActionButton intent="remove" id={product.id} label={`Remove ${product.name}`}>
                    Remove
                  </ActionButton>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="admin-card" aria-labelledby="add-products">
          <h2 id="add-products">Add products</h2>
          <Form method="get" className="admin-inline-fields" role="search">
            <Field label="Find products" name="find" type="search" defaultValue={find} />
            <button type="submit" className="admin-button admin-button-secondary">
              Find
            </button>
          </Form>
          <Form method="post">
            {candidates.length === 0 ? (
              <Empty>No other products match.</Empty>
            ) : (
              <fieldset className="admin-checks">
                <legend>Products to add</legend>
                <GroupError errors={errors} name="productIds" />
                {candidates.map((product) => (
                  <Field
                    key={product.id}
                    label={product.name}
                    name="productIds"
                    type="checkbox"
                    value={product.id}
                  />
                ))}
              </fieldset>
            )}
            <Submit intent="add" variant="secondary">
              Add ticked products
            </Submit>
          </Form>
        </section>
      </div>
    </>
  );
}
