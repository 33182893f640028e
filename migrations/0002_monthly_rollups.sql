CREATE TABLE "query_monthly" (
	"site_id" text NOT NULL,
	"org_id" text NOT NULL,
	"month" date NOT NULL,
	"query" text NOT NULL,
	"count" integer NOT NULL,
	"no_results" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "query_monthly_site_id_month_query_pk" PRIMARY KEY("site_id","month","query")
);
--> statement-breakpoint
CREATE TABLE "query_monthly_org" (
	"org_id" text NOT NULL,
	"month" date NOT NULL,
	"query" text NOT NULL,
	"count" integer NOT NULL,
	"no_results" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "query_monthly_org_org_id_month_query_pk" PRIMARY KEY("org_id","month","query")
);
--> statement-breakpoint
CREATE INDEX "query_daily_totals_idx" ON "query_daily" USING btree ("site_id","day") WHERE "query_daily"."query" = '';--> statement-breakpoint
-- Backfill: months already recorded in the daily rollups (day-total rows left out, both kinds together).
INSERT INTO "query_monthly" ("site_id", "org_id", "month", "query", "count", "no_results", "clicks")
SELECT "site_id", min("org_id"), date_trunc('month', "day")::date, "query", sum("count"), sum("no_results"), sum("clicks")
FROM "query_daily" WHERE "query" <> '' GROUP BY "site_id", date_trunc('month', "day")::date, "query";
--> statement-breakpoint
-- The organisation-wide months cover the sites that still exist, as SiteStore.delete keeps them.
INSERT INTO "query_monthly_org" ("org_id", "month", "query", "count", "no_results", "clicks")
SELECT m."org_id", m."month", m."query", sum(m."count"), sum(m."no_results"), sum(m."clicks")
FROM "query_monthly" m JOIN "sites" s ON s."id" = m."site_id" GROUP BY m."org_id", m."month", m."query";
