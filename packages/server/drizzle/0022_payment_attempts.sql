CREATE TABLE "payment_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"base_key" text NOT NULL,
	"generation" integer NOT NULL,
	"subject" text NOT NULL,
	"provider" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"request" jsonb NOT NULL,
	"reference" text,
	"status" text NOT NULL,
	"order_id" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_date" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"delay_capture" boolean NOT NULL,
	"card" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("status","next_check_date");--> statement-breakpoint
CREATE INDEX "payment_attempts_base_idx" ON "payment_attempts" USING btree ("base_key","generation");--> statement-breakpoint
CREATE INDEX "payment_attempts_reference_idx" ON "payment_attempts" USING btree ("provider","reference");