/**
 * How good a present a category makes on its own, 0..1 (default 1): spare parts, refills,
 * decorations and stationery odds are things one buys for a party or a project, not presents.
 * Multiplies the score; the most specific rule applies (docs/decisions/recommendations.md).
 */
export const GIFTABILITY: Record<string, number> = {
  'Party Supplies': 0.35,
  'Party Supplies::Decorations::Cake Decorations': 0.25,
  'Gifts & Cards::Cards & Invitations': 0.35,
  'Office Supplies::Labels, Index Dividers & Stamps': 0.4,
  'Pens, Pencils & Writing Supplies::Erasers & Correction Supplies': 0.3,
  'Pens, Pencils & Writing Supplies::Pens & Refills': 0.3,
  'Tech::Remote Controlled Devices::Parts & Accessories': 0.45,
  'Hobbies::Slot Cars, Race Tracks & Accessories::Service & Tuning Parts': 0.4,
  'Hobbies::Trading Cards & Accessories::Storage Albums & Cases': 0.6,
  'Hobbies::Model Trains & Railway Sets::Lighting & Signal Engineering': 0.55,
  'Hobbies::Model Building Kits::Model Building Tools': 0.6,
  'Hobbies::Model Building Kits::Accessories': 0.6,
  'Jigsaws & Puzzles::Jigsaw Accessories': 0.3,
  'Camping & Hiking': 0.3,
  'Home::Storage': 0.6,
  'Food & Drink::Food::Spreads': 0.4,
  'Sports Toys & Outdoor::Climbing Frames': 0.5,
  'Sports Toys & Outdoor::Beach Toys::Airbeds & Inflating Devices': 0.7,
  Dogs: 0.3,
  'Fancy Dress::Accessories': 0.8,
  'Arts & Crafts::Art & Craft Supplies': 0.6,
  'Arts & Crafts::Doll Making': 0.5,
  'Figures & Playsets::Accessories': 0.8,
  "Dolls & Accessories::Dolls' House Dolls & Accessories::Dolls' House Accessories": 0.85,
  'Games::Casino Equipment::Game Layouts': 0.5,
  'Games::Casino Equipment::Poker Chips': 0.6,
  'Games::Casino Equipment::Poker Chip Cases & Trays': 0.5,
}
