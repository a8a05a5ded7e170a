ALTER TABLE "audit_events" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "subject_name" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "subject_email" text;--> statement-breakpoint
-- Entries written before these columns name their accounts as they are now, where the account still exists.
UPDATE "audit_events" SET "actor_name" = "users"."name" FROM "users" WHERE "users"."id" = "audit_events"."actor_id";--> statement-breakpoint
UPDATE "audit_events" SET "subject_name" = "users"."name", "subject_email" = "users"."email" FROM "users" WHERE "users"."id" = "audit_events"."subject_user_id";
