CREATE TABLE "share_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"content" text NOT NULL,
	"files" jsonb NOT NULL,
	"total_bytes" bigint NOT NULL,
	"address_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "share_claims_token_unique" ON "share_claims" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_claims_expires_idx" ON "share_claims" USING btree ("expires_at");