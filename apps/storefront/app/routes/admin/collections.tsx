import { Form, Link, redirect } from 'react-router';
import { Field } from '../../components/Field';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/collections';
import { DataTable } from './data-table';
import { Badge, FormMessage, PageHeader, Submit } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Collections · Admin' }];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  return run((client) => client.collections.list({ limit: 100 }));
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const form = formReader(await args.request.formData());
  try {
    const created = await run((client) =>
      client.collections.create({
        name: form.text('name'),
        description: form.text('description'),
        // Hidden until published: an empty collection must not appear in the shop's menu at once.
        visible: false,
      }),
    );
    return redirect(`/admin/collections/${created.id}?created=1`);
  } catch (error) {
    return formFailure(error, 'collection.');
  }
}

export default function Collections({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  return (
    <>
      <PageHeader title="Collections" />
      <FormMessage result={actionData} />
      <section className="admin-card" aria-labelledby="new-collection-heading">
        <h2 id="new-collection-heading">New collection</h2>
        <Form method="post" className="admin-inline-fields" noValidate>
          <Field label="Name" name="name" required maxLength={50} errors={errors} />
          <Field label="Description" name="description" maxLength={600} errors={errors} />
          <Submit>Create collection</Submit>
          <small className="admin-hint admin-block">
            New collections are hidden from the shop until you publish them.
          </small>
        </Form>
      </section>
      <div className="admin-card admin-card-flush">
        <DataTable
          label="Collections"
          rows={loaderData.collections}
          rowKey={(collection) => collection.id}
          empty="No collections yet. Group products so shoppers can browse them."
          columns={[
            {
              key: 'collection',
              header: 'Collection',
              rowHeader: true,
              cell: (collection) => (
                <>
                  <Link to={`/admin/collections/${collection.id}`}>{collection.name}</Link>
                  <small className="admin-muted admin-block">/{collection.slug}</small>
                </>
              ),
            },
            {
              key: 'status',
              header: 'Status',
              cell: (collection) => (
                <Badge status={collection.visible ? 'ACTIVE' : 'HIDDEN'}>
                  {collection.visible ? 'Published' : 'Hidden'}
                </Badge>
              ),
            },
            {
              key: 'products',
              header: 'Products',
              numeric: true,
              cell: (collection) => collection.numberOfProducts,
            },
          ]}
        />
      </div>
    </>
  );
}
