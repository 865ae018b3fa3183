CREATE TABLE "catalog_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file" text NOT NULL,
	"format" text NOT NULL,
	"source" text NOT NULL,
	"merchant_name" text,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"encoding" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"skip_reasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "products_listing_title_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "feed_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "item_group_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "best_seller_rank" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "popularity" double precision GENERATED ALWAYS AS (((coalesce(average_rating, 0) * (case when average_rating is null then 0 else coalesce(review_count, 0) end) + 4.0 * 5) / ((case when average_rating is null then 0 else coalesce(review_count, 0) end) + 5)) * log(10.0 + (case when average_rating is null then 0 else coalesce(review_count, 0) end)) + (case when best_seller_rank > 0 then greatest(0, 5 - log(best_seller_rank)) * 0.3 else 0 end)) STORED;--> statement-breakpoint
CREATE INDEX "products_listing_popularity_idx" ON "products" USING btree ("popularity" DESC NULLS LAST,"id") WHERE not "products"."disabled" and not "products"."category_hidden" and not "products"."variant_secondary";