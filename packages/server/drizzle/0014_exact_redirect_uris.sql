-- Exact redirect URIs (ADR 029): login codes go only to a client's registered redirect URIs, compared as
-- strings. Clients registered before this relied on any path of their allowed origins receiving codes, so
-- they keep that (weaker) matching until the owner turns it off; the bundled storefront uses its exact
-- callback (registered on every start) and clients without allowed origins never had anything to keep.
ALTER TABLE "oauth_clients" ADD COLUMN "allow_any_redirect_path_on_allowed_origins" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "oauth_clients" SET "allow_any_redirect_path_on_allowed_origins" = true WHERE NOT "bundled" AND jsonb_array_length("allowed_origins") > 0;
