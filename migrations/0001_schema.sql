CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"environment" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"session_id" text NOT NULL,
	"question" text NOT NULL,
	"answered" boolean NOT NULL,
	"mode" text NOT NULL,
	"rating" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"turns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chunks" (
	"id" text PRIMARY KEY NOT NULL,
	"page_id" text NOT NULL,
	"site_id" text NOT NULL,
	"position" integer NOT NULL,
	"heading_path" text[] DEFAULT '{}'::text[] NOT NULL,
	"anchor" text,
	"text" text NOT NULL,
	"search_text" text NOT NULL,
	"content_hash" text NOT NULL,
	"embedding" vector,
	"embedding_model" text,
	"embedded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "click_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"query" text NOT NULL,
	"url" text NOT NULL,
	"position" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"config" jsonb NOT NULL,
	"base_url" text NOT NULL,
	"pages_discovered" integer DEFAULT 0 NOT NULL,
	"pages_crawled" integer DEFAULT 0 NOT NULL,
	"pages_processed" integer DEFAULT 0 NOT NULL,
	"pages_skipped" integer DEFAULT 0 NOT NULL,
	"pages_errored" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"current_url" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crawl_urls" (
	"job_id" text NOT NULL,
	"url" text NOT NULL,
	"depth" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"seq" bigserial NOT NULL,
	"detail" text,
	CONSTRAINT "crawl_urls_job_id_url_pk" PRIMARY KEY("job_id","url")
);
--> statement-breakpoint
CREATE TABLE "embedding_cache" (
	"content_hash" text NOT NULL,
	"model" text NOT NULL,
	"embedding" vector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embedding_cache_content_hash_model_pk" PRIMARY KEY("content_hash","model")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"source" text NOT NULL,
	"last_crawl_job_id" text,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "query_daily" (
	"site_id" text NOT NULL,
	"org_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"query" text NOT NULL,
	"count" integer NOT NULL,
	"no_results" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "query_daily_site_id_day_kind_query_pk" PRIMARY KEY("site_id","day","kind","query")
);
--> statement-breakpoint
CREATE TABLE "query_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"query" text NOT NULL,
	"result_count" integer NOT NULL,
	"latency_ms" integer NOT NULL,
	"visitor_hash" text,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"site_ids" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"page_id" text,
	"op" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"last_crawled_at" timestamp with time zone,
	"crawler_config" jsonb NOT NULL,
	"public_access" jsonb NOT NULL,
	"rate_limits" jsonb NOT NULL,
	"metadata_schema" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_boosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"url_boosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text,
	"purpose" text NOT NULL,
	"model" text NOT NULL,
	"input_tokens" integer NOT NULL,
	"output_tokens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_answers" ADD CONSTRAINT "chat_answers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_jobs" ADD CONSTRAINT "crawl_jobs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_urls" ADD CONSTRAINT "crawl_urls_job_id_crawl_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."crawl_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_groups" ADD CONSTRAINT "search_groups_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "api_keys_org_idx" ON "api_keys" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "chat_answers_site_idx" ON "chat_answers" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_sessions_expiry_idx" ON "chat_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "chunks_page_idx" ON "chunks" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "chunks_site_idx" ON "chunks" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "chunks_unembedded_idx" ON "chunks" USING btree ("site_id") WHERE embedded_at IS NULL;--> statement-breakpoint
CREATE INDEX "click_events_site_time_idx" ON "click_events" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "crawl_jobs_site_idx" ON "crawl_jobs" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crawl_jobs_one_active_idx" ON "crawl_jobs" USING btree ("site_id") WHERE status IN ('pending', 'running');--> statement-breakpoint
CREATE INDEX "crawl_urls_queue_idx" ON "crawl_urls" USING btree ("job_id","state","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_site_url_idx" ON "pages" USING btree ("site_id","url");--> statement-breakpoint
CREATE INDEX "query_daily_org_day_idx" ON "query_daily" USING btree ("org_id","day");--> statement-breakpoint
CREATE INDEX "query_events_site_time_idx" ON "query_events" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "query_events_org_time_idx" ON "query_events" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "search_groups_org_idx" ON "search_groups" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "search_outbox_available_idx" ON "search_outbox" USING btree ("available_at");--> statement-breakpoint
CREATE INDEX "sites_org_idx" ON "sites" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "usage_events_org_idx" ON "usage_events" USING btree ("org_id","created_at");