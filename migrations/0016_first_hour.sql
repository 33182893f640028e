ALTER TABLE "sites" ADD COLUMN "indexing_since" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "refused_origins" (
	"site_id" text NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"origin" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("site_id", "origin")
);
