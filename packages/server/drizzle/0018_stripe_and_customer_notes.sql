CREATE TABLE "customer_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"body" text NOT NULL,
	"author_id" text,
	"created_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"owner_key" text NOT NULL,
	"customer_ref" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_date" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE INDEX "customer_notes_email_idx" ON "customer_notes" USING btree ("email","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_owner_idx" ON "payment_customers" USING btree ("provider","owner_key");--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("provider_reference");