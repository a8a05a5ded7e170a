-- A device sign-in made before it made a device (modules/tokens issueToken now adds one in its transaction)
-- left its token without a devices row: that CLI was missing from "My devices" and could not receive sends.
-- One CLI device per such token whose session is live, named as devices.service.ts addCliDevice names one:
-- the token's name trimmed, at most 64 characters, else "CLI". Its id is 16 random bytes as 22 base64url
-- characters, the shape of newId(). Seen since its last use. Idempotent: a session with a device is skipped.
INSERT INTO "devices" ("id", "user_id", "session_id", "name", "kind", "created_at", "last_seen_at")
SELECT
  rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '='),
  t."user_id",
  t."session_id",
  coalesce(nullif(left(regexp_replace(t."name", '^\s+|\s+$', '', 'g'), 64), ''), 'CLI'),
  'cli',
  t."created_at",
  coalesce(t."last_used_at", t."created_at")
FROM "personal_access_tokens" t
JOIN "sessions" s ON s."id" = t."session_id"
WHERE t."source" = 'device'
  AND s."revoked_at" IS NULL
  AND s."expires_at" > now()
  AND NOT EXISTS (SELECT 1 FROM "devices" d WHERE d."session_id" = t."session_id")
ON CONFLICT ("session_id") DO NOTHING;
