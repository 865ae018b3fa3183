DROP INDEX "click_throughs_user_created_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "disabled_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_disabled_by_user_id_users_id_fk" FOREIGN KEY ("disabled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_disabled_by_idx" ON "products" USING btree ("disabled_by_user_id") WHERE "products"."disabled_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "product_likes_product_idx" ON "product_likes" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "click_throughs_product_idx" ON "click_throughs" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "click_throughs_person_idx" ON "click_throughs" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "click_throughs_user_created_idx" ON "click_throughs" USING btree ("user_id","created_at","id");