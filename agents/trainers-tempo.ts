/**
 * The trainers-tempo agent: Zombie Trainers' `greedy` (the same turn planner) on a heuristic that
 * also counts time, and, with `keepLastTrap`, never throws its last trap while that cannot pay off.
 *
 * What greedy misses. Greedy's only pull toward a target is the distance to the *nearest* wild
 * zombie, whether or not it would ever attack or catch it: a greedy trainer holding weak zombies
 * beside a wild zombie with a strong counter-attack neither attacks (the expected damage
 * outweighs the XP) nor walks away (that lengthens the distance), and an easy kill a few cells off
 * lies beyond its one-turn plan; two greedy trainers can stand so for a hundred rounds. And a
 * trainer with no traps left is a spectator and can no longer attack (rule 26), while the match
 * ends only when both trainers are out of traps (rule 27) or at the round cap (rule 29): the last
 * trap is the licence to keep attacking, yet greedy values it like any other (half its expected
 * catch) and throws it with rounds to spare.
 *
 * The heuristic here is greedy's (XP, traps at `trapWeight` of their expected catch, owned
 * zombies; tanh of the lead with ½ to player 1, who wins ties, rule 28) with two terms changed.
 * - Target, in place of the nearest-zombie distance: the worth of the best wild zombie to go
 *   for ({@link bestTarget}: attacking it with one's best owned zombie, or catching it with a
 *   trap one may throw), less `cellCost` per cell still to walk, at `targetWeight`.
 * - Tempo, in place of greedy's future-XP term: for a trainer that still holds a trap (a
 *   spectator's zombies earn nothing more), each owned zombie earns {@link xpPerAttack} on each
 *   attack it survives (rule 22: it hits on A ≥ D, 21 of 36; a kill adds 10 XP in the share of
 *   the mean wild health its attack covers), but the trainer gets at most one attack per
 *   `turnsPerAttack` of its own turns left before the cap: the zombies' attacks are counted best
 *   earners first until the turns run out, and `tempoWeight` of that XP is counted now. The term
 *   fades to nothing as the cap nears, where only XP counts.
 *
 * `keepLastTrap: true`: while the opponent still holds a trap, a catch that would use the
 * trainer's last trap is not considered (its own planning included): a success gives 1 XP and a
 * zombie that can never attack, and leaves the opponent alone to score for the rest of the match.
 * Once the opponent is out of traps, throwing the last trap ends the match at once (rule 27) and
 * the planner weighs that like any other action (it then pays off, for instance, for player 2 on
 * equal XP with no zombie left to attack with).
 *
 * Config: `keepLastTrap` (true), `tempoWeight` (0.2), `targetWeight` (1), `cellCost` (0.3),
 * `turnsPerAttack` (2), `trapWeight` (0.5), and greedy's `maxNodes` (300) and `beam` (4). The
 * defaults are the configuration measured in reports/agent-strength.md. Ties are broken from
 * the agent's own stream.
 */
import type { AgentFactory } from '../src/core/agent.js';
import type { AnyGame } from '../src/core/game.js';
import { DEFAULT_WEIGHTS, HIT_XP, KILL_XP, Phase, catchChanceGivenDice, exactCatchChance, nearestWildDistance, zombieTrainers } from '../src/games/zombie-trainers/index.js';
import type { ZombieTrainersAction, ZombieTrainersState } from '../src/games/zombie-trainers/index.js';
import { choiceField, configSentence, integerField, numberField, settingNames, unknownFields, type AgentSettings, type ConfigProblem } from './config.js';
import { TurnPlanner, greedyConfig, pickBest } from './greedy.js';
import { markOwnAgent } from '../src/core/match-runner.js';

/** Greedy's weights kept as they are. */
const { ownedValue: OWNED_VALUE, proximityWeight: PROXIMITY_WEIGHT, scale: SCALE } = DEFAULT_WEIGHTS;
/** Faces of the dice (rules 16 and 21) and the top of R (rule 17). */
const DIE_SIDES = 6;
const ROLL_MAX = 100;
/** Player 1 wins on equal XP (rule 28). */
const TIE_ADVANTAGE = 0.5;
/** Rule 22 over two fair dice: A ≥ D in 21 of the 36 outcomes, D ≥ A in 21. */
const HIT_CHANCE = 21 / 36;
const HURT_CHANCE = 21 / 36;

/** The agent's settings, defaults filled in. */
export interface TempoConfig {
  readonly keepLastTrap: boolean;
  readonly tempoWeight: number;
  readonly turnsPerAttack: number;
  readonly trapWeight: number;
  readonly targetWeight: number;
  readonly cellCost: number;
  readonly maxNodes: number;
  readonly beam: number;
}

/** The settings the agent takes, with what `hordelab agents` shows beside each. */
const SETTINGS: AgentSettings = [
  ['keepLastTrap', 'true'],
  ['tempoWeight', '0.2'],
  ['targetWeight', '1'],
  ['cellCost', '0.3'],
  ['turnsPerAttack', '2'],
  ['trapWeight', '0.5'],
  ['maxNodes', '300'],
  ['beam', '4'],
];

/** Reads a validated config, filling defaults. */
export function tempoConfig(raw: Readonly<Record<string, unknown>>): TempoConfig {
  return {
    keepLastTrap: (raw['keepLastTrap'] as boolean | undefined) ?? true,
    tempoWeight: (raw['tempoWeight'] as number | undefined) ?? 0.2,
    turnsPerAttack: (raw['turnsPerAttack'] as number | undefined) ?? 2,
    trapWeight: (raw['trapWeight'] as number | undefined) ?? 0.5,
    targetWeight: (raw['targetWeight'] as number | undefined) ?? 1,
    cellCost: (raw['cellCost'] as number | undefined) ?? 0.3,
    maxNodes: (raw['maxNodes'] as number | undefined) ?? 300,
    beam: (raw['beam'] as number | undefined) ?? 4,
  };
}

/** Checks a seat's config: known fields, numbers in range, keepLastTrap a boolean. */
export function validateTempoConfig(config: Readonly<Record<string, unknown>>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  unknownFields(config, settingNames(SETTINGS), problems);
  choiceField(config, 'keepLastTrap', [true, false], problems);
  numberField(config, 'tempoWeight', 0, 10, problems);
  numberField(config, 'turnsPerAttack', 1, 100, problems);
  numberField(config, 'trapWeight', 0, 10, problems);
  numberField(config, 'targetWeight', 0, 10, problems);
  numberField(config, 'cellCost', 0, 100, problems);
  integerField(config, 'maxNodes', 1, problems);
  integerField(config, 'beam', 1, problems);
  return problems;
}

/** Expected XP of one attack by a zombie with this attack (rules 22 and 23, mean wild health). */
function xpPerAttack(state: ZombieTrainersState, attack: number): number {
  const { params } = state.config;
  const meanWildHealth = (params.zombieHealth[0] + params.zombieHealth[1]) / 2;
  const killXp = params.killXpStacks ? KILL_XP : KILL_XP - HIT_XP;
  return HIT_CHANCE * (HIT_XP + killXp * Math.min(1, attack / meanWildHealth));
}

/** The trainer's own turns left before the cap (rule 29), this one included if it is theirs. */
export function ownTurnsLeft(state: ZombieTrainersState, seat: 0 | 1): number {
  const rounds = state.config.params.maxRounds - state.round;
  return rounds + (seat >= state.current ? 1 : 0);
}

/**
 * The XP `seat`'s owned zombies are expected to earn before the cap: each survives
 * health ÷ (expected damage taken per attack) attacks, at most one every `turnsPerAttack` of
 * the trainer's own turns left, the best earners first. Nothing for a spectator (rule 26).
 */
export function tempoXp(state: ZombieTrainersState, seat: 0 | 1, turnsPerAttack: number): number {
  const trainer = state.trainers[seat];
  if (trainer.trapsLeft === 0 || trainer.owned.length === 0) return 0;
  const { params } = state.config;
  const meanWildAttack = (params.zombieAttack[0] + params.zombieAttack[1]) / 2;
  let attacksLeft = ownTurnsLeft(state, seat) / turnsPerAttack;
  const zombies = trainer.owned.map((z) => ({ rate: xpPerAttack(state, z.attack), attacks: z.health / (HURT_CHANCE * meanWildAttack) }));
  zombies.sort((a, b) => b.rate - a.rate);
  let xp = 0;
  for (const zombie of zombies) {
    if (attacksLeft <= 0) break;
    const used = Math.min(attacksLeft, zombie.attacks);
    xp += used * zombie.rate;
    attacksLeft -= used;
  }
  return xp;
}

/**
 * What the best wild zombie to go for is worth to `seat`, less `cellCost` per cell still to walk
 * (0 when none is worth it). Attacking it with one's best owned zombie earns a hit's XP on
 * A ≥ D and the share of a kill the attacker's attack covers of its health, and costs, on D ≥ A,
 * the share of the attacker's remaining attacks its attack takes off; catching it (with a trap
 * one may throw: not the last while the opponent holds one, if so kept) earns the catch chance
 * times a catch's XP, an owned zombie, and that zombie's future attacks.
 */
export function bestTarget(state: ZombieTrainersState, seat: 0 | 1, config: TempoConfig): number {
  const trainer = state.trainers[seat];
  const { params, map } = state.config;
  const meanWildAttack = (params.zombieAttack[0] + params.zombieAttack[1]) / 2;
  const canCatch = trainer.trapsLeft > 1 || !config.keepLastTrap || state.trainers[1 - seat]!.trapsLeft === 0;
  let catchChance = 0;
  if (canCatch) {
    const rates = state.config.trapRates;
    for (let i = 0; i < rates.length; i++) if ((trainer.trapCounts[i] as number) > 0) catchChance = Math.max(catchChance, exactCatchChance(rates[i] as number));
  }
  const turnsLeft = ownTurnsLeft(state, seat) / config.turnsPerAttack;
  const { width } = map;
  const from = trainer.cell;
  const fx = from % width;
  const fy = (from - fx) / width;
  const killXp = params.killXpStacks ? KILL_XP : KILL_XP - HIT_XP;
  let best = 0;
  const health = state.wildHealth;
  for (let cell = 0; cell < health.length; cell++) {
    const wildHealth = health[cell] as number;
    if (wildHealth === 0) continue;
    const wildAttack = state.wildAttack[cell] as number;
    let worth = 0;
    for (const zombie of trainer.owned) {
      const attacksLeft = zombie.health / (HURT_CHANCE * meanWildAttack);
      const rate = xpPerAttack(state, zombie.attack);
      const gain = HIT_CHANCE * (HIT_XP + killXp * Math.min(1, zombie.attack / wildHealth));
      const cost = HURT_CHANCE * config.tempoWeight * rate * Math.min(attacksLeft, turnsLeft) * Math.min(1, wildAttack / zombie.health);
      worth = Math.max(worth, gain - cost);
    }
    if (catchChance > 0) {
      const attacks = Math.min(wildHealth / (HURT_CHANCE * meanWildAttack), turnsLeft);
      worth = Math.max(worth, catchChance * (HIT_XP + OWNED_VALUE + config.tempoWeight * attacks * xpPerAttack(state, wildAttack)));
    }
    const x = cell % width;
    const distance = Math.max(0, Math.abs(x - fx) + Math.abs((cell - x) / width - fy) - params.interactionRange);
    best = Math.max(best, worth - config.cellCost * distance);
  }
  return best;
}

function trainerValue(state: ZombieTrainersState, seat: 0 | 1, config: TempoConfig): number {
  const trainer = state.trainers[seat];
  const rates = state.config.trapRates;
  let value = trainer.xp + trainer.owned.length * OWNED_VALUE;
  for (let i = 0; i < rates.length; i++) value += (trainer.trapCounts[i] as number) * exactCatchChance(rates[i] as number) * config.trapWeight;
  value += config.tempoWeight * tempoXp(state, seat, config.turnsPerAttack);
  if (trainer.trapsLeft > 0 && state.wildCount > 0) {
    if (config.targetWeight > 0) value += config.targetWeight * bestTarget(state, seat, config);
    else value -= PROXIMITY_WEIGHT * nearestWildDistance(state, seat);
  }
  return value;
}

/** Player 1's estimate of the state as it stands (the result itself once over). */
function staticValue(state: ZombieTrainersState, config: TempoConfig): number {
  if (state.phase === Phase.Over) return state.winner === 0 ? 1 : -1;
  return Math.tanh((trainerValue(state, 0, config) - trainerValue(state, 1, config) + TIE_ADVANTAGE) / SCALE);
}

function valueAfter(state: ZombieTrainersState, values: readonly number[], config: TempoConfig): number {
  const next = zombieTrainers.clone(state);
  for (const value of values) zombieTrainers.apply(next, { kind: 'chance', value }, null);
  return staticValue(next, config);
}

/** Player 1's estimate: at a pending catch or attack the exact expectation, as greedy's heuristic computes it. */
export function tempoValue(state: ZombieTrainersState, config: TempoConfig): number {
  switch (state.phase) {
    case Phase.CatchAggressive:
    case Phase.CatchDefensive:
    case Phase.CatchRoll: {
      const rate = state.config.trapRates[state.pending.trapIndex] as number;
      let chance: number;
      let best: number[];
      let worst: number[];
      if (state.phase === Phase.CatchAggressive) {
        chance = exactCatchChance(rate);
        [best, worst] = [[DIE_SIDES, 1, 1], [1, DIE_SIDES, ROLL_MAX]];
      } else if (state.phase === Phase.CatchDefensive) {
        chance = 0;
        for (let d = 1; d <= DIE_SIDES; d++) chance += catchChanceGivenDice(rate, state.pending.aggressive - d) / DIE_SIDES;
        [best, worst] = [[1, 1], [DIE_SIDES, ROLL_MAX]];
      } else {
        chance = catchChanceGivenDice(rate, state.pending.aggressive - state.pending.defensive);
        [best, worst] = [[1], [ROLL_MAX]];
      }
      return (chance > 0 ? chance * valueAfter(state, best, config) : 0) + (chance < 1 ? (1 - chance) * valueAfter(state, worst, config) : 0);
    }
    case Phase.AttackAggressive:
      return (15 / 36) * valueAfter(state, [DIE_SIDES, 1], config) + (15 / 36) * valueAfter(state, [1, DIE_SIDES], config) + (6 / 36) * valueAfter(state, [1, 1], config);
    case Phase.AttackDefensive: {
      const a = state.pending.aggressive;
      let value = (1 / DIE_SIDES) * valueAfter(state, [a], config);
      if (a > 1) value += ((a - 1) / DIE_SIDES) * valueAfter(state, [1], config);
      if (a < DIE_SIDES) value += ((DIE_SIDES - a) / DIE_SIDES) * valueAfter(state, [DIE_SIDES], config);
      return value;
    }
    default:
      return staticValue(state, config);
  }
}

/** Whether `action`, by `seat` in `state`, would throw its last trap while the opponent holds one. */
export function throwsLastTrapEarly(state: ZombieTrainersState, seat: 0 | 1, action: ZombieTrainersAction): boolean {
  return action.kind === 'catch' && state.trainers[seat].trapsLeft === 1 && state.trainers[1 - seat]!.trapsLeft > 0;
}

/** Zombie Trainers as the planner sees it: the tempo heuristic, and the last trap kept if asked. */
export function tempoGame(seat: 0 | 1, config: TempoConfig): AnyGame {
  return {
    ...zombieTrainers,
    heuristic: (state: ZombieTrainersState) => {
      const value = tempoValue(state, config);
      return [value, -value];
    },
    legalActions: (state: ZombieTrainersState) => {
      const legal = zombieTrainers.legalActions(state);
      if (!config.keepLastTrap || state.phase !== Phase.Decision || state.current !== seat) return legal;
      return legal.filter((action) => !throwsLastTrapEarly(state, seat, action));
    },
  } as AnyGame;
}

export const trainersTempoAgent: AgentFactory = {
  id: 'trainers-tempo',
  description:
    `Zombie Trainers only: greedy's turn planner on a heuristic that heads for the wild zombie worth attacking or catching and counts its zombies' attacks within the turns left; with keepLastTrap it never throws its last trap while the opponent holds one. ${configSentence(SETTINGS)}`,
  validateConfig: validateTempoConfig,
  settingsPlayed: (config) => ({ ...tempoConfig(config) }),
  playsOnly: { game: 'zombie-trainers', seats: [0, 1] },
  create(rawConfig, { seat, rng }) {
    const config = tempoConfig(rawConfig);
    const own = seat as 0 | 1;
    const game = tempoGame(own, config);
    const planner = new TurnPlanner(game, seat, greedyConfig({ maxNodes: config.maxNodes, beam: config.beam }), rng);
    const ties: number[] = [];
    return {
      chooseAction(decision) {
        const base = decision.searchState(rng) as ZombieTrainersState;
        const legal = decision.legalActions as readonly ZombieTrainersAction[];
        const allowed: number[] = [];
        for (let i = 0; i < legal.length; i++) if (!config.keepLastTrap || !throwsLastTrapEarly(base, own, legal[i] as ZombieTrainersAction)) allowed.push(i);
        if (allowed.length === 1) return allowed[0] as number;
        const actions = allowed.map((i) => legal[i]);
        const scores = planner.scoreActions(base, actions, Math.max(config.maxNodes, actions.length));
        return allowed[pickBest(scores, rng, ties)] as number;
      },
    };
  },
};
// One of Hordelab's own: the runner hands it its list of legal actions as it is.
markOwnAgent(trainersTempoAgent);
