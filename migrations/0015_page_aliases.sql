ALTER TABLE "pages" ADD COLUMN "text_hash" text;--> statement-breakpoint
CREATE INDEX "pages_site_text_hash_idx" ON "pages" USING btree ("site_id","text_hash") WHERE text_hash IS NOT NULL;--> statement-breakpoint
CREATE TABLE "page_aliases" (
	"site_id" text NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"url" text NOT NULL,
	"page_id" text NOT NULL REFERENCES "pages"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_aliases_site_id_url_pk" PRIMARY KEY("site_id","url")
);
--> statement-breakpoint
CREATE INDEX "page_aliases_page_idx" ON "page_aliases" USING btree ("page_id");
