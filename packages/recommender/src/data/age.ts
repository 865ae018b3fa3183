import type { AgeBand } from '../types.ts'

/**
 * How well a category suits each age band, -1 (wrong: excluded) .. 1 (made for it), as a shop
 * assistant of a toy and hobby shop would judge the real amazon.co.uk catalog
 * (docs/decisions/recommendations.md "Age"). The most specific rule whose path is the category
 * or one of its ancestors applies; a category no rule covers reads 0 (neutral) for every band.
 * Order of the tuple: toddler (0-3), child (4-12), teen (13-17), adult (18+).
 */
export const AGE_FIT: Record<string, readonly [toddler: number, child: number, teen: number, adult: number]> = {
  'Arts & Crafts': [0.1, 1, 0.5, 0.1],
  'Arts & Crafts::Art Sand': [0.4, 1, -0.2, -0.6],
  'Arts & Crafts::Blackboards': [0.6, 0.8, -0.4, -0.6],
  "Arts & Crafts::Children's Chalk": [0.6, 0.8, -0.5, -0.7],
  "Arts & Crafts::Children's Craft Kits": [-0.3, 1, 0.3, -0.4],
  "Arts & Crafts::Children's Craft Kits::Bead Art & Jewellery-Making": [-0.6, 1, 0.5, -0.2],
  'Arts & Crafts::Colouring Pencils': [0, 1, 0.5, 0.3],
  'Arts & Crafts::Colouring Pens & Markers': [0.1, 1, 0.4, 0.2],
  'Arts & Crafts::Painting By Numbers': [-0.8, 0.5, 0.8, 0.8],
  'Arts & Crafts::Paper & Stickers': [0.3, 1, 0.2, -0.3],
  'Arts & Crafts::Drawing & Painting Supplies': [-0.3, 0.6, 0.8, 0.8],
  'Baby & Toddler Toys': [1, -0.4, -1, -1],
  'Baby & Toddler Toys::Rocking Horses': [1, 0.2, -1, -1],
  'Baby & Toddler Toys::Spinning Tops': [0.6, 0.7, -0.6, -1],
  'Bags::Schoolbags & Backpacks': [-0.3, 1, 0.6, -0.3],
  'Camping & Hiking': [-1, 0.2, 0.5, 0.6],
  'Characters & Brands': [0.3, 1, 0.3, -0.2],
  'Characters & Brands::Action Man': [-0.6, 0.6, 0.7, 0.6],
  'Characters & Brands::BRIO': [1, 0.6, -1, -1],
  'Characters & Brands::Barbie': [-0.2, 1, 0.1, -0.6],
  'Characters & Brands::Bob the Builder': [1, 0.5, -1, -1],
  'Characters & Brands::Crayola': [0.5, 1, 0, -0.6],
  'Characters & Brands::Disney': [0.5, 1, 0.2, -0.3],
  'Characters & Brands::Early Learning Centre': [1, 0.3, -1, -1],
  'Characters & Brands::Harry Potter': [-0.8, 0.7, 0.9, 0.7],
  'Characters & Brands::Hasbro': [0, 0.9, 0.6, 0.3],
  "Characters & Brands::Marvin's Magic": [-0.8, 0.9, 0.6, 0.2],
  'Characters & Brands::Ravensburger': [0.2, 0.8, 0.6, 0.6],
  'Characters & Brands::Star Wars': [-0.6, 0.9, 0.8, 0.6],
  'Characters & Brands::Thomas & Friends': [1, 0.5, -1, -1],
  'Characters & Brands::Thunderbirds': [-0.5, 0.6, 0.3, 0.6],
  'Characters & Brands::Tomy': [1, 0.4, -0.8, -0.8],
  'Characters & Brands::Toy Story': [0.6, 1, -0.2, -0.6],
  'Characters & Brands::Upstarts': [-0.5, 0.8, 0.7, 0.5],
  'Characters & Brands::WWE': [-0.6, 0.9, 0.7, 0.3],
  'Characters & Brands::Winnie-the-Pooh': [1, 0.4, -0.8, -0.8],
  'Die-Cast & Toy Vehicles': [0.5, 1, 0.2, 0.2],
  'Die-Cast & Toy Vehicles::Toy Trains & Accessories': [0.8, 0.9, -0.6, -0.8],
  'Die-Cast & Toy Vehicles::Toy Vehicle Playsets': [0.5, 1, -0.4, -0.6],
  'Die-Cast & Toy Vehicles::Toy Vehicles & Accessories::Friction Cars': [1, 0.7, -0.8, -0.9],
  'Die-Cast & Toy Vehicles::Toy Vehicles & Accessories::Toy Cars & Trucks': [0.8, 1, -0.5, -0.8],
  'Die-Cast & Toy Vehicles::Toy Vehicles & Accessories::Scaled Models': [-0.8, 0.6, 0.6, 0.9],
  Dogs: [-1, -0.5, 0.2, 0.5],
  'Dolls & Accessories': [0.3, 1, -0.3, -0.6],
  "Dolls & Accessories::Dolls' House Dolls & Accessories": [-0.8, 1, 0.2, 0.4],
  'Dolls & Accessories::Soft Dolls': [1, 0.7, -0.5, -0.6],
  'Educational Toys': [0.5, 1, -0.5, -0.9],
  'Fancy Dress': [-0.2, 0.8, 0.6, 0.6],
  'Fancy Dress::Costumes::Adults': [-1, -1, 0.5, 1],
  'Fancy Dress::Costumes::Kids & Toddlers': [0.6, 1, -0.8, -1],
  'Fancy Dress::Accessories::Masks': [-0.5, 0.6, 0.7, 0.7],
  'Figures & Playsets': [0.3, 1, 0.1, -0.4],
  'Figures & Playsets::Farm & Animals': [0.8, 0.9, -0.5, -0.7],
  'Figures & Playsets::Military': [-0.8, 0.7, 0.5, 0.4],
  'Figures & Playsets::Science Fiction & Fantasy': [-0.4, 0.9, 0.6, 0.3],
  'Food & Drink': [-0.8, 0.5, 0.7, 1],
  Games: [-0.4, 0.7, 0.8, 0.8],
  'Games::Board Games': [-0.5, 0.8, 0.8, 0.8],
  'Games::Card Games': [-0.6, 0.6, 0.9, 0.9],
  'Games::Casino Equipment': [-1, -0.6, 0.2, 1],
  'Games::Casino Equipment::Bingo Equipment': [-0.8, 0.6, 0.3, 0.6],
  'Games::Chess': [-0.9, 0.6, 0.8, 1],
  'Games::DVD Games': [-0.9, 0.3, 0.7, 0.8],
  'Games::Dice & Dice Games': [-1, 0.3, 1, 0.9],
  'Games::Dominoes & Tile Games': [-0.6, 0.6, 0.6, 0.8],
  'Games::Drinking Games': [-1, -1, -1, 1],
  'Games::Educational Games': [0.3, 1, -0.2, -0.8],
  'Games::Strategy Games': [-1, 0.4, 0.9, 1],
  'Games::Tabletop & Miniature Gaming': [-1, 0.4, 1, 0.9],
  'Games::Travel & Pocket Games': [-0.5, 0.8, 0.7, 0.6],
  'Games::Trivia & Quiz Games': [-1, 0.5, 0.8, 1],
  'Gifts & Cards': [0.2, 0.5, 0.5, 0.6],
  'Gifts & Cards::Party Favours': [0.3, 1, 0.2, -0.5],
  'Gifts & Cards::Novelty Gifts': [-0.6, 0.3, 0.7, 0.8],
  "Handbags & Shoulder Bags::Kids'": [-0.2, 1, -0.3, -1],
  Hobbies: [-0.8, 0.5, 0.8, 0.9],
  'Hobbies::Collectible Figures & Memorabilia': [-1, 0.1, 0.8, 1],
  'Hobbies::Model Building Kits': [-1, 0.4, 0.9, 1],
  'Hobbies::Model Trains & Railway Sets': [-0.8, 0.4, 0.7, 1],
  'Hobbies::Slot Cars, Race Tracks & Accessories': [-0.6, 0.9, 0.9, 0.8],
  'Hobbies::Trading Cards & Accessories': [-1, 1, 0.9, 0.4],
  'Hobbies::Trading Cards & Accessories::Sticker Collections': [-0.6, 1, 0.4, -0.4],
  Home: [-0.5, 0.1, 0.4, 1],
  "Home::Bedding & Linens::Children's Bedding": [0.4, 1, 0.2, -0.6],
  'Jigsaws & Puzzles': [0, 0.8, 0.6, 0.9],
  'Jigsaws & Puzzles::3-D Puzzles': [-0.6, 0.8, 0.8, 0.6],
  'Jigsaws & Puzzles::Brain Teasers': [-0.9, 0.6, 0.9, 1],
  'Jigsaws & Puzzles::Jigsaws': [0.3, 0.8, 0.6, 1],
  Men: [-1, -0.8, 0.6, 1],
  Music: [0.3, 1, 0.7, 0.5],
  'Office Supplies': [-1, 0.3, 0.6, 0.8],
  'Party Supplies': [0.3, 0.5, 0.3, 0.4],
  'Pens, Pencils & Writing Supplies': [-0.6, 0.7, 0.7, 0.6],
  'Pretend Play': [1, 0.8, -1, -1],
  'Puppets & Puppet Theatres': [0.8, 1, -0.3, -0.5],
  'Puppets & Puppet Theatres::Finger Puppets': [1, 0.8, -0.6, -0.8],
  'Skincare & Fragrance': [-0.8, 0.6, 0.8, 0.5],
  'Skincare & Fragrance::Body Art::Temporary Tattoos': [-0.8, 0.9, 0.6, 0.1],
  'Sports Toys & Outdoor': [0.4, 1, 0.4, 0.2],
  'Sports Toys & Outdoor::Beach Toys': [0.8, 1, 0.2, 0],
  'Sports Toys & Outdoor::Beach Toys::Paddling Pools': [0.9, 0.9, -0.2, 0.2],
  'Sports Toys & Outdoor::Bikes, Trikes & Ride-ons': [0.8, 1, -0.6, -1],
  'Sports Toys & Outdoor::Climbing Frames': [0.7, 1, -0.6, -1],
  'Sports Toys & Outdoor::Darts & Accessories': [-1, -0.4, 0.8, 1],
  'Sports Toys & Outdoor::Kites & Flight Toys': [-0.3, 1, 0.6, 0.6],
  "Supporters' Gear": [-0.6, 0.7, 0.9, 0.9],
  Tech: [-0.5, 0.8, 0.9, 0.8],
  'Tech::Learning Tech': [1, 0.7, -1, -1],
  'Tech::Remote Controlled Devices': [-1, 0.6, 1, 0.9],
  'Tech::Remote Controlled Devices::Parts & Accessories': [-1, 0.3, 0.8, 0.9],
  'Tech::Electronic Toys': [-0.3, 1, 0.8, 0.4],
  'Tools & Garden': [-0.3, 0.6, 0.3, 0.7],
  'Tools & Garden::Garden Tools': [0.2, 0.9, 0, 0.4],
  'Tools & Garden::Gardening': [0, 0.8, 0.1, 0.5],
  'Tools & Garden::Kitchen Tools & Gadgets::Barware': [-1, -1, -1, 1],
  'Tools & Garden::Play Tools': [0.8, 1, -0.8, -1],
  'Worlds Apart': [0, 1, 0.2, -0.2],
}

/** Age bands in the order of AGE_FIT's tuples. */
export const AGE_BANDS: readonly AgeBand[] = ['toddler', 'child', 'teen', 'adult']

/**
 * The weight of each band at an age in whole years: one band away from the edges, a blend of
 * the two neighbours near them (so a child of 12 still reads partly as a teen).
 */
export function ageBandWeights(age: number): Record<AgeBand, number> {
  const w = { toddler: 0, child: 0, teen: 0, adult: 0 }
  if (age <= 2) w.toddler = 1
  else if (age === 3) Object.assign(w, { toddler: 0.7, child: 0.3 })
  else if (age === 4) Object.assign(w, { toddler: 0.35, child: 0.65 })
  else if (age <= 11) w.child = 1
  else if (age === 12) Object.assign(w, { child: 0.65, teen: 0.35 })
  else if (age === 13) Object.assign(w, { child: 0.3, teen: 0.7 })
  else if (age <= 16) w.teen = 1
  else if (age === 17) Object.assign(w, { teen: 0.65, adult: 0.35 })
  else if (age === 18) Object.assign(w, { teen: 0.3, adult: 0.7 })
  else w.adult = 1
  return w
}

/** The band an age belongs to (toddler 0-3, child 4-12, teen 13-17, adult 18+). */
export function ageBand(age: number): AgeBand {
  if (age <= 3) return 'toddler'
  if (age <= 12) return 'child'
  if (age <= 17) return 'teen'
  return 'adult'
}
