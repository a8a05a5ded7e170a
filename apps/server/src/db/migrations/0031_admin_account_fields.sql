ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "storage_quota_bytes" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "granted_plan" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "granted_plan_until" timestamp with time zone;