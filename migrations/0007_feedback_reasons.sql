ALTER TABLE "chat_answers" ADD COLUMN "reason_tags" text[] DEFAULT '{}'::text[] NOT NULL;
