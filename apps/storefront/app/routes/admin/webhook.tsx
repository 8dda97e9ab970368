import { Link, redirect, useSearchParams } from 'react-router';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/webhook';
import { DataTable } from './data-table';
import { ActionButton, Badge, FormMessage, formatDate, PageHeader, Pager } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Webhook · Admin' }];

const PAGE_SIZE = 25;

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const offset = Math.max(0, Number(args.url.searchParams.get('offset')) || 0);
  return run(async (client) => {
    const [webhook, log] = await Promise.all([
      client.webhooks.get(args.params.id),
      client.webhooks.deliveries(args.params.id, { limit: PAGE_SIZE, offset }),
    ]);
    return { webhook, offset, ...log };
  });
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const id = args.params.id;
  const form = formReader(await args.request.formData());
  const intent = form.text('intent');
  try {
    if (intent === 'delete') {
      await run((client) => client.webhooks.delete(id));
      return redirect('/admin/webhooks');
    }
    if (intent === 'redeliver') {
      await run((client) => client.webhooks.redeliver(form.text('id')));
      return { ok: true, message: 'Queued for delivery again; the log shows the new attempt shortly.' };
    }
    if (intent === 'reveal') {
      return {
        ok: true,
        message: 'Signing secret revealed.',
        secret: await run((client) => client.webhooks.secret(id)),
      };
    }
    const webhook = await run((client) => client.webhooks.update(id, { enabled: intent === 'enable' }));
    return {
      ok: true,
      message: webhook.enabled ? 'Webhook enabled.' : 'Webhook disabled: no more deliveries.',
    };
  } catch (error) {
    return formFailure(error);
  }
}

export default function WebhookDetail({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { webhook, deliveries } = loaderData;
  const secret = actionData && 'secret' in actionData ? actionData.secret : undefined;
  return (
    <>
      <PageHeader title={webhook.url}>
        <ActionButton intent={webhook.enabled ? 'disable' : 'enable'}>
          {webhook.enabled ? 'Disable' : 'Enable'}
        </ActionButton>
        <ActionButton intent="reveal">Reveal secret</ActionButton>
        <ActionButton intent="delete" variant="danger" label="Delete webhook">
          Delete
        </ActionButton>
      </PageHeader>
      <p className="admin-breadcrumb">
        <Link to="/admin/webhooks">← All webhooks</Link>
      </p>
      <FormMessage result={actionData} />
      {secret ? (
        <p>
          Signing secret: <output className="admin-secret">{secret}</output>
        </p>
      ) : null}
      <div className="admin-status-row">
        <Badge status={webhook.enabled ? 'ACTIVE' : 'DISABLED'}>
          {webhook.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
        <span className="admin-muted">Events: {webhook.eventTypes.join(', ')}</span>
      </div>
      <section className="admin-card admin-card-flush" aria-labelledby="log-heading">
        <h2 id="log-heading">Delivery log</h2>
        <DataTable
          label="Delivery log"
          rows={deliveries}
          rowKey={(delivery) => delivery.id}
          empty="Nothing delivered yet. Deliveries appear here when subscribed events happen."
          columns={[
            {
              key: 'event',
              header: 'Event',
              rowHeader: true,
              cell: (delivery) => (
                <>
                  {delivery.eventType}
                  <small className="admin-muted admin-block">{delivery.entityKey}</small>
                </>
              ),
            },
            { key: 'status', header: 'Status', cell: (delivery) => <Badge status={delivery.status} /> },
            { key: 'attempts', header: 'Attempts', numeric: true, cell: (delivery) => delivery.attempts },
            {
              key: 'answer',
              header: 'Last answer',
              cell: (delivery) => (
                <>
                  {delivery.lastStatusCode ?? '—'}
                  {delivery.lastLatencyMs !== null ? ` · ${delivery.lastLatencyMs} ms` : ''}
                  {delivery.lastError ? (
                    <small className="admin-muted admin-block">{delivery.lastError}</small>
                  ) : null}
                </>
              ),
            },
            {
              key: 'created',
              header: 'Created',
              hideOnPhone: true,
              cell: (delivery) => formatDate(delivery.createdDate, true),
            },
            {
              key: 'actions',
              actions: true,
              cell: (delivery) => (
                <ActionButton intent="redeliver" id={delivery.id} label={`Redeliver ${delivery.eventType}`}>
                  Redeliver
                </ActionButton>
              ),
            },
          ]}
        />
      </section>
      <Pager
        search={search}
        offset={loaderData.offset}
        limit={PAGE_SIZE}
        count={deliveries.length}
        total={loaderData.metadata.total}
      />
    </>
  );
}
