/**
 * The curated part of the profile reference data of spec account-area §3 (relationships,
 * occasions, option categories, gift preference groups) and the rules that pick gift-relevant
 * interests out of the IAB Content Taxonomy 3.1. build-migration.ts turns this file, the IAB
 * taxonomy and the Big Five facets (../shared/data) into migrations/0007_profile_reference_data.sql.
 * Sources and choices: docs/decisions/profile-reference-data.md.
 */

/** Relationship types are the My People filter buttons (spec account-area §2). */
export const RELATIONSHIP_TYPES = ['Family', 'Partner', 'Friend', 'Work', 'Other'] as const
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number]

/** Relationships in picker order; a label only: gender is never assumed from it (issue 12). */
export const RELATIONSHIPS: ReadonlyArray<{ name: string; type: RelationshipType }> = [
  { name: 'Partner', type: 'Partner' },
  { name: 'Wife', type: 'Partner' },
  { name: 'Husband', type: 'Partner' },
  { name: 'Girlfriend', type: 'Partner' },
  { name: 'Boyfriend', type: 'Partner' },
  { name: 'Fiancé or fiancée', type: 'Partner' },
  { name: 'Mother', type: 'Family' },
  { name: 'Father', type: 'Family' },
  { name: 'Parent', type: 'Family' },
  { name: 'Daughter', type: 'Family' },
  { name: 'Son', type: 'Family' },
  { name: 'Child', type: 'Family' },
  { name: 'Sister', type: 'Family' },
  { name: 'Brother', type: 'Family' },
  { name: 'Sibling', type: 'Family' },
  { name: 'Grandmother', type: 'Family' },
  { name: 'Grandfather', type: 'Family' },
  { name: 'Grandparent', type: 'Family' },
  { name: 'Granddaughter', type: 'Family' },
  { name: 'Grandson', type: 'Family' },
  { name: 'Grandchild', type: 'Family' },
  { name: 'Aunt', type: 'Family' },
  { name: 'Uncle', type: 'Family' },
  { name: 'Niece', type: 'Family' },
  { name: 'Nephew', type: 'Family' },
  { name: 'Cousin', type: 'Family' },
  { name: 'Mother-in-law', type: 'Family' },
  { name: 'Father-in-law', type: 'Family' },
  { name: 'Sister-in-law', type: 'Family' },
  { name: 'Brother-in-law', type: 'Family' },
  { name: 'Stepmother', type: 'Family' },
  { name: 'Stepfather', type: 'Family' },
  { name: 'Stepchild', type: 'Family' },
  { name: 'Godchild', type: 'Family' },
  { name: 'Godparent', type: 'Family' },
  { name: 'Best friend', type: 'Friend' },
  { name: 'Friend', type: 'Friend' },
  { name: 'Neighbour', type: 'Friend' },
  { name: 'Colleague', type: 'Work' },
  { name: 'Manager', type: 'Work' },
  { name: 'Client', type: 'Work' },
  { name: 'Teacher', type: 'Work' },
  { name: 'Other', type: 'Other' },
]

/**
 * Occasions (spec browsing-and-purchase §3 "Occasion"): value (the promo name where the shop has
 * a promo of it), label, category (the picker's groups; "Main" is the spec's default), and the
 * recommender's weights: occWeight (how strongly the occasion itself steers the answer) and
 * catWeight (how much the person's own categories count against the occasion's).
 */
export const OCCASIONS: ReadonlyArray<{
  value: string
  label: string
  category: 'Main' | 'Festivals' | 'Life Events' | 'Other'
  catWeight: number
  occWeight: number
}> = [
  // The six occasions with promos (spec browsing-and-purchase §2 "Shop by Occasion").
  { value: 'birthday', label: 'Birthday', category: 'Main', catWeight: 1.2, occWeight: 0.8 },
  { value: 'christmas', label: 'Christmas', category: 'Main', catWeight: 1, occWeight: 1.2 },
  { value: 'anniversary', label: 'Anniversary', category: 'Main', catWeight: 1, occWeight: 1.1 },
  { value: 'wedding', label: 'Wedding', category: 'Life Events', catWeight: 0.8, occWeight: 1.4 },
  { value: 'graduation', label: 'Graduation', category: 'Life Events', catWeight: 1, occWeight: 1.2 },
  { value: 'new-baby', label: 'New Baby', category: 'Life Events', catWeight: 0.6, occWeight: 1.6 },
  // The UK dates people buy for.
  { value: 'mothers-day', label: "Mother's Day", category: 'Main', catWeight: 1.1, occWeight: 1 },
  { value: 'fathers-day', label: "Father's Day", category: 'Main', catWeight: 1.1, occWeight: 1 },
  { value: 'valentines-day', label: "Valentine's Day", category: 'Main', catWeight: 1, occWeight: 1.2 },
  { value: 'easter', label: 'Easter', category: 'Festivals', catWeight: 0.8, occWeight: 1.3 },
  { value: 'diwali', label: 'Diwali', category: 'Festivals', catWeight: 0.9, occWeight: 1.2 },
  { value: 'eid', label: 'Eid', category: 'Festivals', catWeight: 0.9, occWeight: 1.2 },
  { value: 'hanukkah', label: 'Hanukkah', category: 'Festivals', catWeight: 0.9, occWeight: 1.2 },
  { value: 'lunar-new-year', label: 'Lunar New Year', category: 'Festivals', catWeight: 0.9, occWeight: 1.2 },
  { value: 'engagement', label: 'Engagement', category: 'Life Events', catWeight: 0.9, occWeight: 1.2 },
  { value: 'christening', label: 'Christening', category: 'Life Events', catWeight: 0.6, occWeight: 1.5 },
  { value: 'retirement', label: 'Retirement', category: 'Life Events', catWeight: 1.2, occWeight: 1 },
  { value: 'housewarming', label: 'Housewarming', category: 'Life Events', catWeight: 0.8, occWeight: 1.3 },
  { value: 'new-job', label: 'New Job', category: 'Life Events', catWeight: 1, occWeight: 1 },
  { value: 'exam-results', label: 'Exam Results', category: 'Life Events', catWeight: 1.1, occWeight: 0.9 },
  { value: 'thank-you', label: 'Thank You', category: 'Other', catWeight: 1, occWeight: 0.9 },
  { value: 'get-well', label: 'Get Well Soon', category: 'Other', catWeight: 1, occWeight: 1 },
  { value: 'leaving', label: 'Leaving Do', category: 'Other', catWeight: 1, occWeight: 0.9 },
  { value: 'just-because', label: 'Just Because', category: 'Other', catWeight: 1.3, occWeight: 0.5 },
]

/**
 * One-choice option categories (spec account-area §2: "one option per category; options are
 * shown in pairs with OR between"), in the numbers the completeness caps of §9 imply:
 * intelligence 3, lifestyle 4, taste 5, personality 8. Each category is one pair.
 * Intelligence follows Gardner's multiple intelligences; personality takes eight Big Five
 * facets (IPIP-NEO) that say something about gifts, each as its high and low pole; the facet's
 * own description is read from ../shared/data/personality by the generator.
 */
export interface OptionCategorySeed {
  name: string
  description?: string
  /** Big Five facet whose description becomes the category's (personality only). */
  facet?: { domain: 'A' | 'C' | 'E' | 'N' | 'O'; number: number }
  options: readonly [string, string]
}

export const INTELLIGENCE: readonly OptionCategorySeed[] = [
  {
    name: 'Words or numbers',
    description:
      "Gardner's linguistic and logical-mathematical intelligences: books and word games, or puzzles and science kits.",
    options: ['Word smart', 'Number smart'],
  },
  {
    name: 'Pictures or music',
    description:
      "Gardner's spatial and musical intelligences: drawing, building and design, or instruments and listening.",
    options: ['Picture smart', 'Music smart'],
  },
  {
    name: 'Body or nature',
    description:
      "Gardner's bodily-kinaesthetic and naturalist intelligences: sport and making things, or animals, plants and the outdoors.",
    options: ['Body smart', 'Nature smart'],
  },
]

export const LIFESTYLE: readonly OptionCategorySeed[] = [
  { name: 'Home life', description: 'Where they spend their free time.', options: ['Homebody', 'Out and about'] },
  { name: 'Setting', description: 'Where they feel at home.', options: ['City life', 'Country life'] },
  { name: 'Belongings', description: 'How they feel about things.', options: ['Minimalist', 'Collector'] },
  { name: 'Food', description: 'How they like to eat.', options: ['Cooks at home', 'Eats out'] },
]

export const TASTE: readonly OptionCategorySeed[] = [
  { name: 'Style', options: ['Classic and timeless', 'Modern and on-trend'] },
  { name: 'Colour', options: ['Bold and bright', 'Soft and neutral'] },
  { name: 'Value', options: ['Practical and useful', 'Indulgent treats'] },
  { name: 'Make', options: ['Handmade and unique', 'Big names and brands'] },
  { name: 'Tone', options: ['Funny and quirky', 'Sentimental and personal'] },
]

export const PERSONALITY: readonly OptionCategorySeed[] = [
  { name: 'Gregariousness', facet: { domain: 'E', number: 2 }, options: ['Loves a crowd', 'Prefers small groups'] },
  { name: 'Activity level', facet: { domain: 'E', number: 4 }, options: ['Always on the go', 'Takes life slowly'] },
  { name: 'Excitement-seeking', facet: { domain: 'E', number: 5 }, options: ['Thrill-seeker', 'Calm and steady'] },
  { name: 'Cheerfulness', facet: { domain: 'E', number: 6 }, options: ['Playful and jokey', 'Thoughtful and serious'] },
  { name: 'Imagination', facet: { domain: 'O', number: 1 }, options: ['Dreamer', 'Down to earth'] },
  {
    name: 'Artistic interests',
    facet: { domain: 'O', number: 2 },
    options: ['Loves art and beauty', 'Practical and matter-of-fact'],
  },
  { name: 'Adventurousness', facet: { domain: 'O', number: 4 }, options: ['Loves new things', 'Likes the familiar'] },
  { name: 'Orderliness', facet: { domain: 'C', number: 2 }, options: ['Organised planner', 'Spontaneous'] },
]

/** Gift preference groups: several options may be chosen in each (spec account-area §2). */
export const GIFT_PREFERENCE_GROUPS: ReadonlyArray<{ name: string; options: readonly string[] }> = [
  {
    name: 'Kind of gift',
    options: ['Experiences', 'Things to keep', 'Personalised gifts', 'Consumables', 'Gift cards', 'Subscriptions'],
  },
  { name: 'Budget', options: ['Under £20', '£20 to £50', '£50 to £100', 'Over £100'] },
  { name: 'Values', options: ['Eco-friendly', 'Made in the UK', 'Fair trade', 'Charity gifts'] },
  { name: 'Please avoid', options: ['Clothing', 'Food and drink', 'Alcohol', 'Ornaments and clutter', 'Toiletries'] },
]

/**
 * Which IAB Content Taxonomy 3.1 nodes become interests. A tier-1 entry keeps its subtree except
 * the excluded nodes (by IAB unique id, with the whole subtree below them); nodes deeper than
 * tier 3 fold into their tier-3 parent. Left out: branches about money, health conditions,
 * news, politics, religion, real estate, careers and adult topics, which are no basis for gifts.
 */
export const IAB_BRANCHES: ReadonlyArray<{
  tier1: string
  exclude?: readonly string[]
  onlyTier2?: readonly string[]
}> = [
  { tier1: 'Hobbies & Interests' },
  {
    tier1: 'Sports',
    // College sports (US), fantasy sports, gambling, rodeo and cheerleading.
    exclude: ['487', '508', '524', '525', '486', '494'],
  },
  { tier1: 'Entertainment' },
  { tier1: 'Food & Drink', exclude: ['219', '220'] },
  { tier1: 'Home & Garden', exclude: ['281', '282', '276'] },
  { tier1: 'Books and Literature' },
  { tier1: 'Fine Art' },
  // Adult and gambling game genres.
  { tier1: 'Video Gaming', exclude: ['MQ2XML', 'ZJG29S'] },
  // Travel advice, business trips and lodging types are not interests.
  { tier1: 'Travel', exclude: ['663', '672', '674', '675', '676', '668'] },
  { tier1: 'Pets', exclude: ['428', '430'] },
  // Deodorant and oral care are not gifts.
  { tier1: 'Style & Fashion', exclude: ['592', '593'] },
  {
    tier1: 'Healthy Living',
    // Conditions and treatments: children's, men's, senior and women's health, weight loss,
    // alternative medicine, physical therapy, smoking cessation.
    exclude: ['224', '228', '230', '231', '238', '233', '236', '237'],
  },
  {
    tier1: 'Technology & Computing',
    // Networking, security, storage, internet services and most software categories.
    exclude: ['600', '616', '618', '619', '608', '609', '611', '612', '615', '605', '607', 'WQC6HR', 'W3CW2J'],
  },
  {
    tier1: 'Automotive',
    // Buying, insurance, recalls, rentals, safety, body styles, budget and used cars, dash cams.
    exclude: ['30', '31', '33', '41', '35', '2', '17', '18', '21', '26', '28'],
  },
  { tier1: 'Science' },
  {
    tier1: 'Genres',
    // Radio, talk shows, soaps, reality TV, music videos, holiday and "lifestyle" programming.
    exclude: ['370', '371', 'A0AH3G', '642', '651', '650', '649', 'TIFQA5', '648', '643'],
  },
  {
    tier1: 'Attractions',
    onlyTier2: [
      'Amusement and Theme Parks',
      'Historic Site and Landmark Tours',
      'Museums & Galleries',
      'Zoos & Aquariums',
      'Parks & Nature',
      'Theater Venues',
      'Outdoor Activities',
    ],
  },
  { tier1: 'Pop Culture', onlyTier2: ['Humor and Satire'] },
]
