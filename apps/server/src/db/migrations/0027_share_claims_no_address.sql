-- A kept share stored its sender's address (its limit key), never read: the per-address bound counts in memory or
-- Redis. docs/security.md says no addresses are stored, and now none is.
ALTER TABLE "share_claims" DROP COLUMN "address_key";