-- A link that ends (expiry, last view spent) now ends only the link; the clip stays unless its owner chose
-- "Delete the clip when the link ends". Links made before with an expiry or a view limit were made under the
-- old rule, which emptied the clip: they keep it, and so do clips already emptied (their state says so).
ALTER TABLE "clips" ADD COLUMN "share_delete_after" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "clips" SET "share_delete_after" = true
  WHERE "share_expires_at" IS NOT NULL OR "share_max_views" IS NOT NULL OR "share_state" IS NOT NULL;
