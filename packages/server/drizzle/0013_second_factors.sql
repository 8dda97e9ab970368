-- Second factors: e-mailed login codes beside authenticator apps (an e-mail factor has no secret), and the
-- devices members ask to remember after a second factor, revocable before their 30 days are up.
CREATE TABLE "trusted_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"identity_id" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"last_used_date" timestamp with time zone,
	"revoked_date" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
ALTER TABLE "member_factors" ALTER COLUMN "secret" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "trusted_devices_identity_idx" ON "trusted_devices" USING btree ("identity_id") WHERE revoked_date IS NULL;