CREATE TABLE "report_mail_notices" (
	"admin_id" text PRIMARY KEY NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_mail_notices" ADD CONSTRAINT "report_mail_notices_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;