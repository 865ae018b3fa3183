CREATE TABLE "job_email_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"user_id" integer NOT NULL,
	"period" text NOT NULL,
	"email_log_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_email_sends" ADD CONSTRAINT "job_email_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_email_sends" ADD CONSTRAINT "job_email_sends_email_log_id_email_log_id_fk" FOREIGN KEY ("email_log_id") REFERENCES "public"."email_log"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_email_sends_key" ON "job_email_sends" USING btree ("job","user_id","period");