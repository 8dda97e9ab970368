CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"client_id" text,
	"visitor_id" text,
	"member_id" text,
	"staff_id" text,
	"refresh_token_hash" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_date" timestamp with time zone,
	"expires_date" timestamp with time zone NOT NULL,
	"revoked_date" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "authorization_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text,
	"code_challenge" text,
	"identity_id" text NOT NULL,
	"visitor_id" text,
	"scope" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone,
	"issued_session_id" text
);
--> statement-breakpoint
CREATE TABLE "captcha_redemptions" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"expires_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identities" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"status" text NOT NULL,
	"status_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"require_email_verification" boolean NOT NULL,
	"require_owner_approval" boolean NOT NULL,
	"captcha_mode" text NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"identity_id" text NOT NULL,
	"visitor_id" text,
	"client_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"consumed_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"identity_id" text NOT NULL,
	"type" text NOT NULL,
	"secret" text NOT NULL,
	"status" text NOT NULL,
	"last_used_step" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"secret_hash" text,
	"redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bundled" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"algorithm" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_date" timestamp with time zone,
	"expires_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"member_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirect_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"short_id" text NOT NULL,
	"kind" text NOT NULL,
	"client_id" text,
	"visitor_id" text,
	"member_id" text,
	"session_id" text,
	"session_token_hash" text NOT NULL,
	"full_url" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"callbacks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "auth_sessions_refresh_unique" ON "auth_sessions" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "auth_sessions_member_idx" ON "auth_sessions" USING btree ("member_id") WHERE revoked_date IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "identities_email_unique" ON "identities" USING btree ("email");--> statement-breakpoint
CREATE INDEX "identities_status_idx" ON "identities" USING btree ("status");--> statement-breakpoint
CREATE INDEX "identity_tokens_identity_idx" ON "identity_tokens" USING btree ("identity_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "member_factors_identity_type_unique" ON "member_factors" USING btree ("identity_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_unique" ON "staff_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "visitors_member_idx" ON "visitors" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "mail_messages_to_idx" ON "mail_messages" USING btree ("to","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "redirect_sessions_short_id_unique" ON "redirect_sessions" USING btree ("short_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redirect_sessions_token_unique" ON "redirect_sessions" USING btree ("session_token_hash");--> statement-breakpoint
CREATE INDEX "redirect_sessions_expires_idx" ON "redirect_sessions" USING btree ("expires_date");