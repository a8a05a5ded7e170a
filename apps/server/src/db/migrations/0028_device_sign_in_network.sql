-- Device sign-in keeps the network it started from as a fingerprint (an HMAC of its grouping key, never an
-- address), so the approving page can warn when that is not its own network.
ALTER TABLE "device_authorizations" ADD COLUMN "network_fingerprint" text;