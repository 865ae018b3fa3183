ALTER TABLE "users" ADD COLUMN "calendar_token_hash" text;--> statement-breakpoint
ALTER TABLE "interests" ADD COLUMN "source_code" text;--> statement-breakpoint
ALTER TABLE "option_categories" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_token_hash_key" ON "users" USING btree ("calendar_token_hash");--> statement-breakpoint
ALTER TABLE "interests" ADD CONSTRAINT "interests_source_code_key" UNIQUE("source_code");