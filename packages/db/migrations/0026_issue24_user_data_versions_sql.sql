-- issue 24: a version of each user's account data (users.data_version, migration
-- 0025), moved by every write to a table the account answers read, so the server's cache of
-- those answers (apps/server account-cache) is keyed by it and never serves an answer older than
-- the data: any writer (this server, another instance, a CLI, SQL typed by hand) bumps it.
-- docs/decisions/user-data-version.md.
--
-- Statement-level triggers with transition tables: a bulk insert of 1,600 interests bumps its
-- user once, not 1,600 times. Rows that reach their user through a parent (a person, an event,
-- a like) find the owner through that parent; when the parent is deleted in the same
-- statement (ON DELETE CASCADE), the parent's own trigger has bumped already.
-- TG_ARGV[0]: the column naming the owner ('user_id') or the parent ('person_id', 'event_id',
-- 'product_like_id'). Transition tables allow one event per trigger, hence three per table.
CREATE FUNCTION "bump_user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys integer[] := '{}';
  owners integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "users" SET "data_version" = "data_version" + 1;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    keys := keys || array(SELECT DISTINCT (to_jsonb(t) ->> TG_ARGV[0])::integer FROM changed_new t);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    keys := keys || array(SELECT DISTINCT (to_jsonb(t) ->> TG_ARGV[0])::integer FROM changed_old t);
  END IF;
  IF TG_ARGV[0] = 'person_id' THEN
    owners := array(SELECT "user_id" FROM "people" WHERE "id" = ANY(keys));
  ELSIF TG_ARGV[0] = 'event_id' THEN
    owners := array(SELECT "user_id" FROM "events" WHERE "id" = ANY(keys));
  ELSIF TG_ARGV[0] = 'product_like_id' THEN
    owners := array(SELECT "user_id" FROM "product_likes" WHERE "id" = ANY(keys));
  ELSE
    owners := keys;
  END IF;
  -- The users row is the lock the per-user caps take (FOR NO KEY UPDATE, issue 25): one lock,
  -- so no new lock order. Rows of a user deleted in this statement are simply not found.
  UPDATE "users" SET "data_version" = "data_version" + 1
   WHERE "id" IN (SELECT DISTINCT o FROM unnest(owners) AS o WHERE o IS NOT NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "people_user_data_version_insert" AFTER INSERT ON "people"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "people_user_data_version_update" AFTER UPDATE ON "people"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "people_user_data_version_delete" AFTER DELETE ON "people"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "people_user_data_version_truncate" AFTER TRUNCATE ON "people"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "person_interests_user_data_version_insert" AFTER INSERT ON "person_interests"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "person_interests_user_data_version_update" AFTER UPDATE ON "person_interests"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "person_interests_user_data_version_delete" AFTER DELETE ON "person_interests"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "person_interests_user_data_version_truncate" AFTER TRUNCATE ON "person_interests"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "person_selections_user_data_version_insert" AFTER INSERT ON "person_selections"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "person_selections_user_data_version_update" AFTER UPDATE ON "person_selections"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "person_selections_user_data_version_delete" AFTER DELETE ON "person_selections"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "person_selections_user_data_version_truncate" AFTER TRUNCATE ON "person_selections"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "person_gift_preferences_user_data_version_insert" AFTER INSERT ON "person_gift_preferences"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "person_gift_preferences_user_data_version_update" AFTER UPDATE ON "person_gift_preferences"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "person_gift_preferences_user_data_version_delete" AFTER DELETE ON "person_gift_preferences"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "person_gift_preferences_user_data_version_truncate" AFTER TRUNCATE ON "person_gift_preferences"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('person_id');
--> statement-breakpoint
CREATE TRIGGER "events_user_data_version_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "events_user_data_version_update" AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "events_user_data_version_delete" AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "events_user_data_version_truncate" AFTER TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "event_people_user_data_version_insert" AFTER INSERT ON "event_people"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('event_id');
--> statement-breakpoint
CREATE TRIGGER "event_people_user_data_version_update" AFTER UPDATE ON "event_people"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('event_id');
--> statement-breakpoint
CREATE TRIGGER "event_people_user_data_version_delete" AFTER DELETE ON "event_people"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('event_id');
--> statement-breakpoint
CREATE TRIGGER "event_people_user_data_version_truncate" AFTER TRUNCATE ON "event_people"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('event_id');
--> statement-breakpoint
CREATE TRIGGER "product_likes_user_data_version_insert" AFTER INSERT ON "product_likes"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "product_likes_user_data_version_update" AFTER UPDATE ON "product_likes"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "product_likes_user_data_version_delete" AFTER DELETE ON "product_likes"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "product_likes_user_data_version_truncate" AFTER TRUNCATE ON "product_likes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "product_like_associations_user_data_version_insert" AFTER INSERT ON "product_like_associations"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('product_like_id');
--> statement-breakpoint
CREATE TRIGGER "product_like_associations_user_data_version_update" AFTER UPDATE ON "product_like_associations"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('product_like_id');
--> statement-breakpoint
CREATE TRIGGER "product_like_associations_user_data_version_delete" AFTER DELETE ON "product_like_associations"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('product_like_id');
--> statement-breakpoint
CREATE TRIGGER "product_like_associations_user_data_version_truncate" AFTER TRUNCATE ON "product_like_associations"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('product_like_id');
--> statement-breakpoint
CREATE TRIGGER "click_throughs_user_data_version_insert" AFTER INSERT ON "click_throughs"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "click_throughs_user_data_version_update" AFTER UPDATE ON "click_throughs"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "click_throughs_user_data_version_delete" AFTER DELETE ON "click_throughs"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "click_throughs_user_data_version_truncate" AFTER TRUNCATE ON "click_throughs"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "gifts_user_data_version_insert" AFTER INSERT ON "gifts"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "gifts_user_data_version_update" AFTER UPDATE ON "gifts"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "gifts_user_data_version_delete" AFTER DELETE ON "gifts"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "gifts_user_data_version_truncate" AFTER TRUNCATE ON "gifts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "budgets_user_data_version_insert" AFTER INSERT ON "budgets"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "budgets_user_data_version_update" AFTER UPDATE ON "budgets"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "budgets_user_data_version_delete" AFTER DELETE ON "budgets"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "budgets_user_data_version_truncate" AFTER TRUNCATE ON "budgets"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
