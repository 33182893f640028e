ALTER TABLE "jobs" ALTER COLUMN "org_id" DROP NOT NULL;--> statement-breakpoint
INSERT INTO "jobs" ("id", "kind", "org_id", "ref", "attempts", "max_attempts", "run_at")
SELECT 'jq_' || c.id, 'crawl', s.org_id, c.id, c.attempts, GREATEST(3, c.attempts + 1), COALESCE(c.lease_expires_at, now())
FROM "crawl_jobs" c JOIN "sites" s ON s.id = c.site_id
WHERE c.status IN ('pending', 'running');--> statement-breakpoint
ALTER TABLE "crawl_jobs" DROP COLUMN "lease_expires_at";
