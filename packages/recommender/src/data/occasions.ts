import type { CategoryTarget } from '../types.ts'

/**
 * What each occasion (by its value, migration 0007) points at in the catalog, besides its promo
 * (an occasion whose value names a promo, e.g. "christmas", also reads the promo's share of each
 * category: signal "promo"). `recipient: 'baby'` means the present is for a baby whoever the
 * person is (a new baby, a christening), so the age signal reads a baby.
 * `phrase` is how the reasoning names it ("Christmas favourites in ...").
 */
export const OCCASION_TARGETS: Record<string, { targets: CategoryTarget[]; recipient?: 'baby' }> = {
  birthday: {
    targets: [
      { path: 'Games::Board Games', weight: 0.4 },
      { path: 'Hobbies::Model Building Kits', weight: 0.3 },
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.3 },
    ],
  },
  christmas: {
    targets: [
      { path: 'Games', weight: 0.5 },
      { path: 'Jigsaws & Puzzles', weight: 0.5 },
      { path: 'Hobbies::Model Trains & Railway Sets', weight: 0.4 },
      { path: 'Home::Home Accessories::Seasonal Décor::Christmas', weight: 0.5 },
      { path: 'Figures & Playsets', weight: 0.3 },
      { path: 'Dolls & Accessories', weight: 0.3 },
      { path: 'Food & Drink::Food::Chocolate', weight: 0.5 },
    ],
  },
  anniversary: {
    targets: [
      { path: 'Skincare & Fragrance::Jewellery', weight: 0.6 },
      { path: 'Home', weight: 0.6 },
      { path: 'Food & Drink::Food::Chocolate', weight: 0.6 },
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.4 },
      { path: 'Tools & Garden::Kitchen Tools & Gadgets::Barware', weight: 0.4 },
      { path: 'Games::Card Games', weight: 0.3 },
    ],
  },
  wedding: {
    targets: [
      { path: 'Home', weight: 0.8 },
      { path: 'Tools & Garden::Kitchen Tools & Gadgets', weight: 0.7 },
      { path: 'Gifts & Cards', weight: 0.5 },
      { path: 'Games::Casino Equipment::Game Sets', weight: 0.3 },
    ],
  },
  graduation: {
    targets: [
      { path: 'Office Supplies', weight: 0.6 },
      { path: 'Pens, Pencils & Writing Supplies', weight: 0.5 },
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.5 },
      { path: 'Tech', weight: 0.4 },
      { path: 'Games::Trivia & Quiz Games', weight: 0.3 },
    ],
  },
  'new-baby': {
    recipient: 'baby',
    targets: [
      { path: 'Baby & Toddler Toys', weight: 1 },
      { path: 'Dolls & Accessories::Soft Dolls', weight: 0.7 },
      { path: 'Characters & Brands::Winnie-the-Pooh', weight: 0.6 },
      { path: 'Characters & Brands::Early Learning Centre', weight: 0.5 },
      { path: 'Puppets & Puppet Theatres::Finger Puppets', weight: 0.4 },
    ],
  },
  christening: {
    recipient: 'baby',
    targets: [
      { path: 'Baby & Toddler Toys', weight: 1 },
      { path: 'Dolls & Accessories::Soft Dolls', weight: 0.8 },
      { path: 'Characters & Brands::Winnie-the-Pooh', weight: 0.6 },
      { path: 'Baby & Toddler Toys::Rocking Horses', weight: 0.6 },
    ],
  },
  'mothers-day': {
    targets: [
      { path: 'Home', weight: 0.7 },
      { path: 'Skincare & Fragrance', weight: 0.6 },
      { path: 'Food & Drink::Food::Chocolate', weight: 0.7 },
      { path: 'Tools & Garden::Garden Tools', weight: 0.5 },
      { path: 'Tools & Garden::Gardening', weight: 0.5 },
      { path: 'Jigsaws & Puzzles::Jigsaws', weight: 0.4 },
      { path: 'Arts & Crafts::Painting By Numbers', weight: 0.3 },
    ],
  },
  'fathers-day': {
    targets: [
      { path: 'Tools & Garden', weight: 0.6 },
      { path: 'Food & Drink', weight: 0.5 },
      { path: 'Hobbies::Model Building Kits', weight: 0.5 },
      { path: 'Hobbies::Model Trains & Railway Sets', weight: 0.4 },
      { path: 'Sports Toys & Outdoor::Darts & Accessories', weight: 0.5 },
      { path: 'Games::Chess', weight: 0.4 },
      { path: "Supporters' Gear", weight: 0.4 },
      { path: 'Tech::Remote Controlled Devices::Helicopters & Quadcopters', weight: 0.4 },
    ],
  },
  'valentines-day': {
    targets: [
      { path: 'Food & Drink::Food::Chocolate', weight: 0.9 },
      { path: 'Skincare & Fragrance', weight: 0.6 },
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.5 },
      { path: 'Home::Lighting', weight: 0.4 },
      { path: 'Games::Card Games', weight: 0.2 },
    ],
  },
  easter: {
    targets: [
      { path: 'Food & Drink::Food::Chocolate', weight: 0.9 },
      { path: 'Arts & Crafts', weight: 0.5 },
      { path: 'Figures & Playsets::Farm & Animals', weight: 0.5 },
      { path: 'Puppets & Puppet Theatres::Finger Puppets', weight: 0.4 },
      { path: 'Sports Toys & Outdoor::Kites & Flight Toys', weight: 0.3 },
    ],
  },
  diwali: {
    targets: [
      { path: 'Home::Lighting', weight: 0.7 },
      { path: 'Home', weight: 0.5 },
      { path: 'Food & Drink', weight: 0.7 },
      { path: 'Games::Card Games', weight: 0.5 },
      { path: 'Arts & Crafts', weight: 0.3 },
    ],
  },
  eid: {
    targets: [
      { path: 'Food & Drink', weight: 0.7 },
      { path: 'Home', weight: 0.5 },
      { path: 'Games', weight: 0.4 },
      { path: 'Gifts & Cards', weight: 0.4 },
    ],
  },
  hanukkah: {
    targets: [
      { path: 'Games::Dice & Dice Games', weight: 0.5 },
      { path: 'Games', weight: 0.4 },
      { path: 'Food & Drink::Food::Chocolate', weight: 0.6 },
      { path: 'Home::Lighting', weight: 0.5 },
      { path: 'Arts & Crafts', weight: 0.3 },
    ],
  },
  'lunar-new-year': {
    targets: [
      { path: 'Games::Dominoes & Tile Games', weight: 0.7 },
      { path: 'Food & Drink', weight: 0.6 },
      { path: 'Home', weight: 0.5 },
      { path: 'Gifts & Cards', weight: 0.4 },
      { path: 'Games::Card Games', weight: 0.3 },
    ],
  },
  engagement: {
    targets: [
      { path: 'Home', weight: 0.6 },
      { path: 'Skincare & Fragrance::Jewellery', weight: 0.6 },
      { path: 'Gifts & Cards', weight: 0.5 },
      { path: 'Food & Drink', weight: 0.5 },
      { path: 'Tools & Garden::Kitchen Tools & Gadgets::Barware', weight: 0.4 },
    ],
  },
  retirement: {
    targets: [
      { path: 'Tools & Garden::Gardening', weight: 0.8 },
      { path: 'Tools & Garden::Garden Tools', weight: 0.6 },
      { path: 'Jigsaws & Puzzles', weight: 0.8 },
      { path: 'Hobbies::Model Building Kits', weight: 0.6 },
      { path: 'Hobbies::Model Trains & Railway Sets', weight: 0.6 },
      { path: 'Games::Chess', weight: 0.5 },
      { path: 'Arts & Crafts::Painting By Numbers', weight: 0.5 },
    ],
  },
  housewarming: {
    targets: [
      { path: 'Home', weight: 1 },
      { path: 'Tools & Garden', weight: 0.7 },
      { path: 'Food & Drink', weight: 0.4 },
      { path: 'Games::Board Games', weight: 0.3 },
    ],
  },
  'new-job': {
    targets: [
      { path: 'Office Supplies', weight: 0.9 },
      { path: 'Pens, Pencils & Writing Supplies', weight: 0.7 },
      { path: 'Home::Storage', weight: 0.3 },
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.4 },
      { path: 'Food & Drink', weight: 0.4 },
    ],
  },
  'exam-results': {
    targets: [
      { path: 'Gifts & Cards', weight: 0.5 },
      { path: 'Tech', weight: 0.5 },
      { path: 'Games', weight: 0.4 },
      { path: 'Food & Drink', weight: 0.4 },
    ],
  },
  'thank-you': {
    targets: [
      { path: 'Food & Drink', weight: 0.8 },
      { path: 'Gifts & Cards', weight: 0.6 },
      { path: 'Home', weight: 0.4 },
      { path: 'Tools & Garden::Gardening', weight: 0.3 },
    ],
  },
  'get-well': {
    targets: [
      { path: 'Jigsaws & Puzzles', weight: 0.8 },
      { path: 'Games::Card Games', weight: 0.5 },
      { path: 'Games::Trivia & Quiz Games', weight: 0.4 },
      { path: 'Arts & Crafts::Colouring Pencils', weight: 0.5 },
      { path: 'Arts & Crafts::Painting By Numbers', weight: 0.4 },
      { path: 'Food & Drink', weight: 0.5 },
    ],
  },
  leaving: {
    targets: [
      { path: 'Gifts & Cards', weight: 0.7 },
      { path: 'Office Supplies', weight: 0.5 },
      { path: 'Food & Drink', weight: 0.5 },
      { path: 'Games::Drinking Games', weight: 0.3 },
    ],
  },
  'just-because': {
    targets: [
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.5 },
      { path: 'Food & Drink', weight: 0.5 },
    ],
  },
}
