ALTER TYPE "public"."email_status" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"event_id" integer NOT NULL,
	"occurrence" date NOT NULL,
	"lead_days" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email_log_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_sends_event_id_occurrence_lead_days_pk" PRIMARY KEY("event_id","occurrence","lead_days")
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"lead_days" integer[] DEFAULT '{14,3}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rule" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminder_lead_days" integer[];--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_email_log_id_email_log_id_fk" FOREIGN KEY ("email_log_id") REFERENCES "public"."email_log"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_sends_email_log_idx" ON "reminder_sends" USING btree ("email_log_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_rule_check" CHECK ("events"."rule" in ('fixed', 'mothering-sunday', 'fathers-day', 'easter-sunday'));