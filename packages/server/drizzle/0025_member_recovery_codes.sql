CREATE TABLE "member_recovery_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"identity_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"used_date" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "member_recovery_codes_identity_idx" ON "member_recovery_codes" USING btree ("identity_id");