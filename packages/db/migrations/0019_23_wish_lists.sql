CREATE TYPE "public"."wish_list_priority" AS ENUM('must_have', 'would_like', 'nice_idea');--> statement-breakpoint
CREATE TABLE "wish_list_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wish_list_claims_item_user_key" UNIQUE("item_id","user_id"),
	CONSTRAINT "wish_list_claims_quantity" CHECK ("wish_list_claims"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "wish_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"product_id" integer,
	"title" text NOT NULL,
	"link" text,
	"price_pence" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"priority" "wish_list_priority" DEFAULT 'would_like' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"group_gift" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wish_list_items_quantity" CHECK ("wish_list_items"."quantity" between 1 and 99),
	CONSTRAINT "wish_list_items_price" CHECK ("wish_list_items"."price_pence" is null or "wish_list_items"."price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wish_list_people" (
	"list_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wish_list_people_list_id_user_id_pk" PRIMARY KEY("list_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "wish_list_pledges" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wish_list_pledges_item_user_key" UNIQUE("item_id","user_id"),
	CONSTRAINT "wish_list_pledges_amount" CHECK ("wish_list_pledges"."amount_pence" >= 1)
);
--> statement-breakpoint
CREATE TABLE "wish_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"occasion_id" integer,
	"event_date" date,
	"note" text DEFAULT '' NOT NULL,
	"share_token" text,
	"shared_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wish_list_claims" ADD CONSTRAINT "wish_list_claims_item_id_wish_list_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wish_list_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_claims" ADD CONSTRAINT "wish_list_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_items" ADD CONSTRAINT "wish_list_items_list_id_wish_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."wish_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_items" ADD CONSTRAINT "wish_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_people" ADD CONSTRAINT "wish_list_people_list_id_wish_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."wish_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_people" ADD CONSTRAINT "wish_list_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_people" ADD CONSTRAINT "wish_list_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_pledges" ADD CONSTRAINT "wish_list_pledges_item_id_wish_list_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wish_list_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_pledges" ADD CONSTRAINT "wish_list_pledges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_lists" ADD CONSTRAINT "wish_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_lists" ADD CONSTRAINT "wish_lists_occasion_id_occasions_id_fk" FOREIGN KEY ("occasion_id") REFERENCES "public"."occasions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wish_list_claims_user_idx" ON "wish_list_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wish_list_items_list_idx" ON "wish_list_items" USING btree ("list_id","id");--> statement-breakpoint
CREATE INDEX "wish_list_items_product_idx" ON "wish_list_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "wish_list_people_person_idx" ON "wish_list_people" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "wish_list_pledges_user_idx" ON "wish_list_pledges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wish_lists_user_idx" ON "wish_lists" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wish_lists_share_token_key" ON "wish_lists" USING btree ("share_token");