/**
 * The explicit interest -> product-term table of the gift picks (issue 20: "an explicit term
 * table kept as data"). A product's title (full weight) and description (half weight) are read
 * for these words; a single word also matches its plural ("jigsaw" finds "Jigsaws"). Keyed by
 * the interest's name as seeded (migration 0007, IAB names) or a profile option's label. An
 * interest not listed here is read by the words of its own name (pickTermsFor).
 */
export const INTEREST_TERMS: Record<string, readonly string[]> = {
  // Hobbies and games
  'Model Toys': ['model kit', 'model railway', 'railway', 'locomotive', 'airfix', 'hornby', 'scale model', 'diorama'],
  'Rail Travel': ['railway', 'train', 'locomotive', 'steam', 'hornby', 'rail', 'station', 'oo gauge'],
  'Games and Puzzles': ['jigsaw', 'puzzle', 'board game', 'brain teaser', 'crossword'],
  'Board Games and Puzzles': ['jigsaw', 'puzzle', 'board game', 'strategy game', 'brain teaser'],
  'Card Games': ['card game', 'playing cards', 'poker', 'bridge', 'cards'],
  'Roleplaying Games': ['dungeons', 'dice', 'role playing', 'rpg', 'miniatures'],
  'Magic and Illusion': ['magic', 'trick', 'illusion', 'magician'],
  'Radio Control': ['remote control', 'radio control', 'rc', 'drone', 'quadcopter'],
  Collecting: ['collectible', 'collector', 'limited edition', 'figure'],
  'Stamps and Coins': ['stamp', 'coin', 'collector'],
  'Comic Books': ['comic', 'marvel', 'dc comics', 'graphic novel'],
  'Sci-fi and Fantasy': ['star wars', 'star trek', 'dragon', 'fantasy', 'sci fi', 'space'],
  'Musical Instruments': ['guitar', 'piano', 'keyboard', 'ukulele', 'drum', 'harmonica', 'instrument'],
  // Arts and crafts
  'Arts and Crafts': ['craft', 'paint', 'painting', 'knitting', 'sewing', 'art set'],
  Painting: ['paint', 'painting', 'watercolour', 'acrylic', 'canvas', 'easel', 'brush'],
  'Drawing and Sketching': ['sketch', 'drawing', 'pencil', 'pastel', 'charcoal'],
  Needlework: ['cross stitch', 'embroidery', 'needlepoint', 'knitting', 'sewing', 'crochet'],
  Woodworking: ['wood', 'wooden', 'carving', 'woodwork'],
  Photography: ['camera', 'photo', 'photography', 'instant camera'],
  'Jewelry Making': ['bead', 'jewellery', 'jewelry', 'bracelet', 'necklace'],
  'Candle and Soap Making': ['candle', 'soap'],
  // Food and drink
  Cooking: ['cooking', 'cook', 'kitchen', 'chef', 'recipe', 'apron', 'utensil'],
  // Not "chocolate": titles use it for a colour ("Chocolate and Cream Coach").
  'Desserts and Baking': ['baking', 'bake', 'cake', 'cupcake', 'cookie', 'biscuit', 'icing', 'muffin'],
  'Barbecues and Grilling': ['barbecue', 'bbq', 'grill'],
  'Alcoholic Beverages': ['wine', 'beer', 'gin', 'whisky', 'cocktail', 'prosecco'],
  'Non-Alcoholic Beverages': ['tea', 'coffee', 'mug'],
  'World Cuisines': ['cookbook', 'spice', 'sushi', 'pasta'],
  'Home Entertaining': ['party game', 'dinner party', 'cocktail', 'quiz'],
  // Home and garden
  Gardening: [
    'garden',
    'gardening',
    'gardener',
    'plant',
    'seed',
    'flower',
    'grow',
    'bird feeder',
    'trowel',
    'allotment',
  ],
  Landscaping: ['garden', 'landscape', 'plant'],
  'Outdoor Decorating': ['garden', 'outdoor', 'lantern', 'solar light'],
  'Interior Decorating': ['cushion', 'frame', 'vase', 'candle', 'decor'],
  Birdwatching: ['bird', 'binoculars', 'bird feeder', 'birdhouse', 'rspb'],
  Beekeeping: ['bee', 'honey', 'hive'],
  Nature: ['nature', 'wildlife', 'bird', 'tree', 'flower', 'insect'],
  'Parks & Nature': ['nature', 'wildlife', 'bird', 'outdoor'],
  Camping: ['camping', 'tent', 'torch', 'compass', 'lantern', 'outdoor'],
  Walking: ['walking', 'hiking', 'compass', 'map', 'outdoor'],
  'Fishing Sports': ['fishing', 'angling', 'fish'],
  // Sport
  Soccer: ['football', 'soccer', 'goal'],
  Golf: ['golf', 'putting'],
  Tennis: ['tennis', 'racket'],
  'Table Tennis': ['table tennis', 'ping pong'],
  Darts: ['dart', 'dartboard'],
  'Snooker/Pool/Billiards': ['snooker', 'pool table', 'billiards', 'cue'],
  Cycling: ['bike', 'bicycle', 'cycling'],
  'Auto Racing': ['racing', 'scalextric', 'formula', 'race car', 'f1'],
  'Classic Cars': ['classic car', 'vintage car', 'die cast', 'diecast', 'corgi'],
  'Car Culture': ['car', 'die cast', 'diecast', 'corgi', 'racing'],
  // Books, science, history
  Fiction: ['book', 'novel', 'story'],
  History: ['history', 'historical', 'ww2', 'war', 'castle', 'roman', 'tudor'],
  'Space and Astronomy': ['space', 'planet', 'telescope', 'rocket', 'astronomy', 'moon', 'nasa'],
  Geography: ['map', 'globe', 'world', 'atlas'],
  Chemistry: ['chemistry', 'science kit', 'experiment'],
  Physics: ['science', 'experiment', 'physics'],
  Robotics: ['robot', 'robotics', 'coding'],
  Computing: ['computer', 'coding', 'programming'],
  Dogs: ['dog', 'puppy', 'canine'],
  Cats: ['cat', 'kitten', 'feline'],
  Birds: ['bird', 'owl', 'robin'],
  Movies: ['film', 'movie', 'cinema', 'popcorn'],
  // 'vinyl' and 'record' alone read Funko's "Pop! Vinyl Figure" and "world record" as music.
  Music: ['music', 'musical', 'vinyl record', 'record player', 'guitar'],
  Television: ['tv', 'television', 'series'],
  'Fitness and Exercise': ['fitness', 'exercise', 'yoga', 'workout'],
  Wellness: ['relax', 'spa', 'mindful', 'calm'],
  Spas: ['spa', 'bath', 'relax'],
  Beauty: ['beauty', 'makeup', 'nail', 'cosmetic'],
  'Travel Locations': ['travel', 'world', 'map', 'city'],
  // Profile options (data/options.ts labels)
  'Word smart': ['word', 'scrabble', 'crossword', 'spelling', 'book', 'quiz'],
  'Number smart': ['logic', 'maths', 'sudoku', 'chess', 'strategy'],
  'Picture smart': ['art', 'drawing', 'paint', 'colouring', 'jigsaw'],
  'Music smart': ['music', 'musical', 'piano', 'guitar', 'drum'],
  'Nature smart': ['nature', 'garden', 'wildlife', 'bird', 'plant'],
  'Cooks at home': ['cooking', 'baking', 'kitchen', 'recipe'],
  'Country life': ['garden', 'farm', 'countryside', 'bird', 'walking'],
  Collector: ['collectible', 'collector', 'limited edition'],
}

/**
 * Top-level categories whose titles name what a product dresses up as or depicts, not what its
 * owner likes ("Flower Power Costume", "Chef Costume"): their products get no term fit.
 */
export const TERM_BLIND_ROOTS: ReadonlySet<string> = new Set(['Fancy Dress'])

/**
 * Words that name an activity or a setting rather than a thing (issue 43 section 1: "a word of the
 * title is not evidence that a product suits an interest"). A title holding one of them is read as
 * weak: "Checker Marathon, Yellow Cab" is a model taxi, "Cooking up a Feast" a jigsaw, "Tom Baker"
 * an actor, a "Garden Fun" kite a kite. Such a hit counts as evidence only inside a category the
 * interest itself maps to (a trowel filed under Garden Tools); elsewhere it adds to the score as a
 * description would, and is never a reason. Words that name the thing itself (jigsaw, hornby,
 * knitting needles, dartboard) or what a product depicts (unicorn, minecraft, pony) are not here.
 */
export const WEAK_TITLE_TERMS: ReadonlySet<string> = new Set([
  // running and fitness
  'run',
  'running',
  'runner',
  'jogging',
  'marathon',
  'parkrun',
  'fitness',
  'exercise',
  'workout',
  'sport',
  'sports',
  'goal',
  'race',
  'racing',
  // gardening and nature
  'garden',
  'gardens',
  'gardening',
  'gardener',
  'seed',
  'plant',
  'flower',
  'grow',
  'growing',
  'allotment',
  'plants',
  'outdoor',
  'nature',
  'tree',
  'landscape',
  'wildlife',
  'insect',
  'bird',
  'fish',
  // cooking and baking
  'cook',
  'cooking',
  'cookery',
  'chef',
  'kitchen',
  'recipe',
  'apron',
  'utensil',
  'foodie',
  'feast',
  'bake',
  'baker',
  'baking',
  'cake',
  'cakes',
  'cupcake',
  'cupcakes',
  'cookie',
  'biscuit',
  'muffin',
  'icing',
  'pastry',
  'tea',
  'coffee',
  'mug',
  'spice',
  'pasta',
  'grill',
  // places, themes and everyday words
  'world',
  'city',
  'map',
  'travel',
  'station',
  'steam',
  'rail',
  'train',
  'trains',
  'space',
  'moon',
  'planet',
  'star',
  'stars',
  'war',
  'history',
  'historical',
  'castle',
  'car',
  'formula',
  'wood',
  'wooden',
  'book',
  'story',
  'word',
  'art',
  'paint',
  'painting',
  'music',
  'musical',
  'film',
  'movie',
  'series',
  'tv',
  'relax',
  'calm',
  'spa',
  'bath',
  'beauty',
  'nail',
  'frame',
  'decor',
  'cushion',
  'vase',
  'candle',
  'photo',
  'figure',
  'cards',
  'magic',
  'trick',
  'dragon',
  'fantasy',
  'collector',
  'collectible',
  'limited edition',
  'drinks',
  'wine lover',
  'party game',
  'quiz',
  'game',
  'games',
  'riding',
])

/** Words never read as terms when an interest's own name is used. */
const STOP_WORDS = new Set(['and', 'the', 'of', 'for', 'with', 'a', 'an', 'in', 'on', 'to', 'other', 'general', 'type'])

/**
 * The terms a product is read for on behalf of one interest or option: INTEREST_TERMS; else,
 * for an interest with aliases (the shop's own gift interests), its name and its aliases as
 * phrases, lower case (so "Model Railways" reads "model railways", "hornby", "oo gauge"... and not
 * "model" alone, which would take every tank and aircraft kit for a railway lover's); else the
 * words of the name itself (3 letters and more, without stop words), lower case.
 */
export function pickTermsFor(name: string, aliases: readonly string[] = []): readonly string[] {
  const listed = INTEREST_TERMS[name]
  if (listed) return listed
  if (aliases.length > 0) {
    return [...new Set([name, ...aliases].map((term) => term.toLowerCase().trim()).filter((term) => term.length >= 3))]
  }
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w))
}
