CREATE TYPE "public"."wish_list_item_event_kind" AS ENUM('added', 'changed', 'removed');--> statement-breakpoint
CREATE TABLE "wish_list_digest_sends" (
	"recipient" text NOT NULL,
	"day" date NOT NULL,
	"last_event_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wish_list_digest_sends_recipient_day_pk" PRIMARY KEY("recipient","day")
);
--> statement-breakpoint
CREATE TABLE "wish_list_item_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"kind" "wish_list_item_event_kind" NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wish_list_watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"user_id" integer,
	"guest_id" integer,
	"link_shared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wish_list_watches_list_user_key" UNIQUE("list_id","user_id"),
	CONSTRAINT "wish_list_watches_list_guest_key" UNIQUE("list_id","guest_id"),
	CONSTRAINT "wish_list_watches_watcher" CHECK (num_nonnulls("wish_list_watches"."user_id", "wish_list_watches"."guest_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"personal_token" text NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guests_email_lower" CHECK ("guests"."email" = lower("guests"."email"))
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wish_list_claims" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wish_list_pledges" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wish_list_claims" ADD COLUMN "guest_id" integer;--> statement-breakpoint
ALTER TABLE "wish_list_claims" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wish_list_claims" ADD COLUMN "show_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wish_list_claims" ADD COLUMN "link_shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wish_list_pledges" ADD COLUMN "guest_id" integer;--> statement-breakpoint
ALTER TABLE "wish_list_pledges" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wish_list_pledges" ADD COLUMN "show_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wish_list_pledges" ADD COLUMN "link_shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wish_list_item_events" ADD CONSTRAINT "wish_list_item_events_list_id_wish_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."wish_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_item_events" ADD CONSTRAINT "wish_list_item_events_item_id_wish_list_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wish_list_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_watches" ADD CONSTRAINT "wish_list_watches_list_id_wish_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."wish_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_watches" ADD CONSTRAINT "wish_list_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_watches" ADD CONSTRAINT "wish_list_watches_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wish_list_digest_sends_recipient_idx" ON "wish_list_digest_sends" USING btree ("recipient","last_event_id");--> statement-breakpoint
CREATE INDEX "wish_list_item_events_item_idx" ON "wish_list_item_events" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "wish_list_item_events_list_idx" ON "wish_list_item_events" USING btree ("list_id","id");--> statement-breakpoint
CREATE INDEX "wish_list_watches_guest_idx" ON "wish_list_watches" USING btree ("guest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_email_key" ON "guests" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_personal_token_key" ON "guests" USING btree ("personal_token");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_confirm_token_hash_key" ON "guests" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "guests_expires_idx" ON "guests" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "wish_list_claims" ADD CONSTRAINT "wish_list_claims_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_pledges" ADD CONSTRAINT "wish_list_pledges_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wish_list_claims_guest_idx" ON "wish_list_claims" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "wish_list_claims_hold_idx" ON "wish_list_claims" USING btree ("hold_expires_at") WHERE "wish_list_claims"."hold_expires_at" is not null;--> statement-breakpoint
CREATE INDEX "wish_list_pledges_guest_idx" ON "wish_list_pledges" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "wish_list_pledges_hold_idx" ON "wish_list_pledges" USING btree ("hold_expires_at") WHERE "wish_list_pledges"."hold_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "wish_list_claims" ADD CONSTRAINT "wish_list_claims_item_guest_key" UNIQUE("item_id","guest_id");--> statement-breakpoint
ALTER TABLE "wish_list_pledges" ADD CONSTRAINT "wish_list_pledges_item_guest_key" UNIQUE("item_id","guest_id");--> statement-breakpoint
ALTER TABLE "wish_list_claims" ADD CONSTRAINT "wish_list_claims_claimer" CHECK (num_nonnulls("wish_list_claims"."user_id", "wish_list_claims"."guest_id") = 1);--> statement-breakpoint
ALTER TABLE "wish_list_claims" ADD CONSTRAINT "wish_list_claims_hold_guest" CHECK ("wish_list_claims"."hold_expires_at" is null or "wish_list_claims"."guest_id" is not null);--> statement-breakpoint
ALTER TABLE "wish_list_pledges" ADD CONSTRAINT "wish_list_pledges_claimer" CHECK (num_nonnulls("wish_list_pledges"."user_id", "wish_list_pledges"."guest_id") = 1);--> statement-breakpoint
ALTER TABLE "wish_list_pledges" ADD CONSTRAINT "wish_list_pledges_hold_guest" CHECK ("wish_list_pledges"."hold_expires_at" is null or "wish_list_pledges"."guest_id" is not null);