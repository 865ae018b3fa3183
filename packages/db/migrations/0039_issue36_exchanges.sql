CREATE TYPE "public"."exchange_exclusion_source" AS ENUM('organiser', 'last_year');--> statement-breakpoint
CREATE TYPE "public"."exchange_message_kind" AS ENUM('question', 'answer', 'note', 'thanks');--> statement-breakpoint
CREATE TABLE "exchange_assignments" (
	"exchange_id" integer NOT NULL,
	"giver_id" integer PRIMARY KEY NOT NULL,
	"receiver_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_assignments_receiver_key" UNIQUE("receiver_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_emails_sent" (
	"participant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_emails_sent_participant_id_kind_pk" PRIMARY KEY("participant_id","kind")
);
--> statement-breakpoint
CREATE TABLE "exchange_exclusions" (
	"exchange_id" integer NOT NULL,
	"giver_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"source" "exchange_exclusion_source" DEFAULT 'organiser' NOT NULL,
	CONSTRAINT "exchange_exclusions_giver_id_receiver_id_pk" PRIMARY KEY("giver_id","receiver_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"product_id" integer,
	"title" text NOT NULL,
	"link" text,
	"price_pence" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_items_price" CHECK ("exchange_items"."price_pence" is null or "exchange_items"."price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"exchange_id" integer NOT NULL,
	"santa_id" integer NOT NULL,
	"giftee_id" integer NOT NULL,
	"from_santa" boolean NOT NULL,
	"kind" "exchange_message_kind" NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"exchange_id" integer NOT NULL,
	"user_id" integer,
	"guest_id" integer,
	"name" text NOT NULL,
	"email" text,
	"household" text,
	"hints" text DEFAULT '' NOT NULL,
	"is_organiser" boolean DEFAULT false NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	"opened_match_at" timestamp with time zone,
	"got_it_at" timestamp with time zone,
	"list_changed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_reveals" (
	"id" serial PRIMARY KEY NOT NULL,
	"exchange_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"limit_pence" integer NOT NULL,
	"exchange_date" date NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"sign_up_deadline" date NOT NULL,
	"no_mutual_pairs" boolean,
	"join_token" text,
	"drawn_at" timestamp with time zone,
	"organiser_revealed_at" timestamp with time zone,
	"revealed_to_all_at" timestamp with time zone,
	"previous_id" integer,
	"purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanges_limit" CHECK ("exchanges"."limit_pence" between 1 and 100000000)
);
--> statement-breakpoint
ALTER TABLE "exchange_assignments" ADD CONSTRAINT "exchange_assignments_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_assignments" ADD CONSTRAINT "exchange_assignments_giver_id_exchange_participants_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."exchange_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_assignments" ADD CONSTRAINT "exchange_assignments_receiver_id_exchange_participants_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."exchange_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_emails_sent" ADD CONSTRAINT "exchange_emails_sent_participant_id_exchange_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."exchange_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_exclusions" ADD CONSTRAINT "exchange_exclusions_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_exclusions" ADD CONSTRAINT "exchange_exclusions_giver_id_exchange_participants_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."exchange_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_exclusions" ADD CONSTRAINT "exchange_exclusions_receiver_id_exchange_participants_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."exchange_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_items" ADD CONSTRAINT "exchange_items_participant_id_exchange_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."exchange_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_items" ADD CONSTRAINT "exchange_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_links" ADD CONSTRAINT "exchange_links_participant_id_exchange_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."exchange_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_messages" ADD CONSTRAINT "exchange_messages_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_messages" ADD CONSTRAINT "exchange_messages_santa_id_exchange_participants_id_fk" FOREIGN KEY ("santa_id") REFERENCES "public"."exchange_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_messages" ADD CONSTRAINT "exchange_messages_giftee_id_exchange_participants_id_fk" FOREIGN KEY ("giftee_id") REFERENCES "public"."exchange_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_participants" ADD CONSTRAINT "exchange_participants_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_participants" ADD CONSTRAINT "exchange_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_participants" ADD CONSTRAINT "exchange_participants_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_reveals" ADD CONSTRAINT "exchange_reveals_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_reveals" ADD CONSTRAINT "exchange_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_assignments_exchange_idx" ON "exchange_assignments" USING btree ("exchange_id");--> statement-breakpoint
CREATE INDEX "exchange_exclusions_exchange_idx" ON "exchange_exclusions" USING btree ("exchange_id");--> statement-breakpoint
CREATE INDEX "exchange_items_participant_idx" ON "exchange_items" USING btree ("participant_id","id");--> statement-breakpoint
CREATE INDEX "exchange_links_participant_idx" ON "exchange_links" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "exchange_messages_pair_idx" ON "exchange_messages" USING btree ("santa_id","giftee_id","id");--> statement-breakpoint
CREATE INDEX "exchange_participants_exchange_idx" ON "exchange_participants" USING btree ("exchange_id","id");--> statement-breakpoint
CREATE INDEX "exchange_participants_user_idx" ON "exchange_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exchange_participants_guest_idx" ON "exchange_participants" USING btree ("guest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_participants_email_key" ON "exchange_participants" USING btree ("exchange_id","email");--> statement-breakpoint
CREATE INDEX "exchanges_organiser_idx" ON "exchanges" USING btree ("organiser_id","exchange_date");--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_join_token_key" ON "exchanges" USING btree ("join_token");--> statement-breakpoint
CREATE INDEX "exchanges_deadline_idx" ON "exchanges" USING btree ("sign_up_deadline") WHERE "exchanges"."drawn_at" is null;