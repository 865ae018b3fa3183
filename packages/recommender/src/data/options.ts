import type { CategoryTarget } from '../types.ts'

/**
 * What each profile option (intelligence, lifestyle, taste, personality: migration 0007, by
 * label) points at in the catalog, and how the reasoning says it ("is a collector"). A negative
 * weight pushes away (a minimalist and ornaments). Labels not listed here steer nothing.
 */
export const OPTION_TARGETS: Record<string, { says: string; targets: CategoryTarget[] }> = {
  // Intelligence (Gardner)
  'Word smart': {
    says: 'loves words',
    targets: [
      { path: 'Games::Trivia & Quiz Games', weight: 0.8 },
      { path: 'Games::Card Games', weight: 0.3 },
      { path: 'Educational Toys::Literacy & Spelling', weight: 0.6 },
      { path: 'Pens, Pencils & Writing Supplies', weight: 0.4 },
      { path: 'Games::Educational Games', weight: 0.3 },
    ],
  },
  'Number smart': {
    says: 'is good with numbers',
    targets: [
      { path: 'Jigsaws & Puzzles::Brain Teasers', weight: 0.8 },
      { path: 'Games::Chess', weight: 0.7 },
      { path: 'Games::Strategy Games', weight: 0.6 },
      { path: 'Educational Toys::Mathematics', weight: 0.6 },
      { path: 'Games::Dominoes & Tile Games', weight: 0.3 },
    ],
  },
  'Picture smart': {
    says: 'thinks in pictures',
    targets: [
      { path: 'Arts & Crafts', weight: 0.8 },
      { path: 'Jigsaws & Puzzles::Jigsaws', weight: 0.5 },
      { path: 'Jigsaws & Puzzles::3-D Puzzles', weight: 0.5 },
      { path: 'Hobbies::Model Building Kits', weight: 0.4 },
    ],
  },
  'Music smart': {
    says: 'is musical',
    targets: [
      { path: 'Music', weight: 1 },
      { path: 'Baby & Toddler Toys::Sound Toys', weight: 0.5 },
    ],
  },
  'Body smart': {
    says: 'loves to move',
    targets: [
      { path: 'Sports Toys & Outdoor', weight: 0.8 },
      { path: 'Puppets & Puppet Theatres', weight: 0.2 },
    ],
  },
  'Nature smart': {
    says: 'loves nature',
    targets: [
      { path: 'Tools & Garden::Gardening', weight: 0.7 },
      { path: 'Tools & Garden::Garden Tools', weight: 0.7 },
      { path: 'Figures & Playsets::Farm & Animals', weight: 0.5 },
      { path: 'Figures & Playsets::Dinosaurs', weight: 0.5 },
      { path: 'Sports Toys & Outdoor::Kites & Flight Toys', weight: 0.5 },
    ],
  },
  // Lifestyle
  Homebody: {
    says: 'is a homebody',
    targets: [
      { path: 'Jigsaws & Puzzles', weight: 0.5 },
      { path: 'Games', weight: 0.4 },
      { path: 'Arts & Crafts', weight: 0.3 },
      { path: 'Home', weight: 0.4 },
      { path: 'Hobbies::Model Building Kits', weight: 0.3 },
    ],
  },
  'Out and about': {
    says: 'is always out and about',
    targets: [
      { path: 'Sports Toys & Outdoor', weight: 0.6 },
      { path: 'Sports Toys & Outdoor::Kites & Flight Toys', weight: 0.5 },
      { path: 'Camping & Hiking', weight: 0.5 },
      { path: 'Games::Travel & Pocket Games', weight: 0.5 },
    ],
  },
  'City life': {
    says: 'loves city life',
    targets: [
      { path: 'Tech', weight: 0.3 },
      { path: 'Games::Card Games', weight: 0.2 },
    ],
  },
  'Country life': {
    says: 'loves the country',
    targets: [
      { path: 'Tools & Garden', weight: 0.6 },
      { path: 'Figures & Playsets::Farm & Animals', weight: 0.4 },
      { path: 'Sports Toys & Outdoor::Kites & Flight Toys', weight: 0.3 },
      { path: 'Camping & Hiking', weight: 0.4 },
    ],
  },
  Minimalist: {
    says: 'keeps things minimal',
    targets: [
      { path: 'Home::Home Accessories', weight: -0.6 },
      { path: 'Hobbies::Collectible Figures & Memorabilia', weight: -0.5 },
      { path: 'Party Supplies', weight: -0.4 },
      { path: 'Food & Drink', weight: 0.3 },
      { path: 'Games::Card Games', weight: 0.3 },
    ],
  },
  Collector: {
    says: 'is a collector',
    targets: [
      { path: 'Hobbies::Collectible Figures & Memorabilia', weight: 1 },
      { path: 'Hobbies::Trading Cards & Accessories', weight: 0.8 },
      { path: 'Die-Cast & Toy Vehicles::Toy Vehicles & Accessories::Scaled Models', weight: 0.7 },
      { path: 'Hobbies::Model Trains & Railway Sets', weight: 0.5 },
      { path: 'Figures & Playsets::Science Fiction & Fantasy', weight: 0.4 },
    ],
  },
  'Cooks at home': {
    says: 'loves to cook',
    targets: [
      { path: 'Tools & Garden::Kitchen Tools & Gadgets', weight: 0.7 },
      { path: 'Food & Drink', weight: 0.5 },
    ],
  },
  'Eats out': {
    says: 'loves eating out',
    targets: [
      { path: 'Food & Drink::Food::Chocolate', weight: 0.3 },
      { path: 'Games::Card Games', weight: 0.2 },
    ],
  },
  // Taste
  'Classic and timeless': {
    says: 'likes the classics',
    targets: [
      { path: 'Games::Chess', weight: 0.6 },
      { path: 'Games::Dominoes & Tile Games', weight: 0.4 },
      { path: 'Jigsaws & Puzzles::Jigsaws', weight: 0.3 },
      { path: 'Hobbies::Model Trains & Railway Sets', weight: 0.5 },
      { path: 'Baby & Toddler Toys::Rocking Horses', weight: 0.4 },
      { path: 'Characters & Brands::BRIO', weight: 0.3 },
    ],
  },
  'Modern and on-trend': {
    says: 'likes the latest things',
    targets: [
      { path: 'Tech', weight: 0.6 },
      { path: 'Tech::Remote Controlled Devices', weight: 0.5 },
      { path: 'Characters & Brands', weight: 0.3 },
    ],
  },
  'Bold and bright': {
    says: 'likes bold colours',
    targets: [
      { path: 'Arts & Crafts', weight: 0.3 },
      { path: 'Sports Toys & Outdoor::Kites & Flight Toys', weight: 0.3 },
      { path: 'Fancy Dress', weight: 0.3 },
    ],
  },
  'Soft and neutral': {
    says: 'likes soft colours',
    targets: [
      { path: 'Home', weight: 0.3 },
      { path: 'Dolls & Accessories::Soft Dolls', weight: 0.2 },
    ],
  },
  'Practical and useful': {
    says: 'likes useful things',
    targets: [
      { path: 'Tools & Garden', weight: 0.6 },
      { path: 'Office Supplies', weight: 0.5 },
      { path: 'Bags', weight: 0.4 },
      { path: 'Pens, Pencils & Writing Supplies', weight: 0.4 },
      { path: 'Gifts & Cards::Novelty Gifts', weight: -0.3 },
    ],
  },
  'Indulgent treats': {
    says: 'loves a treat',
    targets: [
      { path: 'Food & Drink', weight: 0.8 },
      { path: 'Skincare & Fragrance', weight: 0.5 },
    ],
  },
  'Handmade and unique': {
    says: 'loves handmade things',
    targets: [
      { path: 'Arts & Crafts', weight: 0.6 },
      { path: "Arts & Crafts::Children's Craft Kits::Bead Art & Jewellery-Making", weight: 0.5 },
      { path: 'Arts & Crafts::Felt Kits', weight: 0.5 },
    ],
  },
  'Big names and brands': {
    says: 'likes big brands',
    targets: [
      { path: 'Characters & Brands', weight: 0.7 },
      { path: 'Tech::Learning Tech', weight: 0.3 },
    ],
  },
  'Funny and quirky': {
    says: 'loves a laugh',
    targets: [
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.8 },
      { path: 'Fancy Dress', weight: 0.6 },
      { path: 'Fancy Dress::Accessories::Masks', weight: 0.5 },
      { path: 'Games::Drinking Games', weight: 0.4 },
      { path: 'Games::Trivia & Quiz Games', weight: 0.3 },
      { path: 'Puppets & Puppet Theatres', weight: 0.3 },
    ],
  },
  'Sentimental and personal': {
    says: 'treasures sentimental things',
    targets: [
      { path: 'Home::Home Accessories', weight: 0.4 },
      { path: 'Skincare & Fragrance::Jewellery', weight: 0.5 },
      { path: 'Gifts & Cards', weight: 0.3 },
      { path: 'Dolls & Accessories::Soft Dolls', weight: 0.2 },
    ],
  },
  // Personality (Big Five facets)
  'Loves a crowd': {
    says: 'loves a crowd',
    targets: [
      { path: 'Games::Trivia & Quiz Games', weight: 0.5 },
      { path: 'Games::Card Games', weight: 0.4 },
      { path: 'Fancy Dress', weight: 0.5 },
      { path: 'Games::Drinking Games', weight: 0.3 },
    ],
  },
  'Prefers small groups': {
    says: 'prefers small groups',
    targets: [
      { path: 'Games::Chess', weight: 0.4 },
      { path: 'Games::Card Games', weight: 0.3 },
      { path: 'Jigsaws & Puzzles', weight: 0.3 },
    ],
  },
  'Always on the go': {
    says: 'is always on the go',
    targets: [
      { path: 'Sports Toys & Outdoor', weight: 0.6 },
      { path: 'Sports Toys & Outdoor::Kites & Flight Toys', weight: 0.4 },
      { path: 'Games::Travel & Pocket Games', weight: 0.5 },
      { path: 'Tech::Remote Controlled Devices', weight: 0.3 },
    ],
  },
  'Takes life slowly': {
    says: 'takes life slowly',
    targets: [
      { path: 'Jigsaws & Puzzles', weight: 0.6 },
      { path: 'Arts & Crafts::Painting By Numbers', weight: 0.4 },
      { path: 'Tools & Garden::Gardening', weight: 0.3 },
    ],
  },
  'Thrill-seeker': {
    says: 'loves a thrill',
    targets: [
      { path: 'Tech::Remote Controlled Devices::Helicopters & Quadcopters', weight: 0.7 },
      { path: 'Hobbies::Slot Cars, Race Tracks & Accessories', weight: 0.5 },
      { path: 'Sports Toys & Outdoor::Beach Toys::Water Pistols', weight: 0.3 },
      { path: 'Sports Toys & Outdoor::Bikes, Trikes & Ride-ons', weight: 0.4 },
    ],
  },
  'Calm and steady': {
    says: 'is calm and steady',
    targets: [
      { path: 'Jigsaws & Puzzles', weight: 0.5 },
      { path: 'Games::Chess', weight: 0.3 },
      { path: 'Hobbies::Model Building Kits', weight: 0.3 },
    ],
  },
  'Playful and jokey': {
    says: 'is playful',
    targets: [
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.6 },
      { path: 'Fancy Dress', weight: 0.5 },
      { path: 'Puppets & Puppet Theatres', weight: 0.4 },
      { path: 'Sports Toys & Outdoor::Beach Toys::Water Pistols', weight: 0.3 },
    ],
  },
  'Thoughtful and serious': {
    says: 'is thoughtful',
    targets: [
      { path: 'Games::Chess', weight: 0.5 },
      { path: 'Jigsaws & Puzzles::Brain Teasers', weight: 0.5 },
      { path: 'Games::Strategy Games', weight: 0.5 },
      { path: 'Games::Educational Games', weight: 0.3 },
    ],
  },
  Dreamer: {
    says: 'is a dreamer',
    targets: [
      { path: 'Figures & Playsets::Science Fiction & Fantasy', weight: 0.6 },
      { path: 'Characters & Brands::Harry Potter', weight: 0.5 },
      { path: 'Characters & Brands::Star Wars', weight: 0.4 },
      { path: 'Games::Dice & Dice Games', weight: 0.5 },
      { path: 'Figures & Playsets::Knights & Castles', weight: 0.4 },
      { path: 'Fancy Dress', weight: 0.3 },
    ],
  },
  'Down to earth': {
    says: 'is down to earth',
    targets: [
      { path: 'Tools & Garden', weight: 0.4 },
      { path: 'Games::Dominoes & Tile Games', weight: 0.2 },
    ],
  },
  'Loves art and beauty': {
    says: 'loves art and beauty',
    targets: [
      { path: 'Arts & Crafts', weight: 0.6 },
      { path: 'Arts & Crafts::Painting By Numbers', weight: 0.5 },
      { path: 'Skincare & Fragrance', weight: 0.4 },
      { path: 'Home::Home Accessories', weight: 0.4 },
    ],
  },
  'Practical and matter-of-fact': {
    says: 'is practical',
    targets: [
      { path: 'Tools & Garden', weight: 0.4 },
      { path: 'Office Supplies', weight: 0.3 },
    ],
  },
  'Loves new things': {
    says: 'loves new things',
    targets: [
      { path: 'Tech', weight: 0.5 },
      { path: 'Tech::Remote Controlled Devices::Robots', weight: 0.5 },
      { path: 'Jigsaws & Puzzles::3-D Puzzles', weight: 0.3 },
    ],
  },
  'Likes the familiar': {
    says: 'likes the familiar',
    targets: [
      { path: 'Games::Chess', weight: 0.3 },
      { path: 'Games::Dominoes & Tile Games', weight: 0.3 },
      { path: 'Jigsaws & Puzzles::Jigsaws', weight: 0.3 },
    ],
  },
  'Organised planner': {
    says: 'is an organised planner',
    targets: [
      { path: 'Office Supplies::Desk Accessories & Storage Products', weight: 0.6 },
      { path: 'Home::Storage', weight: 0.5 },
      { path: 'Hobbies::Trading Cards & Accessories::Storage Albums & Cases', weight: 0.4 },
      { path: 'Games::Strategy Games', weight: 0.4 },
    ],
  },
  Spontaneous: {
    says: 'is spontaneous',
    targets: [
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.3 },
      { path: 'Fancy Dress', weight: 0.3 },
      { path: 'Games::Card Games', weight: 0.2 },
    ],
  },
}
