-- Issue 26: accounts that existed before the first-visit start are returning users, so they keep
-- "Welcome back"; only accounts made from now on see the start once.
UPDATE "users" SET "welcomed_at" = "created_at" WHERE "welcomed_at" IS NULL;
