-- Issue 41 finding 6: a claim or pledge made through the list's current link keeps it on the
-- claimer's page; one made before the link was renewed does not (link_shared_at <> shared_at).
UPDATE "wish_list_claims" c SET "link_shared_at" = l."shared_at"
FROM "wish_list_items" i JOIN "wish_lists" l ON l."id" = i."list_id"
WHERE i."id" = c."item_id" AND l."shared_at" IS NOT NULL AND c."created_at" >= l."shared_at";
--> statement-breakpoint
UPDATE "wish_list_pledges" p SET "link_shared_at" = l."shared_at"
FROM "wish_list_items" i JOIN "wish_lists" l ON l."id" = i."list_id"
WHERE i."id" = p."item_id" AND l."shared_at" IS NOT NULL AND p."created_at" >= l."shared_at";
