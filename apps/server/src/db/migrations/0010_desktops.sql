CREATE TABLE "desktop_items" (
	"id" text PRIMARY KEY NOT NULL,
	"desktop_id" text NOT NULL,
	"type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_name" text,
	"file_type" text,
	"file_size" bigint,
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desktops" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"network_key" text,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desktops_one_holder" CHECK (("desktops"."owner_id" is null) <> ("desktops"."network_key" is null))
);
--> statement-breakpoint
ALTER TABLE "desktop_items" ADD CONSTRAINT "desktop_items_desktop_id_desktops_id_fk" FOREIGN KEY ("desktop_id") REFERENCES "public"."desktops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desktops" ADD CONSTRAINT "desktops_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desktop_items_desktop_created_idx" ON "desktop_items" USING btree ("desktop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "desktop_items_updated_idx" ON "desktop_items" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "desktops_owner_unique" ON "desktops" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "desktops_network_unique" ON "desktops" USING btree ("network_key");--> statement-breakpoint
CREATE UNIQUE INDEX "desktops_share_token_unique" ON "desktops" USING btree ("share_token");