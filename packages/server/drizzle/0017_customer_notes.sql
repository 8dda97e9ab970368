CREATE TABLE "customer_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"body" text NOT NULL,
	"author_id" text,
	"created_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_notes_email_idx" ON "customer_notes" USING btree ("email","created_date");