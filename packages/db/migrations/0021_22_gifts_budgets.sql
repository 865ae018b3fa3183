CREATE TYPE "public"."order_outcome" AS ENUM('bought', 'not_bought');--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"occasion_id" integer,
	"amount_pence" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_person_occasion_key" UNIQUE NULLS NOT DISTINCT("person_id","occasion_id"),
	CONSTRAINT "budgets_amount_check" CHECK ("budgets"."amount_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"occasion_id" integer,
	"title" text NOT NULL,
	"link" text,
	"product_id" integer,
	"price_paid_pence" integer,
	"given_on" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_price_paid_check" CHECK ("gifts"."price_paid_pence" is null or "gifts"."price_paid_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "click_throughs" ADD COLUMN "price_pence" integer;--> statement-breakpoint
ALTER TABLE "click_throughs" ADD COLUMN "outcome" "order_outcome";--> statement-breakpoint
ALTER TABLE "click_throughs" ADD COLUMN "price_paid_pence" integer;--> statement-breakpoint
ALTER TABLE "click_throughs" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_occasion_id_occasions_id_fk" FOREIGN KEY ("occasion_id") REFERENCES "public"."occasions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_occasion_id_occasions_id_fk" FOREIGN KEY ("occasion_id") REFERENCES "public"."occasions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budgets_user_idx" ON "budgets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gifts_person_given_idx" ON "gifts" USING btree ("person_id","given_on");--> statement-breakpoint
CREATE INDEX "gifts_user_idx" ON "gifts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gifts_product_idx" ON "gifts" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "click_throughs" ADD CONSTRAINT "click_throughs_price_paid_check" CHECK ("click_throughs"."price_paid_pence" is null or "click_throughs"."price_paid_pence" >= 0);