CREATE TABLE "pick_dismissals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pick_dismissals_person_product_key" UNIQUE("person_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "pick_dismissals" ADD CONSTRAINT "pick_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_dismissals" ADD CONSTRAINT "pick_dismissals_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_dismissals" ADD CONSTRAINT "pick_dismissals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pick_dismissals_product_idx" ON "pick_dismissals" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "pick_dismissals_user_idx" ON "pick_dismissals" USING btree ("user_id");