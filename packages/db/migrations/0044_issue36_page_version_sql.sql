-- issue 36: a version of each exchange's participant pages, moved by every write to a table the
-- participant's page shows (its people, lists, pairs and messages), so the page's cache
-- (packages/api services/exchanges/view-cache.ts) reads one row for them instead of hashing the
-- lists and messages on every call. Any writer bumps it: this server, another instance, a job,
-- SQL typed by hand. docs/decisions/gift-exchanges.md "The participant's page".
--
-- A table of its own, not a column of exchanges: "Open my match" holds the exchange's row FOR
-- SHARE, and two openers each updating that row would deadlock.
-- Deferred constraint triggers: the bump runs at commit, after every other lock the transaction
-- takes, so waiting for this row never sits between two other locks (a removal holding the
-- version while it re-assigns a Santa whose list is being edited would otherwise deadlock).
CREATE TABLE "exchange_page_versions" (
  "exchange_id" integer PRIMARY KEY REFERENCES "exchanges"("id") ON DELETE CASCADE,
  "version" bigint NOT NULL DEFAULT 1
);
--> statement-breakpoint
INSERT INTO "exchange_page_versions" ("exchange_id") SELECT "id" FROM "exchanges";
--> statement-breakpoint
CREATE FUNCTION "create_exchange_page_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "exchange_page_versions" ("exchange_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "exchanges_page_version_insert" AFTER INSERT ON "exchanges"
  FOR EACH ROW EXECUTE FUNCTION "create_exchange_page_version"();
--> statement-breakpoint
-- TG_ARGV[0]: the column naming the exchange ('exchange_id') or the participant
-- ('participant_id'). Rows deleted with their participant or exchange (ON DELETE CASCADE) find
-- nothing at commit: the participant's own trigger has bumped already, or the exchange is gone.
CREATE FUNCTION "bump_exchange_page_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys integer[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    keys := keys || (to_jsonb(NEW) ->> TG_ARGV[0])::integer;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    keys := keys || (to_jsonb(OLD) ->> TG_ARGV[0])::integer;
  END IF;
  IF TG_ARGV[0] = 'participant_id' THEN
    keys := array(SELECT "exchange_id" FROM "exchange_participants" WHERE "id" = ANY(keys));
  END IF;
  UPDATE "exchange_page_versions" SET "version" = "version" + 1
   WHERE "exchange_id" IN (SELECT DISTINCT k FROM unnest(keys) AS k WHERE k IS NOT NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "bump_all_exchange_page_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "exchange_page_versions" SET "version" = "version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "exchange_participants_page_version" AFTER INSERT OR UPDATE OR DELETE ON "exchange_participants"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_exchange_page_version"('exchange_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "exchange_assignments_page_version" AFTER INSERT OR UPDATE OR DELETE ON "exchange_assignments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_exchange_page_version"('exchange_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "exchange_messages_page_version" AFTER INSERT OR UPDATE OR DELETE ON "exchange_messages"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_exchange_page_version"('exchange_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "exchange_items_page_version" AFTER INSERT OR UPDATE OR DELETE ON "exchange_items"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_exchange_page_version"('participant_id');
--> statement-breakpoint
CREATE TRIGGER "exchange_participants_page_version_truncate" AFTER TRUNCATE ON "exchange_participants"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_exchange_page_versions"();
--> statement-breakpoint
CREATE TRIGGER "exchange_assignments_page_version_truncate" AFTER TRUNCATE ON "exchange_assignments"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_exchange_page_versions"();
--> statement-breakpoint
CREATE TRIGGER "exchange_messages_page_version_truncate" AFTER TRUNCATE ON "exchange_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_exchange_page_versions"();
--> statement-breakpoint
CREATE TRIGGER "exchange_items_page_version_truncate" AFTER TRUNCATE ON "exchange_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_exchange_page_versions"();
