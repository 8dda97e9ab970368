-- Hosted pages opened from an app's redirect session act as the app's shopper in a session of their own,
-- linked to the app's session so that ending it (logout, revocation) ends the hosted one too.
ALTER TABLE "auth_sessions" ADD COLUMN "parent_session_id" text;--> statement-breakpoint
CREATE INDEX "auth_sessions_parent_idx" ON "auth_sessions" USING btree ("parent_session_id") WHERE parent_session_id IS NOT NULL;