CREATE TABLE "delivery_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"attempted_date" timestamp with time zone NOT NULL,
	"succeeded" boolean NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"event_seq" bigint NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"entity_key" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_date" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"last_latency_ms" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchant_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"read_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"last_success_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "delivery_attempts_delivery_idx" ON "delivery_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "event_deliveries_event_target_idx" ON "event_deliveries" USING btree ("event_id","target_kind","target_id");--> statement-breakpoint
CREATE INDEX "event_deliveries_due_idx" ON "event_deliveries" USING btree ("next_attempt_date") WHERE status IN ('pending', 'in_flight');--> statement-breakpoint
CREATE INDEX "event_deliveries_order_idx" ON "event_deliveries" USING btree ("target_kind","target_id","entity_key","event_seq");--> statement-breakpoint
CREATE INDEX "event_deliveries_target_idx" ON "event_deliveries" USING btree ("target_id","created_date");--> statement-breakpoint
CREATE INDEX "merchant_notices_created_idx" ON "merchant_notices" USING btree ("created_date");