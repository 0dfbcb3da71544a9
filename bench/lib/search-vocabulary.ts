// What full-text search needs from bench:data (issue 44): beside the fixed sentences, whose words
// are common (in a large share of posts), a long tail of words, some in a handful of posts, so
// that a search has common words, rare words, phrases and misspellings to be measured with.
// Drawn from a random stream of their own, so the rest of the data set is what it was.
import { type Random, seededRandom, zipfPicker } from "./seeded-random";

/**
 * The words bench:load and bench:explain search for. `waiting` ("still waiting", "I waited")
 * is in about four discussions in ten and one reply in eight; `still waiting` is a phrase of a
 * discussion sentence and of a reply's; RARE_WORD is in about RARE_POSTS discussions and as
 * many replies whatever the size; `printr` is in none, and "printer" (a twentieth of the
 * titles) is its suggestion.
 */
export const SEARCHED = {
  common: "waiting",
  rare: "thermostat",
  phrase: '"still waiting"',
  misspelt: "printr",
} as const;

/** Posts of each kind (discussions, replies) with the rare word, whatever the data's size. */
const RARE_POSTS = 6;
/** Share of posts with an aside: the long tail of words. */
const ASIDE_SHARE = 0.05;

const ASIDES = [
  "Even the {} at my place has an opinion about this.",
  "It reminds me of the time my {} gave up on a Sunday.",
  "I blame the {}, personally.",
  "Somebody at work suggested a {} and I nearly cried.",
  "My {} would handle this better.",
  "Next week I am buying a {} out of spite.",
];

/** Nouns of everyday life, in the Zipf order they are drawn in: the first common, the last rare. */
const NOUNS = [
  "phone",
  "car",
  "neighbour",
  "boss",
  "kettle",
  "laptop",
  "bike",
  "cat",
  "dog",
  "train",
  "fridge",
  "umbrella",
  "microwave",
  "dentist",
  "toaster",
  "landlady",
  "plumber",
  "bakery",
  "postman",
  "router",
  "headphones",
  "calendar",
  "blender",
  "wardrobe",
  "hoover",
  "doorbell",
  "sofa",
  "radiator",
  "lawnmower",
  "dishwasher",
  "stapler",
  "projector",
  "scooter",
  "ferry",
  "mattress",
  "pharmacy",
  "library",
  "accountant",
  "barber",
  "tram",
  "locksmith",
  "allotment",
  "greenhouse",
  "caravan",
  "treadmill",
  "keyboard",
  "spreadsheet",
  "receptionist",
  "lighthouse",
  "submarine",
  "trombone",
  "accordion",
  "harmonica",
  "saxophone",
  "xylophone",
  "tambourine",
  "typewriter",
  "wheelbarrow",
  "chandelier",
  "hammock",
  "telescope",
  "compass",
  "periscope",
  "stethoscope",
  "metronome",
  "barometer",
  "hourglass",
  "sundial",
  "weathervane",
  "windmill",
  "canoe",
  "kayak",
  "gondola",
  "toboggan",
  "unicycle",
  "skateboard",
  "trampoline",
  "carousel",
  "aquarium",
  "terrarium",
  "birdhouse",
  "scarecrow",
  "gazebo",
  "pergola",
  "conservatory",
  "cellar",
  "attic",
  "chimney",
  "gutter",
  "drainpipe",
  "bollard",
  "lamppost",
  "roundabout",
  "flyover",
  "underpass",
  "viaduct",
  "aqueduct",
  "funicular",
  "monorail",
  "hovercraft",
  "catamaran",
  "dinghy",
  "pedalo",
  "rickshaw",
  "tandem",
  "sidecar",
  "jukebox",
  "gramophone",
  "dictaphone",
  "pager",
  "fax",
  "walkman",
  "camcorder",
  "tamagotchi",
  "abacus",
  "slide",
  "protractor",
  "sextant",
  "astrolabe",
  "quill",
  "inkwell",
  "blotter",
  "paperweight",
  "ledger",
  "almanac",
  "encyclopaedia",
  "thesaurus",
  "atlas",
  "globe",
  "orrery",
  "kaleidoscope",
  "zoetrope",
  "phonograph",
  "harpsichord",
  "clavichord",
  "bagpipes",
  "didgeridoo",
  "ukulele",
  "banjo",
  "mandolin",
  "zither",
  "oboe",
  "bassoon",
  "piccolo",
  "tuba",
  "cornet",
  "bugle",
];

const RARE_SENTENCE = `The ${SEARCHED.rare} in the hallway has a mind of its own.`;

/**
 * The extra sentence for post `n` of `total` (or ""): an aside about a noun of the long tail, or,
 * for about RARE_POSTS of them, the rare word's sentence.
 */
export function searchAsides(seed: number): (total: number) => string {
  const random: Random = seededRandom(seed);
  const noun = zipfPicker(random.next, NOUNS.length);
  return (total) => {
    if (random.next() < RARE_POSTS / Math.max(total, 1)) return RARE_SENTENCE;
    if (random.next() >= ASIDE_SHARE) return "";
    return random.pick(ASIDES).replace("{}", NOUNS[noun()] as string);
  };
}

/** `text` with `aside` after it (a sentence of its own), as a person adds an afterthought. */
export const withAside = (text: string, aside: string) => (aside ? `${text} ${aside}` : text);
