import { Link } from 'react-router';
import { Field } from '../../components/Field';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/webhooks';
import { DataTable } from './data-table';
import { Badge, CreateForm, FormMessage, formatDate, GroupError, PageHeader, Submit } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Webhooks · Admin' }];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  return run(async (client) => {
    const [webhooks, eventTypes] = await Promise.all([client.webhooks.list(), client.webhooks.eventTypes()]);
    return { webhooks, eventTypes };
  });
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const form = formReader(await args.request.formData());
  try {
    const { webhook, secret } = await run((client) =>
      client.webhooks.create({
        url: form.text('url'),
        eventTypes: form.all('eventTypes'),
        description: form.text('description'),
      }),
    );
    return { ok: true, message: `Subscribed ${webhook.url}.`, secret, webhookId: webhook.id };
  } catch (error) {
    return formFailure(error);
  }
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  const secret = actionData && 'secret' in actionData ? actionData.secret : undefined;
  return (
    <>
      <PageHeader title="Webhooks" />
      {secret ? (
        <section className="admin-alert admin-alert-ok" role="status" aria-labelledby="secret-heading">
          <h2 id="secret-heading">Webhook created</h2>
          <p>
            Signing secret: <output className="admin-secret">{secret}</output>
          </p>
          <p>
            Use it to verify the signature of each delivery. You can reveal it again on the webhook's page.
          </p>
        </section>
      ) : (
        <FormMessage result={actionData} />
      )}
      <div className="admin-card admin-card-flush">
        <DataTable
          label="Webhooks"
          rows={loaderData.webhooks}
          rowKey={(webhook) => webhook.id}
          empty="No webhooks yet. Subscribe an endpoint below to hear about orders, products and carts."
          columns={[
            {
              key: 'endpoint',
              header: 'Endpoint',
              rowHeader: true,
              cell: (webhook) => (
                <>
                  <Link to={`/admin/webhooks/${webhook.id}`}>{webhook.url}</Link>
                  {webhook.description ? (
                    <small className="admin-muted admin-block">{webhook.description}</small>
                  ) : null}
                </>
              ),
            },
            { key: 'events', header: 'Events', cell: (webhook) => webhook.eventTypes.join(', ') },
            {
              key: 'status',
              header: 'Status',
              cell: (webhook) => (
                <>
                  <Badge status={webhook.enabled ? 'ACTIVE' : 'DISABLED'}>
                    {webhook.enabled ? 'Enabled' : 'Disabled'}
                  </Badge>
                  {webhook.disabledReason ? (
                    <small className="admin-muted admin-block">{webhook.disabledReason}</small>
                  ) : null}
                </>
              ),
            },
            {
              key: 'last-success',
              header: 'Last success',
              hideOnPhone: true,
              cell: (webhook) => formatDate(webhook.lastSuccessDate, true),
            },
          ]}
        />
      </div>
      <section className="admin-card" aria-labelledby="new-webhook-heading">
        <h2 id="new-webhook-heading">Subscribe an endpoint</h2>
        <CreateForm className="">
          <div className="admin-row">
            <Field
              label="URL"
              name="url"
              type="url"
              required
              placeholder="https://example.com/hooks/shop"
              errors={errors}
            />
            <Field label="Description" name="description" maxLength={500} errors={errors} />
          </div>
          <fieldset className="admin-checks admin-row">
            <legend>Events</legend>
            <GroupError errors={errors} name="eventTypes" />
            <Field label="All events (*)" name="eventTypes" type="checkbox" value="*" />
            {loaderData.eventTypes.map((type) => (
              <Field key={type} label={type} name="eventTypes" type="checkbox" value={type} />
            ))}
          </fieldset>
          <Submit>Subscribe</Submit>
        </CreateForm>
      </section>
    </>
  );
}
