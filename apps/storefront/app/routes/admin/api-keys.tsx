import type { ApiKeyRole } from '@openshelf/sdk';
import { Field, SelectField } from '../../components/Field';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/api-keys';
import { DataTable } from './data-table';
import { ActionButton, Badge, CreateForm, FormMessage, formatDate, PageHeader, Submit } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'API keys · Admin' }];

const ROLES = [
  { value: 'app', label: 'App (integrations: catalog, orders, set-up)' },
  { value: 'staff', label: 'Staff (everything but keys and owner settings)' },
  { value: 'owner', label: 'Owner (everything)' },
];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  return { apiKeys: await run((client) => client.apiKeys.list()) };
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const form = formReader(await args.request.formData());
  try {
    if (form.text('intent') === 'revoke') {
      const key = await run((client) => client.apiKeys.revoke(form.text('id')));
      return { ok: true, message: `Key “${key.name}” revoked: calls with it now fail.` };
    }
    const created = await run((client) =>
      client.apiKeys.create(form.text('name'), form.text('role') as ApiKeyRole),
    );
    return { ok: true, message: `Key “${created.apiKey.name}” created.`, secret: created.secret };
  } catch (error) {
    return formFailure(error);
  }
}

export default function ApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  const secret = actionData && 'secret' in actionData ? actionData.secret : undefined;
  return (
    <>
      <PageHeader title="API keys" />
      {secret ? (
        <section className="admin-alert admin-alert-ok" role="status" aria-labelledby="secret-heading">
          <h2 id="secret-heading">New API key</h2>
          <p>
            <output className="admin-secret">{secret}</output>
          </p>
          <p>Copy it now: it is shown only once. Send it as the Authorization header of API calls.</p>
        </section>
      ) : (
        <FormMessage result={actionData} />
      )}
      <section className="admin-card" aria-labelledby="create-key-heading">
        <h2 id="create-key-heading">Create a key</h2>
        <CreateForm>
          <Field
            label="Name"
            name="name"
            required
            maxLength={100}
            placeholder="e.g. Warehouse sync"
            errors={errors}
          />
          <SelectField label="Role" name="role" options={ROLES} errors={errors} />
          <Submit intent="create">Create key</Submit>
        </CreateForm>
      </section>
      <div className="admin-card admin-card-flush">
        <DataTable
          label="API keys"
          rows={loaderData.apiKeys}
          rowKey={(key) => key.id}
          empty="No API keys yet — create one above for a program that calls the API."
          columns={[
            { key: 'name', header: 'Name', rowHeader: true, cell: (key) => key.name },
            { key: 'role', header: 'Role', cell: (key) => key.role },
            { key: 'hint', header: 'Ends in', cell: (key) => <code>…{key.hint}</code> },
            {
              key: 'created',
              header: 'Created',
              hideOnPhone: true,
              cell: (key) => formatDate(key.createdDate),
            },
            { key: 'used', header: 'Last used', cell: (key) => formatDate(key.lastUsedDate, true) },
            {
              key: 'actions',
              actions: true,
              cell: (key) =>
                key.revokedDate ? (
                  <Badge status="DISABLED">Revoked {formatDate(key.revokedDate)}</Badge>
                ) : (
                  <ActionButton intent="revoke" id={key.id} variant="danger" label={`Revoke key ${key.name}`}>
                    Revoke
                  </ActionButton>
                ),
            },
          ]}
        />
      </div>
    </>
  );
}
