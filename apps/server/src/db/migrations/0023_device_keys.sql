CREATE TABLE "device_nearness" (
	"user_id" text NOT NULL,
	"device_a" text NOT NULL,
	"device_b" text NOT NULL,
	"proved_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_nearness_device_a_device_b_pk" PRIMARY KEY("device_a","device_b"),
	CONSTRAINT "device_nearness_ordered" CHECK ("device_nearness"."device_a" < "device_nearness"."device_b")
);
--> statement-breakpoint
CREATE TABLE "near_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"issuer_device" text NOT NULL,
	"other_device" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "public_key" jsonb;--> statement-breakpoint
ALTER TABLE "device_nearness" ADD CONSTRAINT "device_nearness_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_nearness" ADD CONSTRAINT "device_nearness_device_a_devices_id_fk" FOREIGN KEY ("device_a") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_nearness" ADD CONSTRAINT "device_nearness_device_b_devices_id_fk" FOREIGN KEY ("device_b") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "near_challenges" ADD CONSTRAINT "near_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "near_challenges" ADD CONSTRAINT "near_challenges_issuer_device_devices_id_fk" FOREIGN KEY ("issuer_device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "near_challenges" ADD CONSTRAINT "near_challenges_other_device_devices_id_fk" FOREIGN KEY ("other_device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_nearness_device_b_idx" ON "device_nearness" USING btree ("device_b");--> statement-breakpoint
CREATE INDEX "near_challenges_expires_idx" ON "near_challenges" USING btree ("expires_at");