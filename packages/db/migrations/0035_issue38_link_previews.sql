CREATE TABLE "link_preview_images" (
	"id" text PRIMARY KEY NOT NULL,
	"webp" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_previews" (
	"url" text PRIMARY KEY NOT NULL,
	"facts" jsonb NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wish_list_items" ADD COLUMN "other_price_minor" integer;--> statement-breakpoint
ALTER TABLE "wish_list_items" ADD COLUMN "other_currency" text;--> statement-breakpoint
ALTER TABLE "wish_list_items" ADD COLUMN "price_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wish_list_items" ADD COLUMN "image_id" text;--> statement-breakpoint
CREATE INDEX "link_previews_expires_idx" ON "link_previews" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "wish_list_items" ADD CONSTRAINT "wish_list_items_image_id_link_preview_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."link_preview_images"("id") ON DELETE set null ON UPDATE no action;