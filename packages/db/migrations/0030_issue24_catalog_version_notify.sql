-- Issue 24: the catalog version (migration 0005) is also announced on the channel
-- "presently_catalog_version" (payload: the new version), so a server can keep the version in
-- memory (LISTEN) instead of reading catalog_state on every cached catalog read. PostgreSQL
-- delivers a notification when the writing transaction commits, never before, and folds equal
-- payloads of one transaction into one. Writers elsewhere (the import CLI, SQL by hand) announce
-- too: the trigger does it.
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  UPDATE "catalog_state" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO next_version;
  PERFORM pg_notify('presently_catalog_version', next_version::text);
  RETURN NULL;
END;
$$;
