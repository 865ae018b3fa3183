-- Category overrides that shape the amazon.co.uk toy catalog into the shop's tree, so every home
-- tile of spec browsing-and-purchase §2 leads to real products (docs/decisions/category-overrides.md).
-- Tile slugs read back with " & " (spec §4): "gifts and cards" -> /category/gifts-and-cards -> "Gifts & Cards".
INSERT INTO "category_overrides" ("source_path", "action", "target_path") VALUES
  ('Electronic Toys', 'merge', 'Tech::Electronic Toys'),
  ('Hobbies::Remote Controlled Devices', 'merge', 'Tech::Remote Controlled Devices'),
  ('Characters & Brands::VTech', 'merge', 'Tech::Learning Tech::VTech'),
  ('Characters & Brands::LeapFrog', 'merge', 'Tech::Learning Tech::LeapFrog'),
  ('Fancy Dress::Accessories::Temporary Tattoos', 'merge', 'Skincare & Fragrance::Body Art::Temporary Tattoos'),
  ('Novelty Jewellery', 'merge', 'Skincare & Fragrance::Jewellery'),
  ('Women::Accessories', 'merge', 'Skincare & Fragrance::Accessories'),
  ('Party Supplies::Invitations', 'merge', 'Gifts & Cards::Cards & Invitations'),
  ('Novelty & Special Use', 'merge', 'Gifts & Cards::Novelty Gifts'),
  ('Party Supplies::Party Favours', 'merge', 'Gifts & Cards::Party Favours'),
  ('Party Supplies::Party Bags', 'merge', 'Gifts & Cards::Party Bags'),
  ('Gardening', 'merge', 'Tools & Garden::Gardening'),
  ('Sports Toys & Outdoor::Garden Tools', 'merge', 'Tools & Garden::Garden Tools'),
  ('Pretend Play::Play Tools', 'merge', 'Tools & Garden::Play Tools'),
  ('Cooking & Dining::Kitchen Tools & Gadgets', 'merge', 'Tools & Garden::Kitchen Tools & Gadgets'),
  ('Sweets, Chocolate & Gum::Chocolate', 'merge', 'Food & Drink::Food::Chocolate'),
  ('Sweets, Chocolate & Gum', 'merge', 'Food & Drink::Food::Sweets'),
  ('Jams, Honey & Spreads', 'merge', 'Food & Drink::Food::Spreads'),
  ('Musical Toy Instruments', 'rename', 'Music::Musical Instruments'),
  ('Home Accessories', 'merge', 'Home::Home Accessories'),
  ('Indoor Lighting', 'merge', 'Home::Lighting'),
  ('Bedding & Linens', 'merge', 'Home::Bedding & Linens'),
  ('Laundry, Storage & Organisation', 'merge', 'Home::Storage'),
  ('Storage, Cleaning & Ring Sizers', 'merge', 'Home::Storage'),
  ('Sex & Sensuality', 'hide', NULL),
  ('Medication & Remedies', 'hide', NULL),
  ('Medical Supplies & Equipment', 'hide', NULL),
  ('Car Parts', 'hide', NULL)
ON CONFLICT ("source_path") DO NOTHING;
--> statement-breakpoint
-- The six occasion promotions of the home page's "Shop by Occasion" tiles. A product belongs to a
-- promo when its shop category starts with one of `categories` or its title matches one of
-- `keywords` (English stemming), and its price lies in [minPrice, maxPrice].
INSERT INTO "promos" ("name", "title", "description", "rules") VALUES
  ('birthday', 'Birthday Gifts', 'Presents, games and party bits to make their birthday.',
   '{"categories":["Games::Board Games","Jigsaws & Puzzles","Hobbies::Model Building Kits","Arts & Crafts::Children''s Craft Kits"],"keywords":["birthday","party bag"],"minPrice":3,"maxPrice":80}'),
  ('anniversary', 'Anniversary Gifts', 'Tokens of love for the years you have shared.',
   '{"categories":["Skincare & Fragrance::Jewellery"],"keywords":["anniversary","love","valentine","heart"],"minPrice":2,"maxPrice":150}'),
  ('wedding', 'Wedding Gifts', 'Keepsakes and fun for the happy couple and their hen and stag parties.',
   '{"keywords":["wedding","bride","groom","hen night","just married","mr and mrs"],"minPrice":2,"maxPrice":200}'),
  ('christmas', 'Christmas Gifts', 'Festive presents, stocking fillers and decorations.',
   '{"keywords":["christmas","xmas","santa","advent","reindeer","snowman","stocking filler"],"minPrice":1,"maxPrice":300}'),
  ('graduation', 'Graduation Gifts', 'Congratulations gifts for a well-earned milestone.',
   '{"keywords":["graduation","graduate","congratulations","well done","reward","school leaver"],"minPrice":1,"maxPrice":150}'),
  ('new-baby', 'New Baby Gifts', 'Soft toys, first toys and keepsakes to welcome a new arrival.',
   '{"categories":["Baby & Toddler Toys"],"keywords":["baby","newborn","christening","new born"],"minPrice":2,"maxPrice":150}')
ON CONFLICT ("name") DO NOTHING;
