/**
 * Survivors parameters: every [D] rule of `shared/rules/survivors.md` under the name the spec
 * gives it, with its default. [T] rules are fixed in `rules.ts`.
 *
 * The map-describing parameters of rule 2 (`boardWidth`, `boardHeight`, `windows`, `doorways`,
 * `searchSpots`, `spawnPoints`) state what the map holds and are checked against it, so a
 * scenario with its own map says in plain numbers what that map contains.
 */
import { BIDI_CONTROL, CONTROL_CHARACTER } from '../../core/one-line.js';
import { z } from 'zod';
import type { ParameterIssue, ParameterSpecs } from '../../core/parameters.js';
import { CAR_KEYS, DEFAULT_ITEM_DECK, hasUse, itemCardSchema, type ItemCard } from './cards.js';
import { DEFAULT_MAP, mapCounts, parseMap } from './map.js';

export interface SurvivorsParams {
  map: string;
  boardWidth: number;
  boardHeight: number;
  windows: number;
  doorways: number;
  searchSpots: number;
  spawnPoints: number;
  maxFiguresPerCell: 1;
  meleeAcrossWindow: boolean;
  numHumans: number;
  initialZombies: number;
  zombieCapPerHuman: number;
  startingCardsPerHuman: number;
  roundLimit: number;
  interleaveActivations: boolean;
  baseActions: number;
  freeWounds: number;
  woundPenaltyImmediate: boolean;
  downedDiesOnWound: boolean;
  bleedOutRounds: number;
  naturalHealing: boolean;
  deadRiseAsZombie: boolean;
  humanWindowCost: number;
  humanObstacleCost: number;
  crossBiteOn: number[];
  crossMustBeStraight: true;
  carryRequiresDowned: boolean;
  carryMoveSurcharge: number;
  carryBlocksLargeItems: boolean;
  carryDropRule: 'lastVacated' | 'playerChoice';
  carryAcrossWindowCost: number;
  knockbackBlockedEffect: 'none';
  inventoryCapacity: number;
  sizeCostLarge: number;
  sizeCostSmall: number;
  sizeCostNone: number;
  aimBonus: number;
  aimMaxStack: number;
  unarmedKillOn: number[];
  unarmedKnockbackOn: number[];
  rangeMetric: 'manhattan' | 'chebyshev';
  losCornerRule: 'strict' | 'permissive';
  figuresBlockLos: boolean;
  blastShape: 'square' | 'diamond';
  blastEdgeRule: 'anyAffectedSide' | 'bothSides';
  blastHumanWounds: number;
  blastDestroysObstacles: boolean;
  searchesPerSpot: number;
  reshuffleDiscards: boolean;
  barricadeBuildCost: number;
  barricadeOnOpenEdges: boolean;
  barricadeTokens: number;
  barricadeRequiresItem: boolean;
  barricadeRemoveCostNoTool: number | null;
  zombieActions: number;
  zombieWindowCost: number;
  zombieObstacleCost: number;
  zombieAttacksPerTurn: number;
  zombieHitOn: number[];
  barricadeBreakOn: number[];
  spawnPerRound: number;
  spawnMinDistanceToHuman: number;
  spawnedActImmediately: boolean;
  zombiesMustApproach: boolean;
  scenario: 'survive' | 'escape';
  humansToSurvive: number;
  humanDeathsToWin: number;
  escapeQuota: number;
  escapeTimeLimit: 'draw' | 'zombies';
  eventCardsEnabled: boolean;
  ammoSystem: false;
  itemDeck: ItemCard[];
}

/**
 * A whole number from `min` to `max`: 100 by default, far past any board game's counts and
 * costs, so a typo (`baseActions: 1e9`) is refused before a match rather than hanging or
 * exhausting memory inside one.
 */
const int = (min: number, max = 100) => z.number().int().min(min).max(max);
const faces = z
  .array(z.number().int().min(1).max(6))
  .refine((list) => new Set(list).size === list.length, { message: 'expected distinct die faces 1..6' });

const DEFAULT_COUNTS = (() => {
  const parsed = parseMap(DEFAULT_MAP);
  if (!parsed.ok) throw new Error(`the default Survivors map is broken: ${parsed.issues[0]?.message}`);
  return { ...mapCounts(parsed.map), width: parsed.map.width, height: parsed.map.height };
})();

export const survivorsParameters: ParameterSpecs<SurvivorsParams> = {
  map: {
    description:
      'Rules 1–2: the board as text, cells at even positions ("." floor, "#" obstacle, "?" search spot, "Z" spawn, "H" start, "E" exit) and edges between (" " open, "|"/"-" wall, "w" window, "d" doorway, "b"/"B" barricaded doorway/window); see the README.',
    schema: z.union([z.string(), z.array(z.string()).transform((rows) => rows.join('\n'))], { error: 'expected the board as text (a YAML block of rows) or a list of rows' }),
    default: DEFAULT_MAP,
  },
  boardWidth: { description: 'Rule 1: board width in cells; must match the map.', schema: int(2, 1000), default: DEFAULT_COUNTS.width },
  boardHeight: { description: 'Rule 1: board height in cells; must match the map.', schema: int(2, 1000), default: DEFAULT_COUNTS.height },
  windows: { description: 'Rule 2: windows on the map; must match it.', schema: int(0, 1000000), default: DEFAULT_COUNTS.windows },
  doorways: { description: 'Rule 2: doorways on the map; must match it.', schema: int(0, 1000000), default: DEFAULT_COUNTS.doorways },
  searchSpots: { description: 'Rule 2: search spots on the map; must match it.', schema: int(0, 1000000), default: DEFAULT_COUNTS.searchSpots },
  spawnPoints: { description: 'Rule 2: spawn points on the map; must match it.', schema: int(1, 1000000), default: DEFAULT_COUNTS.spawnPoints },
  maxFiguresPerCell: { description: 'Rule 3: figures per cell (only 1 is implemented).', schema: z.literal(1), default: 1 },
  meleeAcrossWindow: {
    description:
      "Rule 4: a window does not block melee (a human's or a zombie's attack across it); false stops melee only, never adjacency: healing, giving, carrying and an ambush reach across a window either way.",
    schema: z.boolean(),
    default: true,
  },
  numHumans: { description: 'Rule 5: human figures (the map needs a start cell each).', schema: int(1), default: 4, tunable: { kind: 'int', min: 2, max: 4 } },
  initialZombies: { description: 'Rule 6: zombies the zombie player places on spawn points at the start.', schema: int(0), default: 4, tunable: { kind: 'int', min: 0, max: 8 } },
  zombieCapPerHuman: { description: 'Rule 6: zombies on the board at most, per starting human.', schema: int(1), default: 5, tunable: { kind: 'int', min: 2, max: 8 } },
  startingCardsPerHuman: { description: 'Rule 7: cards each human draws at the start (events are redrawn).', schema: int(0), default: 1, tunable: { kind: 'int', min: 0, max: 3 } },
  roundLimit: { description: 'Rule 8: rounds at most.', schema: int(1, 1000), default: 12, tunable: { kind: 'int', min: 6, max: 20 } },
  interleaveActivations: { description: 'Rule 9: humans may switch between figures before one has spent his actions.', schema: z.boolean(), default: false },
  baseActions: { description: 'Rule 11: actions per turn.', schema: int(1), default: 4, tunable: { kind: 'int', min: 2, max: 6 } },
  freeWounds: { description: 'Rule 13: wounds that do not cut actions.', schema: int(0), default: 1, tunable: { kind: 'int', min: 0, max: 3 } },
  woundPenaltyImmediate: { description: 'Rule 15: a wound cuts actions during the current activation too (with interleaveActivations, also one the human started and switched away from).', schema: z.boolean(), default: false },
  downedDiesOnWound: { description: 'Rule 16: a downed human dies on another wound.', schema: z.boolean(), default: true },
  bleedOutRounds: { description: 'Rule 16: a downed human left unhealed dies at this end-of-round check (the 2nd by default).', schema: int(1), default: 2, tunable: { kind: 'int', min: 1, max: 4 } },
  naturalHealing: { description: 'Rule 18: a human who took no wound in a round heals one at its end.', schema: z.boolean(), default: false },
  deadRiseAsZombie: { description: 'Rule 21: a dead human rises as a zombie at the next zombie phase (within the cap).', schema: z.boolean(), default: true },
  humanWindowCost: { description: 'Rule 23: actions to step through a window (the whole price; through a window onto an obstacle, the larger of this and humanObstacleCost, not their sum).', schema: int(1), default: 3, tunable: { kind: 'int', min: 1, max: 4 } },
  humanObstacleCost: { description: 'Rule 24: actions to step onto an obstacle cell.', schema: int(1), default: 3, tunable: { kind: 'int', min: 1, max: 4 } },
  crossBiteOn: { description: 'Rule 28: die faces on which a zombie bites a human passing through it.', schema: faces, default: [6] },
  crossMustBeStraight: { description: 'Rule 29(a): a pass goes in a straight line (only true is implemented).', schema: z.literal(true), default: true },
  carryRequiresDowned: { description: 'Rule 32: only downed humans can be carried (else any wounded one).', schema: z.boolean(), default: false },
  carryMoveSurcharge: { description: 'Rule 32: extra actions per step while carrying.', schema: int(0), default: 0, tunable: { kind: 'int', min: 0, max: 2 } },
  carryBlocksLargeItems: { description: 'Rule 32: a carrier cannot use large items.', schema: z.boolean(), default: true },
  carryDropRule: { description: 'Rule 33: where the carried human goes: "lastVacated" or "playerChoice".', schema: z.enum(['lastVacated', 'playerChoice']), default: 'lastVacated' },
  carryAcrossWindowCost: {
    description:
      'Rules 31–32: actions to shoulder a wounded human on the other side of a window. 1 is rule 31\'s price, since a window does not break adjacency (rule 4); 3 charges what walking through costs (rule 23).',
    schema: int(1),
    default: 1,
    tunable: { kind: 'int', min: 1, max: 3 },
  },
  knockbackBlockedEffect: { description: 'Rule 37: what a blocked push does (only "none": the zombie stays).', schema: z.literal('none'), default: 'none' },
  inventoryCapacity: { description: 'Rule 44: inventory capacity in size points.', schema: int(0), default: 4, tunable: { kind: 'int', min: 2, max: 6 } },
  sizeCostLarge: { description: 'Rule 44: size points of a large item.', schema: int(0), default: 2 },
  sizeCostSmall: { description: 'Rule 44: size points of a small item.', schema: int(0), default: 1 },
  sizeCostNone: { description: 'Rule 44: size points of an item that takes no space.', schema: int(0), default: 0 },
  aimBonus: { description: 'Rule 48: added to the next attack roll after aiming.', schema: int(0), default: 1, tunable: { kind: 'int', min: 0, max: 2 } },
  aimMaxStack: { description: 'Rule 48: aims that can stack before one attack.', schema: int(0), default: 1 },
  unarmedKillOn: { description: 'Rule 49: die faces on which an unarmed attack kills.', schema: faces, default: [6] },
  unarmedKnockbackOn: { description: 'Rule 49: die faces on which an unarmed attack pushes.', schema: faces, default: [4, 5] },
  rangeMetric: { description: 'Rule 50: distance for range: "manhattan" or "chebyshev".', schema: z.enum(['manhattan', 'chebyshev']), default: 'manhattan' },
  losCornerRule: { description: 'Rule 50: "strict": a corner blocks if either of its edges blocks; "permissive": only if both routes are blocked.', schema: z.enum(['strict', 'permissive']), default: 'strict' },
  figuresBlockLos: { description: 'Rule 50: figures between shooter and target block line of sight.', schema: z.boolean(), default: false },
  blastShape: { description: 'Rule 51: "square" (Chebyshev) or "diamond" (Manhattan) blast.', schema: z.enum(['square', 'diamond']), default: 'square' },
  blastEdgeRule: { description: 'Rule 51: edges destroyed: "anyAffectedSide" or "bothSides" in the blast.', schema: z.enum(['anyAffectedSide', 'bothSides']), default: 'anyAffectedSide' },
  blastHumanWounds: { description: 'Rule 51: wounds each human in a blast takes.', schema: int(0), default: 1 },
  blastDestroysObstacles: { description: 'Rule 51: a blast turns obstacle cells into floor.', schema: z.boolean(), default: false },
  searchesPerSpot: { description: 'Rule 52: searches each search spot allows.', schema: int(1), default: 1, tunable: { kind: 'int', min: 1, max: 3 } },
  reshuffleDiscards: { description: 'Rule 52: an empty deck is refilled from the discard pile.', schema: z.boolean(), default: false },
  barricadeBuildCost: { description: 'Rule 53: actions to build a barricade (1 with a Hammer).', schema: int(1), default: 2, tunable: { kind: 'int', min: 1, max: 4 } },
  barricadeOnOpenEdges: { description: 'Rule 53: barricades may also go on open edges (never on walls).', schema: z.boolean(), default: false },
  barricadeTokens: { description: 'Rule 53: barricades the humans can build in a match.', schema: int(0), default: 8, tunable: { kind: 'int', min: 0, max: 12 } },
  barricadeRequiresItem: { description: 'Rule 53: building needs a card with a barricade cost (the Hammer).', schema: z.boolean(), default: false },
  barricadeRemoveCostNoTool: { description: 'Rule 55: actions for a human to remove a barricade without a tool; null: impossible.', schema: int(1).nullable(), default: null },
  zombieActions: { description: 'Rule 56: actions per zombie per turn.', schema: int(1), default: 2, tunable: { kind: 'int', min: 1, max: 6 } },
  zombieWindowCost: { description: 'Rule 56: zombie actions to step through a window (onto an obstacle, the larger of this and zombieObstacleCost, not their sum).', schema: int(1), default: 2 },
  zombieObstacleCost: { description: 'Rule 56: zombie actions to step onto an obstacle cell.', schema: int(1), default: 2 },
  zombieAttacksPerTurn: { description: 'Rule 56: attacks on humans per zombie per turn.', schema: int(0), default: 1 },
  zombieHitOn: { description: 'Rule 56: die faces on which a zombie attack wounds.', schema: faces, default: [4, 5, 6] },
  barricadeBreakOn: { description: 'Rule 56: die faces on which a zombie destroys a barricade.', schema: faces, default: [5, 6] },
  spawnPerRound: { description: 'Rule 57: zombies spawned per zombie phase at most.', schema: int(0), default: 2, tunable: { kind: 'int', min: 0, max: 4 } },
  spawnMinDistanceToHuman: { description: 'Rule 57: least Manhattan distance from a spawn to any human.', schema: int(0), default: 2 },
  spawnedActImmediately: { description: 'Rule 57: zombies spawned this phase act in it.', schema: z.boolean(), default: false },
  zombiesMustApproach: { description: 'Rule 58: a zombie that moves must end no farther, by path distance, from the nearest human than it began (it may step aside on the way).', schema: z.boolean(), default: true },
  scenario: { description: 'Rules 60–61: "survive" or "escape".', schema: z.enum(['survive', 'escape']), default: 'survive' },
  humansToSurvive: { description: 'Rule 60: living humans (downed count) needed at the round limit.', schema: int(1), default: 1 },
  humanDeathsToWin: { description: 'Rule 60: deaths at which the zombies win at once.', schema: int(1), default: 2, tunable: { kind: 'int', min: 1, max: 4 } },
  escapeQuota: { description: 'Rule 61: humans on exit cells (the Keys holder among them) to escape.', schema: int(1), default: 2 },
  escapeTimeLimit: {
    description:
      'Rule 61: who wins an escape game that reaches the round limit with nobody escaped. "draw": neither side met its win condition (the spec\'s reading: rule 61 changes only the humans\' condition); "zombies": the humans failed.',
    schema: z.enum(['draw', 'zombies']),
    default: 'draw',
  },
  eventCardsEnabled: { description: 'Rule 67: event cards are in the deck.', schema: z.boolean(), default: true },
  ammoSystem: { description: 'Rule 64: a separate ammo system (only false: a break result is out of ammo).', schema: z.literal(false), default: false },
  itemDeck: {
    description: 'Section M: the item deck as a list of cards with their counts and icons (name, count, size, killOn, knockbackOn, breakOn, useOn, singleUse, range, blast, special, heal, capacityBonus, barricadeCost, event).',
    schema: z.array(itemCardSchema) as unknown as z.ZodType<ItemCard[]>,
    default: DEFAULT_ITEM_DECK.map((card) => ({ ...card })),
  },
};

/** Cross-field checks: the map against the parameters that describe it, the deck, the cap. */
/** Card names the game's report uses for rows of its own, with what each row is. */
const RESERVED_CARD_NAMES: ReadonlyMap<string, string> = new Map([
  ['Unarmed', 'the name of the bare-hands row of the card tables'],
  [CAR_KEYS.name, 'the name of the card the escape scenario adds (rule 61)'],
]);

export function validateSurvivorsParams(params: SurvivorsParams): ParameterIssue[] {
  const issues: ParameterIssue[] = [];
  const parsed = parseMap(params.map);
  if (!parsed.ok) {
    for (const issue of parsed.issues) {
      const where = issue.line === undefined ? '' : `line ${issue.line}${issue.column === undefined ? '' : `, column ${issue.column}`}: `;
      issues.push({ path: ['map'], message: `${where}${issue.message}` });
    }
  } else {
    const map = parsed.map;
    const counts = mapCounts(map);
    const described: [keyof SurvivorsParams, number][] = [
      ['boardWidth', map.width],
      ['boardHeight', map.height],
      ['windows', counts.windows],
      ['doorways', counts.doorways],
      ['searchSpots', counts.searchSpots],
      ['spawnPoints', counts.spawnPoints],
    ];
    for (const [name, actual] of described) {
      if (params[name] !== actual) issues.push({ path: [name], message: `the map has ${actual}, but ${name} is ${String(params[name])}; set ${name}: ${actual} or change the map` });
    }
    if (counts.startCells < params.numHumans) {
      issues.push({ path: ['numHumans'], message: `${params.numHumans} humans need as many start cells; the map has ${counts.startCells}` });
    }
    if (params.initialZombies > counts.spawnPoints) {
      issues.push({ path: ['initialZombies'], message: `${params.initialZombies} zombies need as many spawn points; the map has ${counts.spawnPoints}` });
    }
    if (params.scenario === 'escape' && counts.exits < params.escapeQuota) {
      issues.push({ path: ['escapeQuota'], message: `the escape scenario needs ${params.escapeQuota} exit cells ("E"); the map has ${counts.exits}` });
    }
  }
  if (params.initialZombies > params.zombieCapPerHuman * params.numHumans) {
    issues.push({ path: ['initialZombies'], message: `above the cap of zombieCapPerHuman × numHumans = ${params.zombieCapPerHuman * params.numHumans}` });
  }
  if (params.humansToSurvive > params.numHumans) {
    issues.push({ path: ['humansToSurvive'], message: `${params.humansToSurvive} living humans can never be left with ${params.numHumans} human${params.numHumans === 1 ? '' : 's'}` });
  }
  // Rule 61: the quota counts humans on exit cells, so one above the humans there are is never met
  // (every escape match a draw, audit 26b).
  if (params.scenario === 'escape' && params.escapeQuota > params.numHumans) {
    issues.push({ path: ['escapeQuota'], message: `${params.escapeQuota} humans on exit cells can never be reached with ${params.numHumans} human${params.numHumans === 1 ? '' : 's'}` });
  }
  if (params.humanDeathsToWin > params.numHumans) {
    issues.push({ path: ['humanDeathsToWin'], message: `${params.humanDeathsToWin} deaths can never happen with ${params.numHumans} human${params.numHumans === 1 ? "" : "s"}` });
  }
  const names = new Set<string>();
  params.itemDeck.forEach((card, index) => {
    if (names.has(card.name)) issues.push({ path: ['itemDeck', index, 'name'], message: `"${card.name}" appears twice; give each card one entry with its count` });
    // The report keeps its rows by card name: a card named as a row of the game's own merged its
    // attacks into that row, exit 0, and a name objects reserve broke every match (audit 27b).
    const reserved = RESERVED_CARD_NAMES.get(card.name) ?? (card.name in Object.prototype ? 'a name JavaScript reserves' : undefined);
    if (reserved !== undefined) issues.push({ path: ['itemDeck', index, 'name'], message: `"${card.name}" is ${reserved}; expected another name` });
    // The report's figures are keyed "<card>|aimed|kill": a "|" in a name could read as another card's.
    else if (card.name.includes('|')) issues.push({ path: ['itemDeck', index, 'name'], message: `"${card.name}" holds "|", which the card figures' names are joined with; expected a name without it` });
    // Printed in tables and progress lines as seat names are: a line break split them, a
    // bidirectional control reordered them, and "Axe " was another card than "Axe" (audit 37b).
    else if (CONTROL_CHARACTER.test(card.name) || BIDI_CONTROL.test(card.name)) issues.push({ path: ['itemDeck', index, 'name'], message: `${JSON.stringify(card.name)} contains a line break, another control character or a bidirectional formatting character; expected a name on one line` });
    else if (card.name.trim() !== card.name || card.name === '') issues.push({ path: ['itemDeck', index, 'name'], message: `${JSON.stringify(card.name)} ${card.name === '' ? 'is empty' : 'begins or ends with a space'}; expected a name without spaces around it` });
    names.add(card.name);
    if (card.blast > 0 && card.range === 0) issues.push({ path: ['itemDeck', index, 'range'], message: 'an explosive needs a throwing range of at least 1' });
    if (card.keys) issues.push({ path: ['itemDeck', index, 'keys'], message: 'the Car Keys are added by the escape scenario; leave them out of the deck' });
    // Rules 39, 41, 46 roll `useOn` and spend `singleUse` when a card is used: an attack, a heal, a
    // throw or a special property. A card with none of these (a Hammer's barricade cost, a
    // Backpack's capacity, an event) has nothing to roll for or to spend, and a field set on it
    // would silently do nothing (audit 39d F1).
    if (!hasUse(card)) {
      const why = `${JSON.stringify(card.name)} neither attacks (killOn, knockbackOn), heals (heal), is thrown (blast) nor has a special property (special)${card.event === null ? '' : ', being an event'}, so the rules give it no use to roll for or to spend`;
      if (card.useOn.length > 0) issues.push({ path: ['itemDeck', index, 'useOn'], message: `${why}; expected no useOn on this card` });
      if (card.singleUse) issues.push({ path: ['itemDeck', index, 'singleUse'], message: `${why}; expected singleUse: false on this card` });
    }
  });
  const nonEvents = params.itemDeck.reduce((sum, card) => sum + (card.event === null ? card.count : 0), 0);
  if (nonEvents < params.numHumans * params.startingCardsPerHuman) {
    issues.push({ path: ['itemDeck'], message: `the deck has ${nonEvents} non-event cards; the humans draw ${params.numHumans * params.startingCardsPerHuman} at the start` });
  }
  // Rule 61 puts the Car Keys in the bottom half of the deck: alone in it they have no half to
  // be in, and the first search would find no card to draw.
  const drawable = params.itemDeck.reduce((sum, card) => sum + (params.eventCardsEnabled || card.event === null ? card.count : 0), 0);
  if (params.scenario === 'escape' && drawable === 0) {
    issues.push({ path: ['itemDeck'], message: `the escape scenario puts the Car Keys in the bottom half of the deck (rule 61), so the deck needs at least one other card${params.eventCardsEnabled ? '' : ' (eventCardsEnabled: false leaves out its event cards)'}` });
  }
  return issues;
}
