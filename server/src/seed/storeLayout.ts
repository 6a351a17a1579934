// The equipment and store layout the demo data and the browser tests' own companies share:
// washers and a changer in front, dryers at the back, vending and a claw machine in a corner,
// and a typical visit's take per machine kind.

export const EQUIPMENT = [
  {
    key: "washer",
    name: "Front-load washer",
    category: "laundry",
    acceptsCoins: true,
    acceptsBills: false,
    specialCase: null,
    colorHex: "#3B82F6",
    iconType: "washer",
  },
  {
    key: "dryer",
    name: "Stack dryer",
    category: "laundry",
    acceptsCoins: true,
    acceptsBills: false,
    specialCase: null,
    colorHex: "#F97316",
    iconType: "dryer",
  },
  {
    key: "changer",
    name: "Bill changer",
    category: "change",
    acceptsCoins: false,
    acceptsBills: true,
    specialCase: "changer",
    colorHex: "#22C55E",
    iconType: "square",
  },
  {
    key: "vending",
    name: "Soap vending",
    category: "vending",
    acceptsCoins: true,
    acceptsBills: true,
    specialCase: null,
    colorHex: "#A855F7",
    iconType: "vending",
  },
  { key: "arcade", name: "Claw machine", category: "gaming", acceptsCoins: true, acceptsBills: false, specialCase: null, colorHex: null, iconType: "square" },
] as const;

export type EquipmentKey = (typeof EQUIPMENT)[number]["key"];

/** Sections in walking order, each with its machines by kind and count. */
export const STORE_LAYOUT: Array<[string, Array<[EquipmentKey, number]>]> = [
  [
    "Front washers",
    [
      ["washer", 6],
      ["changer", 1],
    ],
  ],
  ["Back dryers", [["dryer", 6]]],
  [
    "Vending corner",
    [
      ["vending", 1],
      ["arcade", 1],
    ],
  ],
];

/** Machine labels: the kind's letter and a number running through the store ("W1", "C7"). */
export const LABEL_PREFIX: Record<EquipmentKey, string> = { washer: "W", dryer: "D", changer: "C", vending: "V", arcade: "G" };

/** A typical visit's [coins, bills] in cents per machine kind. */
export const TYPICAL_TAKE: Record<EquipmentKey, [number, number]> = {
  washer: [9000, 0],
  dryer: [6000, 0],
  // Bills taken in; a changer pays the same out in coins (typicalLine).
  changer: [0, 45000],
  vending: [1500, 2500],
  arcade: [2500, 0],
};

/** A visit's line for a machine kind at `factor` times the typical take; a changer pays out in coins what it took in bills, or nearly. */
export function typicalLine(key: EquipmentKey, factor: number): { coinsCents: number; billsCents: number } {
  const [coins, bills] = TYPICAL_TAKE[key];
  const billsCents = Math.round((bills * factor) / 100) * 100;
  if (key !== "changer") return { coinsCents: Math.round((coins * factor) / 25) * 25, billsCents };
  // Now and then a changer keeps a dollar (a jammed payout) or pays a quarter too many.
  const wobble = Math.round(factor * 1000) % 13;
  return { coinsCents: billsCents + (wobble === 0 ? -100 : wobble === 1 ? 25 : 0), billsCents };
}
