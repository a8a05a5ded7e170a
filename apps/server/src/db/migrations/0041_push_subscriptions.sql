CREATE TABLE "push_announced_share_views" (
	"clip_id" text NOT NULL,
	"share_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_announced_share_views_clip_id_share_id_pk" PRIMARY KEY("clip_id","share_id")
);
--> statement-breakpoint
CREATE TABLE "push_followed_rooms" (
	"device_id" text NOT NULL,
	"room_id" text NOT NULL,
	CONSTRAINT "push_followed_rooms_device_id_room_id_pk" PRIMARY KEY("device_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "push_preferences" (
	"device_id" text PRIMARY KEY NOT NULL,
	"sends" boolean DEFAULT true NOT NULL,
	"sign_ins" boolean DEFAULT true NOT NULL,
	"share_views" boolean DEFAULT false NOT NULL,
	"show_text" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"device_id" text PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_announced_share_views" ADD CONSTRAINT "push_announced_share_views_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_followed_rooms" ADD CONSTRAINT "push_followed_rooms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_followed_rooms" ADD CONSTRAINT "push_followed_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_preferences" ADD CONSTRAINT "push_preferences_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_followed_rooms_room_idx" ON "push_followed_rooms" USING btree ("room_id");