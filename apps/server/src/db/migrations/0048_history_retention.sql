CREATE TABLE "history_retention" (
	"user_id" text PRIMARY KEY NOT NULL,
	"days" integer,
	"include_favorites" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "history_retention" ADD CONSTRAINT "history_retention_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;