import { useSearchParams } from 'react-router';
import { Field } from '../../components/Field';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/gift-cards';
import { DataTable } from './data-table';
import { ActionButton, Badge, CreateForm, FormMessage, formatDate, PageHeader, Pager, Submit } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Gift cards · Admin' }];

const PAGE_SIZE = 25;

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const offset = Math.max(0, Number(args.url.searchParams.get('offset')) || 0);
  return { offset, ...(await run((client) => client.giftCards.list({ limit: PAGE_SIZE, offset }))) };
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const form = formReader(await args.request.formData());
  try {
    if (form.text('intent') === 'disable') {
      const card = await run((client) => client.giftCards.disable(form.text('id')));
      return { ok: true, message: `Gift card ${card.obfuscatedCode} disabled.` };
    }
    const expires = form.text('expiresAt');
    const issued = await run((client) =>
      client.giftCards.issue({
        initialBalance: form.text('initialBalance'),
        ...(form.optionalText('recipientEmail') ? { recipientEmail: form.text('recipientEmail') } : {}),
        ...(form.optionalText('code') ? { code: form.text('code') } : {}),
        ...(expires ? { expiresAt: new Date(`${expires}T23:59:59Z`).toISOString() } : {}),
      }),
    );
    // The only time the full code exists outside the buyer's hands: it is in this answer, never in a URL.
    return {
      ok: true,
      message: 'Gift card issued.',
      code: issued.code,
      balance: issued.giftCard.initialBalance,
    };
  } catch (error) {
    return formFailure(error, 'giftCard.');
  }
}

export default function GiftCards({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  const issuedCode = actionData && 'code' in actionData ? actionData.code : undefined;
  return (
    <>
      <PageHeader title="Gift cards" />
      {issuedCode ? (
        <section className="admin-alert admin-alert-ok" role="status" aria-labelledby="issued-heading">
          <h2 id="issued-heading">Gift card issued</h2>
          <p>
            Code: <output className="admin-secret">{issuedCode}</output>
          </p>
          <p>
            Copy it now and give it to the recipient. It is shown only this once; the store keeps only its
            last four characters.
          </p>
        </section>
      ) : (
        <FormMessage result={actionData} />
      )}
      <section className="admin-card" aria-labelledby="issue-heading">
        <h2 id="issue-heading">Issue a gift card</h2>
        <CreateForm>
          <Field label="Amount" name="initialBalance" inputMode="decimal" required errors={errors} />
          <Field label="Recipient e-mail (optional)" name="recipientEmail" type="email" errors={errors} />
          <Field label="Expires on (optional)" name="expiresAt" type="date" errors={errors} />
          <Field
            label="Own code (optional)"
            name="code"
            hint="8–40 letters, digits, spaces or dashes"
            errors={errors}
          />
          <Submit intent="issue">Issue gift card</Submit>
        </CreateForm>
      </section>
      <div className="admin-card admin-card-flush">
        <DataTable
          label="Gift cards"
          rows={loaderData.giftCards}
          rowKey={(card) => card.id}
          empty="No gift cards yet — issue one above."
          columns={[
            { key: 'code', header: 'Code', rowHeader: true, cell: (card) => card.obfuscatedCode },
            {
              key: 'status',
              header: 'Status',
              cell: (card) => (
                <Badge status={card.disabled ? 'DISABLED' : 'ACTIVE'}>
                  {card.disabled ? 'Disabled' : 'Active'}
                </Badge>
              ),
            },
            { key: 'balance', header: 'Balance', numeric: true, cell: (card) => card.balance },
            { key: 'issued', header: 'Issued with', numeric: true, cell: (card) => card.initialBalance },
            {
              key: 'recipient',
              header: 'Recipient',
              hideOnPhone: true,
              cell: (card) => card.recipientEmail ?? (card.sourceOrderId ? 'Bought in the shop' : '—'),
            },
            {
              key: 'expires',
              header: 'Expires',
              hideOnPhone: true,
              cell: (card) => formatDate(card.expiresAt),
            },
            {
              key: 'actions',
              actions: true,
              cell: (card) =>
                card.disabled ? null : (
                  <ActionButton
                    intent="disable"
                    id={card.id}
                    variant="danger"
                    label={`Disable gift card ${card.obfuscatedCode}`}
                  >
                    Disable
                  </ActionButton>
                ),
            },
          ]}
        />
      </div>
      <Pager
        search={search}
        offset={loaderData.offset}
        limit={PAGE_SIZE}
        count={loaderData.giftCards.length}
        total={loaderData.metadata.total}
      />
    </>
  );
}
