-- issue 24: the recommendation and gift-picks input of a person (load-recommendation-input.ts,
-- load-pick-inputs.ts) is kept per users.data_version like the account answers (migration 0026,
-- docs/decisions/recommendation-input-cache.md). Besides the tables 0026 covers it reads wish
-- lists (issue 23: the catalog items of a list a user linked to one of their people count as
-- liked for that person) and "Not for {name}" dismissals (issue 20), so writes to those move the
-- version too.
--
-- A wish list's rows matter to its owner and to every user who linked it to one of their
-- people (wish_list_people: a list shared with them), so a change to a list or its items moves
-- all of their versions. The rows are locked in id order before the update, so two statements
-- moving overlapping sets of users cannot deadlock on each other.
-- TG_ARGV[0]: the column naming the list ('id' on wish_lists, 'list_id' on wish_list_items).
CREATE FUNCTION "bump_wish_list_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lists integer[] := '{}';
  owners integer[] := '{}';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "users" SET "data_version" = "data_version" + 1;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    lists := lists || array(SELECT DISTINCT (to_jsonb(t) ->> TG_ARGV[0])::integer FROM changed_new t);
    IF TG_ARGV[0] = 'id' THEN
      owners := owners || array(SELECT DISTINCT (to_jsonb(t) ->> 'user_id')::integer FROM changed_new t);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    lists := lists || array(SELECT DISTINCT (to_jsonb(t) ->> TG_ARGV[0])::integer FROM changed_old t);
    IF TG_ARGV[0] = 'id' THEN
      owners := owners || array(SELECT DISTINCT (to_jsonb(t) ->> 'user_id')::integer FROM changed_old t);
    END IF;
  END IF;
  owners := owners || array(
    SELECT "user_id" FROM "wish_lists" WHERE "id" = ANY(lists)
    UNION
    SELECT "user_id" FROM "wish_list_people" WHERE "list_id" = ANY(lists));
  PERFORM 1 FROM "users" WHERE "id" = ANY(owners) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "users" SET "data_version" = "data_version" + 1
   WHERE "id" IN (SELECT DISTINCT o FROM unnest(owners) AS o WHERE o IS NOT NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "wish_lists_user_data_version_insert" AFTER INSERT ON "wish_lists"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_wish_list_data_version"('id');
--> statement-breakpoint
CREATE TRIGGER "wish_lists_user_data_version_update" AFTER UPDATE ON "wish_lists"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_wish_list_data_version"('id');
--> statement-breakpoint
CREATE TRIGGER "wish_lists_user_data_version_delete" AFTER DELETE ON "wish_lists"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_wish_list_data_version"('id');
--> statement-breakpoint
CREATE TRIGGER "wish_lists_user_data_version_truncate" AFTER TRUNCATE ON "wish_lists"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_wish_list_data_version"('id');
--> statement-breakpoint
CREATE TRIGGER "wish_list_items_user_data_version_insert" AFTER INSERT ON "wish_list_items"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_wish_list_data_version"('list_id');
--> statement-breakpoint
CREATE TRIGGER "wish_list_items_user_data_version_update" AFTER UPDATE ON "wish_list_items"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_wish_list_data_version"('list_id');
--> statement-breakpoint
CREATE TRIGGER "wish_list_items_user_data_version_delete" AFTER DELETE ON "wish_list_items"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_wish_list_data_version"('list_id');
--> statement-breakpoint
CREATE TRIGGER "wish_list_items_user_data_version_truncate" AFTER TRUNCATE ON "wish_list_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_wish_list_data_version"('list_id');
--> statement-breakpoint
CREATE TRIGGER "wish_list_people_user_data_version_insert" AFTER INSERT ON "wish_list_people"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "wish_list_people_user_data_version_update" AFTER UPDATE ON "wish_list_people"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "wish_list_people_user_data_version_delete" AFTER DELETE ON "wish_list_people"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "wish_list_people_user_data_version_truncate" AFTER TRUNCATE ON "wish_list_people"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "pick_dismissals_user_data_version_insert" AFTER INSERT ON "pick_dismissals"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "pick_dismissals_user_data_version_update" AFTER UPDATE ON "pick_dismissals"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "pick_dismissals_user_data_version_delete" AFTER DELETE ON "pick_dismissals"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "pick_dismissals_user_data_version_truncate" AFTER TRUNCATE ON "pick_dismissals"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_version"('user_id');
