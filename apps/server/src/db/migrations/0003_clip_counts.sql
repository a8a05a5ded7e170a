CREATE TABLE "clip_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"text_only" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clip_counts" ADD CONSTRAINT "clip_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;