/**
 * Zombie Trainers parameters: every [default] rule of `shared/rules/zombie-trainers.md`, named,
 * with its default. [seed] rules are constants in `rules.ts`, not parameters.
 */
import { z } from 'zod';
import type { ParameterIssue, ParameterSpecs } from '../../core/parameters.js';
import { DEFAULT_MAP, parseMap } from './map.js';

/** Trap counts by success rate (percent), e.g. `{ "40": 4, "60": 2, "80": 1 }`. */
export type TrapCounts = Readonly<Record<string, number>>;

/**
 * A value for both trainers, or one per trainer: `3` or `[3, 4]` (player 1, then player 2).
 * Compensation for moving first is a per-seat value; a scalar keeps the rules symmetric.
 */
export type PerSeat<T> = T | [T, T];

/** The value of a {@link PerSeat} parameter for `seat` (0 = player 1). */
export function seatValue<T>(value: PerSeat<T>, seat: 0 | 1): T {
  return Array.isArray(value) ? (value[seat] as T) : value;
}

export interface ZombieTrainersParams {
  map: string;
  colors: [string, string];
  traps: PerSeat<TrapCounts>;
  startXp: PerSeat<number>;
  initialWildZombies: number;
  zombieHealth: [number, number];
  zombieAttack: [number, number];
  actionPoints: PerSeat<number>;
  moveCost: number;
  catchCost: number;
  attackCost: number;
  interactionRange: number;
  blockingUnits: boolean;
  killXpStacks: boolean;
  maxWildZombies: number;
  maxRounds: number;
}

/**
 * Upper bounds no board game comes near, so a typo (`actionPoints: 1e9`) is refused before a
 * match instead of failing inside one (a move table of 10^11 entries, a die of 10^12 faces).
 */
const MOST_POINTS = 100;
const MOST_ZOMBIE_VALUE = 1_000_000;
const MOST_ROUNDS = 1_000_000;
const positiveInt = z.number().int().min(1).max(MOST_POINTS);

/** A schema accepting one value for both trainers, or a pair `[player 1, player 2]`. */
function perSeat<T>(schema: z.ZodType<T>, expected: string): z.ZodType<PerSeat<T>> {
  return z.union([schema, z.tuple([schema, schema])], { error: `expected ${expected} for both trainers, or a pair [player 1, player 2]` }) as unknown as z.ZodType<PerSeat<T>>;
}

const trapCountsSchema = z.record(
  z.string().regex(/^(100|[1-9]?[0-9])$/, { message: 'expected a trap rate, an integer percent in 0..100' }),
  z.number().int().min(0).max(MOST_ZOMBIE_VALUE),
);
const inclusiveRange = z
  .tuple([z.number().int().min(1).max(MOST_ZOMBIE_VALUE), z.number().int().min(1).max(MOST_ZOMBIE_VALUE)])
  .refine(([low, high]) => low <= high, { message: 'expected [low, high] with low <= high' });

export const zombieTrainersParameters: ParameterSpecs<ZombieTrainersParams> = {
  map: {
    description: 'Rule 2: the map as rows of "." (grass) and "#" (rock); a YAML block or a list of rows.',
    schema: z.union([z.string(), z.array(z.string()).transform((rows) => rows.join('\n'))], { error: 'expected the map as text (a YAML block of "." and "#" rows) or a list of rows' }),
    default: DEFAULT_MAP,
  },
  colors: {
    description: 'Rule 3: the two trainers\' colors, which must differ.',
    schema: z.tuple([z.string().min(1), z.string().min(1)]),
    default: ['red', 'blue'],
  },
  traps: {
    description: 'Rule 5: starting traps of each trainer, as success rate (0..100) -> count; a pair [{...}, {...}] gives each trainer his own.',
    schema: perSeat(trapCountsSchema, 'trap counts such as {40: 4, 80: 1}'),
    default: { '40': 4, '60': 2, '80': 1 },
  },
  startXp: {
    description: 'Compensation: XP each trainer starts with (the rules start both at 0); a pair [p1, p2] gives each his own, such as [0, 1].',
    schema: perSeat(z.number().int().min(0).max(1_000_000_000), 'number (whole, 0 to 10^9)'),
    default: 0,
  },
  initialWildZombies: {
    description: 'Rule 8: wild zombies placed at the start.',
    schema: z.number().int().min(0),
    default: 3,
    tunable: { kind: 'int', min: 0, max: 8 },
  },
  zombieHealth: {
    description: 'Rule 8: a new wild zombie\'s health, uniform in [low, high].',
    schema: inclusiveRange,
    default: [3, 10],
  },
  zombieAttack: {
    description: 'Rule 8: a new wild zombie\'s attack, uniform in [low, high].',
    schema: inclusiveRange,
    default: [1, 4],
  },
  actionPoints: {
    description: 'Rule 10: action points per turn (unused ones are lost); a pair [p1, p2] gives each trainer his own, such as [3, 4]. Each must cover moveCost, catchCost and attackCost.',
    schema: perSeat(positiveInt, `number (whole, 1 to ${MOST_POINTS})`),
    default: 3,
    // Below 3 the default attack (3 AP) is impossible: a degenerate game, rejected by the checks.
    tunable: { kind: 'int', min: 3, max: 8 },
  },
  moveCost: {
    description: 'Rule 11: AP per cell moved.',
    schema: positiveInt,
    default: 1,
    tunable: { kind: 'int', min: 1, max: 3 },
  },
  catchCost: {
    description: 'Rule 11: AP per catch attempt.',
    schema: positiveInt,
    default: 2,
    // Above the default 3 action points catching would be impossible.
    tunable: { kind: 'int', min: 1, max: 3 },
  },
  attackCost: {
    description: 'Rule 11: AP per attack.',
    schema: positiveInt,
    default: 3,
    // Above the default 3 action points attacking would be impossible.
    tunable: { kind: 'int', min: 1, max: 3 },
  },
  interactionRange: {
    description: 'Rules 15 and 20: Manhattan distance at which a trainer can catch or attack.',
    schema: positiveInt,
    default: 1,
    tunable: { kind: 'int', min: 1, max: 3 },
  },
  blockingUnits: {
    description: 'Rule 14: wild zombies and the other trainer block movement.',
    schema: z.boolean(),
    default: true,
    tunable: { kind: 'choice', choices: [true, false] },
  },
  killXpStacks: {
    description: 'Rule 23: a killing hit gives the hit XP and the kill XP (1 + 10) rather than 10.',
    schema: z.boolean(),
    default: true,
    tunable: { kind: 'choice', choices: [true, false] },
  },
  maxWildZombies: {
    description: 'Rule 25: a zombie spawns at the end of a turn while fewer than this many are wild.',
    schema: z.number().int().min(0),
    default: 5,
    tunable: { kind: 'int', min: 0, max: 10 },
  },
  maxRounds: {
    description: 'Rule 29: rounds (a turn each) after which the match ends, counted as capped.',
    schema: z.number().int().min(1).max(MOST_ROUNDS),
    default: 200,
  },
};

/**
 * Checks across fields: the map itself, room on it, distinct colors, at least one trap per
 * trainer, and no core action made impossible (a turn's action points below the cost of a move,
 * a catch or an attack would hand the game to whoever can still act: with catching impossible
 * nobody scores, and player 1 wins every match on the tie rule), nor a map or zombie counts that
 * never put a wild zombie on the map, which do the same.
 */
export function validateZombieTrainersParams(params: ZombieTrainersParams): ParameterIssue[] {
  const issues: ParameterIssue[] = [];
  const parsed = parseMap(params.map);
  if (!parsed.ok) {
    for (const issue of parsed.issues) {
      const where =
        issue.line === undefined ? '' : `line ${issue.line}${issue.column === undefined ? '' : `, column ${issue.column}`}: `;
      issues.push({ path: ['map'], message: `${where}${issue.message}` });
    }
  } else {
    const grassCount = parsed.map.grassCells.length;
    if (grassCount < 2 + params.initialWildZombies) {
      issues.push({
        path: ['initialWildZombies'],
        message: `the map has ${grassCount} grass cells: too few for 2 trainers and ${params.initialWildZombies} zombies`,
      });
    } else if (grassCount === 2) {
      // As with catching made impossible below (audit 26b: every match went to player 1 on the tie rule, exit 0).
      issues.push({ path: ['map'], message: 'the map has 2 grass cells, both the trainers\', so no wild zombie can ever stand on it: nobody could catch, and player 1 would win every match on the tie rule; expected at least 3' });
    }
  }
  if (params.initialWildZombies === 0 && params.maxWildZombies === 0) {
    issues.push({ path: ['maxWildZombies'], message: 'with initialWildZombies 0 too, no wild zombie is ever on the map: nobody could catch, and player 1 would win every match on the tie rule; expected at least 1' });
  }
  // "Red" and "red " are one color to a player.
  if (params.colors[0].trim().toLowerCase() === params.colors[1].trim().toLowerCase()) {
    issues.push({ path: ['colors'], message: `both trainers picked "${params.colors[0]}"; two players cannot pick the same color (rule 3)` });
  }
  // A scalar is one value for both trainers: checked once, reported at the parameter itself.
  const seatsOf = (value: unknown): (0 | 1)[] => (Array.isArray(value) ? [0, 1] : [0]);
  const pathOf = (name: string, value: unknown, seat: number): (string | number)[] => (Array.isArray(value) ? [name, seat] : [name]);
  for (const seat of seatsOf(params.traps)) {
    const total = Object.values(seatValue(params.traps, seat)).reduce((sum, count) => sum + count, 0);
    if (total === 0) issues.push({ path: pathOf('traps', params.traps, seat), message: Array.isArray(params.traps) ? `expected at least one trap for player ${seat + 1}` : 'expected at least one trap per trainer' });
  }
  for (const seat of seatsOf(params.actionPoints)) {
    const actionPoints = seatValue(params.actionPoints, seat);
    const whose = Array.isArray(params.actionPoints) ? `player ${seat + 1}'s ` : '';
    for (const [cost, action] of [
      ['moveCost', 'moving'],
      ['catchCost', 'catching'],
      ['attackCost', 'attacking'],
    ] as const) {
      if (actionPoints < params[cost]) {
        issues.push({
          path: pathOf('actionPoints', params.actionPoints, seat),
          message: `${whose}${actionPoints} action points are below ${cost} (${params[cost]}), so ${action} would be impossible; expected at least ${params[cost]}`,
        });
      }
    }
  }
  return issues;
}
