CREATE TABLE "clipboard_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"passphrase_copy" jsonb NOT NULL,
	"passphrase_proof_hash" text NOT NULL,
	"recovery_copy" jsonb NOT NULL,
	"recovery_proof_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clipboard_keys" ADD CONSTRAINT "clipboard_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;