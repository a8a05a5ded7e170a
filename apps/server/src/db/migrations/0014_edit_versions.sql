ALTER TABLE "clips" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_content" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "desktop_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;