import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import type { Confirmation } from './order-actions.server';
import { Submit } from './ui';

/**
 * The confirmation step of a destructive action: what will happen, and the same form posted again with
 * `confirmed=yes`. Server-rendered, so it works without JavaScript; with it, focus moves here.
 */
export function ConfirmStep({ confirm, backTo }: { confirm: Confirmation; backTo: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="admin-card admin-confirm" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" ref={heading} tabIndex={-1}>
        {confirm.title}
      </h2>
      <ul className="admin-list">
        {confirm.details.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
      <Form method="post" className="admin-form-actions">
        {confirm.fields.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <Submit intent={confirm.intent} variant="danger">
          {confirm.button}
        </Submit>
        <Link to={backTo} className="admin-button admin-button-secondary">
          Go back
        </Link>
      </Form>
    </section>
  );
}
