import { createWebhook, listDeliveries, listWebhooks, redeliver } from '../domains/events/index.js';
import { type CommandGroup, UsageError } from './command.js';

export const webhooksCommands: CommandGroup = {
  name: 'webhooks',
  usage: [
    'webhooks create --url URL --events TYPE[,TYPE…]      subscribe an endpoint ("*" for every event); prints the signing secret',
    'webhooks list                                        list subscriptions',
    'webhooks deliveries ID [--status pending|failed|…]   delivery log of a subscription',
    'webhooks redeliver DELIVERY_ID                       send a delivery again',
  ],
  options: ['url', 'events', 'status', 'description'],
  async run(command, { args, options, database, out }) {
    const db = database.db;
    if (command === 'create') {
      if (typeof options.url !== 'string' || typeof options.events !== 'string') {
        throw new UsageError(
          'webhooks create needs --url URL and --events (e.g. --events catalog.product.created,ecom.order.created)',
        );
      }
      const eventTypes = options.events
        .split(',')
        .map((type) => type.trim())
        .filter(Boolean);
      const description = typeof options.description === 'string' ? options.description : '';
      const { webhook, secret } = await createWebhook(db, { url: options.url, eventTypes, description });
      out.log(`Created webhook ${webhook.id} → ${webhook.url} for ${webhook.eventTypes.join(', ')}.`);
      out.log(`Signing secret (Standard Webhooks; give it to the receiver): ${secret}`);
    } else if (command === 'list') {
      const webhooks = await listWebhooks(db);
      if (webhooks.length === 0)
        out.log('No webhooks yet. Create one with: npm run cli -- webhooks create --url URL --events "*"');
      for (const webhook of webhooks) {
        const state = webhook.enabled ? 'enabled ' : `disabled (${webhook.disabledReason ?? ''})`;
        out.log(`${webhook.id}  ${state}  ${webhook.url}  [${webhook.eventTypes.join(', ')}]`);
      }
    } else if (command === 'deliveries') {
      const id = args[0];
      if (!id)
        throw new UsageError('webhooks deliveries needs the webhook id (see `npm run cli -- webhooks list`)');
      const status = typeof options.status === 'string' ? (options.status as 'pending') : undefined;
      const { deliveries, total } = await listDeliveries(db, id, { status, limit: 50, offset: 0 });
      out.log(`${total} deliveries (newest 50):`);
      for (const delivery of deliveries) {
        const last = delivery.lastStatusCode ?? delivery.lastError ?? '';
        out.log(
          `${delivery.id}  ${delivery.status.padEnd(9)}  attempts ${delivery.attempts}  ${delivery.eventType}  ${delivery.entityKey}  ${last}`,
        );
      }
    } else if (command === 'redeliver') {
      const id = args[0];
      if (!id) throw new UsageError('webhooks redeliver needs a delivery id (see `webhooks deliveries ID`)');
      await redeliver(db, id, new Date());
      out.log(`Delivery ${id} is queued again; a running server sends it within a second.`);
    } else {
      throw new UsageError(`Unknown command "webhooks ${command ?? ''}".`);
    }
  },
};
