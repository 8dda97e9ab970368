-- Recent sign-in: when a session last proved who its member or staff is (OpenID Connect auth_time), carried
-- from the sign-in through the authorization code; a password change without the current password needs
-- it to be recent. Existing sessions have none, so they must sign in again before such a change.
ALTER TABLE "auth_sessions" ADD COLUMN "authenticated_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "authorization_codes" ADD COLUMN "authenticated_date" timestamp with time zone;