CREATE TABLE "pending_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD CONSTRAINT "pending_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_registrations_user_idx" ON "pending_registrations" USING btree ("user_id");--> statement-breakpoint
-- An account waiting for confirmation at the upgrade keeps the password it was registered with, as its one
-- pending registration, so its link still confirms it with that password.
INSERT INTO "pending_registrations" ("id", "user_id", "name", "password_hash", "expires_at")
SELECT 'upgraded-' || "id", "id", "name", "password_hash", now() + interval '24 hours'
FROM "users" WHERE "email_confirmed_at" IS NULL AND "password_hash" LIKE '$argon2%';
