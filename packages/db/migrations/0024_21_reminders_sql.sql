-- Issue 21: the upcoming-events campaign is the reminder run, on by default daily at 08:00
-- (Europe/London). A shop whose staff already saved the job keeps its state and schedule.
INSERT INTO "job_settings" ("name", "schedule", "enabled")
VALUES ('upcoming-events', '0 8 * * *', true)
ON CONFLICT ("name") DO NOTHING;
