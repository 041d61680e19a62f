/**
 * The greedy agent: plans the seat's whole turn on the game's heuristic.
 *
 * A turn is the run of decisions the seat makes before another seat acts (Zombie Trainers: every
 * move, catch and attack until the turn ends; a Survivors human's activation; an Integer Duel
 * side's draws). For each legal action the agent searches the sequences of its own decisions
 * that can follow, through the chance nodes on the way, and scores each sequence where control
 * leaves the seat (or the match ends) with the game's heuristic for its own seat:
 *
 *     V(s) = returns(s)[seat]                     s terminal
 *          = heuristic(s)[seat]                   another seat to act (the turn is over)
 *          = max over own actions a of V(a(s))    the seat to act again
 *          = Σ p(o) · V(o(s))                     a chance node, its outcomes expanded exactly
 *
 * (expectimax over one's own turn, with the opponent's reply left to the heuristic). Budgets keep
 * it practical. At each of its own decisions the planner scores every legal action one step
 * ahead (its result, chance expanded exactly within `maxChanceLeaves`), then plans on only from
 * the `beam` best, sharing the states it may still evaluate (`maxNodes` per decision, split
 * evenly down the tree) among them; a node whose share cannot cover its actions is scored by the
 * heuristic. One-step lookahead is the floor: every legal action of the decision itself is always
 * scored. A chain of chance nodes is expanded exactly while its outcomes fit in
 * `maxChanceLeaves`; past that it is scored by the heuristic, which games define as their own
 * expectation there (Zombie Trainers computes a pending catch from rule 17 exactly), or, with
 * `chanceSamples: k`, by `k` outcomes sampled from the agent's own stream, the plan continuing
 * after each. Of plans that end equally well the shorter wins, so action points are spent only
 * when that helps; remaining ties are broken uniformly from the agent's own stream.
 *
 * `horizon: action` restores one-step lookahead (the decision's immediate result, chance
 * expanded exactly within `maxChanceLeaves`).
 *
 * Config: `horizon` ('turn' | 'action', default 'turn'), `maxNodes` (300), `beam` (4),
 * `maxChanceLeaves` (64), `chanceSamples` (0).
 */
import type { AgentFactory } from '../src/core/agent.js';
import { CHANCE, TERMINAL, type AnyGame } from '../src/core/game.js';
import { ContractBreach } from '../src/core/errors.js';
import { chanceExpectation } from '../src/core/chance-expectation.js';
import type { Rng } from '../src/core/rng.js';
import { choiceField, configSentence, integerField, settingNames, unknownFields, type AgentSettings, type ConfigProblem } from './config.js';
import { markOwnAgent } from '../src/core/match-runner.js';

/** Values closer than this are ties (floating sums of the same terms in another order). */
const TIE_TOLERANCE = 1e-12;
/**
 * What each further decision of a plan costs: far below any difference a heuristic means, far
 * above the tie tolerance, so of two plans that end equally well the shorter wins (a turn is not
 * spent walking somewhere and back) and action points are spent only when that helps.
 */
const PLAN_STEP_COST = 1e-9;

/** The greedy agent's settings, defaults filled in. */
export interface GreedyConfig {
  readonly horizon: 'turn' | 'action';
  readonly maxNodes: number;
  readonly maxChanceLeaves: number;
  readonly chanceSamples: number;
  readonly beam: number;
}

/** Reads a validated config, filling defaults. */
export function greedyConfig(raw: Readonly<Record<string, unknown>>): GreedyConfig {
  return {
    horizon: (raw['horizon'] as 'turn' | 'action' | undefined) ?? 'turn',
    maxNodes: (raw['maxNodes'] as number | undefined) ?? 300,
    maxChanceLeaves: (raw['maxChanceLeaves'] as number | undefined) ?? 64,
    chanceSamples: (raw['chanceSamples'] as number | undefined) ?? 0,
    beam: (raw['beam'] as number | undefined) ?? 4,
  };
}

/**
 * The expected heuristic value of `state` for `seat`, expanding chance within `leafBudget`
 * leaves and stopping at the first decision: the one-step score of an action's result. With
 * `owned`, the caller gives `state` up: it may be played on (one copy fewer).
 */
export function expectedValue(game: AnyGame, state: unknown, seat: number, leafBudget: number, owned = false): number {
  if (game.currentPlayer(state) !== CHANCE) return game.heuristic(state)[seat] as number;
  const outcomes = game.chanceOutcomes(state);
  if (outcomes.length > leafBudget) return game.heuristic(state)[seat] as number;
  const childBudget = Math.floor(leafBudget / outcomes.length);
  return chanceExpectation(game, state, outcomes, (child) => expectedValue(game, child, seat, childBudget, true), owned);
}

/**
 * Expectimax over `seat`'s own turn from one state: the value V of the file comment, within the
 * budgets. One planner per agent; it keeps nothing between decisions but its stream.
 */
export class TurnPlanner {
  constructor(
    private readonly game: AnyGame,
    private readonly seat: number,
    private readonly config: GreedyConfig,
    private readonly rng: Rng,
  ) {}

  /** The value of `state` (owned by the planner), with `nodes` states to spend below it. */
  value(state: unknown, nodes: number, leaves: number): number {
    const { game, seat } = this;
    const player = game.currentPlayer(state);
    if (player === TERMINAL) return game.returns(state)[seat] as number;
    if (player === CHANCE) return this.chanceValue(state, nodes, leaves);
    if (player !== seat || this.config.horizon === 'action') return game.heuristic(state)[seat] as number;
    const legal = game.legalActions(state);
    // Unexpanded, the turn still needs at least one decision of the seat's to end.
    if (nodes < legal.length) return (game.heuristic(state)[seat] as number) - PLAN_STEP_COST;
    return Math.max(...this.scoreActions(state, legal, nodes)) - PLAN_STEP_COST;
  }

  /**
   * The value of each of `legal` from `state`: every action's result scored by the heuristic,
   * then the `beam` best planned on with the nodes left, shared evenly (chance expanded as the
   * file comment says); the others keep their heuristic score.
   */
  scoreActions(state: unknown, legal: readonly unknown[], nodes: number): number[] {
    const { game, seat, config } = this;
    const children: unknown[] = [];
    const scores: number[] = [];
    for (let i = 0; i < legal.length; i++) {
      const child = game.clone(state);
      game.apply(child, legal[i], null);
      children.push(child);
      // Ranking only: the heuristic itself, which games define at chance nodes too, is cheap.
      // A child still in the seat's turn needs at least one more decision: it pays for it, so a
      // plan cut short by the budget never beats an equal plan that ends the turn.
      const ownTurn = game.currentPlayer(child) === seat && config.horizon === 'turn';
      scores.push((game.heuristic(child)[seat] as number) - (ownTurn ? PLAN_STEP_COST : 0));
    }
    const order = scores.map((_, i) => i).sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
    const planned = Math.min(config.beam, legal.length);
    const share = Math.floor((nodes - legal.length) / planned);
    if (share > 0) {
      for (let rank = 0; rank < planned; rank++) {
        const i = order[rank] as number;
        scores[i] = this.value(children[i], share, config.maxChanceLeaves);
      }
    }
    return scores;
  }

  private chanceValue(state: unknown, nodes: number, leaves: number): number {
    const { game, seat } = this;
    const outcomes = game.chanceOutcomes(state);
    if (outcomes.length <= leaves && outcomes.length <= Math.max(nodes, 1)) {
      const nodeShare = Math.floor(Math.max(0, nodes - outcomes.length) / outcomes.length);
      const leafShare = Math.floor(leaves / outcomes.length);
      return chanceExpectation(game, state, outcomes, (child) => this.value(child, nodeShare, leafShare), true);
    }
    const samples = this.config.chanceSamples;
    if (samples === 0 || nodes < samples || this.config.horizon === 'action') return game.heuristic(state)[seat] as number;
    const nodeShare = Math.floor((nodes - samples) / samples);
    let total = 0;
    for (let k = 0; k < samples; k++) {
      const child = game.clone(state);
      game.apply(child, game.sampleChance(child, this.rng), null);
      total += this.value(child, nodeShare, 1);
    }
    return total / samples;
  }
}

/**
 * The index of the highest of `scores`; scores within the tie tolerance of the highest are
 * equal, and one of them is drawn uniformly from `rng` (nothing is drawn when one stands alone).
 * `ties` is scratch space the caller may pass to avoid an allocation.
 */
export function pickBest(scores: readonly number[], rng: Rng, ties: number[] = []): number {
  let best = Number.NEGATIVE_INFINITY;
  ties.length = 0;
  for (let index = 0; index < scores.length; index++) {
    const value = scores[index] as number;
    // A NaN value loses every comparison: every action NaN drew from no ties at all (a RangeError
    // that named the agent's stream, audit 25b), and one NaN among others was passed over unsaid.
    if (value !== value) throw new ContractBreach(`an action's value is NaN: the game's heuristic or returns gave NaN where the agent read them (hordelab conform checks both)`);
    if (value > best + TIE_TOLERANCE) {
      best = value;
      ties.length = 0;
      ties.push(index);
    } else if (value >= best - TIE_TOLERANCE) {
      ties.push(index);
    }
  }
  return ties.length === 1 ? (ties[0] as number) : (ties[rng.int(ties.length)] as number);
}

/** The settings greedy takes, with what `hordelab agents` shows beside each. */
const SETTINGS: AgentSettings = [
  ['horizon', 'turn | action'],
  ['maxNodes', '300'],
  ['beam', '4'],
  ['maxChanceLeaves', '64'],
  ['chanceSamples', '0'],
];

/** Checks a greedy seat's config: known fields, whole numbers in range, a known horizon. */
export function validateGreedyConfig(config: Readonly<Record<string, unknown>>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  unknownFields(config, settingNames(SETTINGS), problems);
  integerField(config, 'beam', 1, problems);
  choiceField(config, 'horizon', ['turn', 'action'], problems);
  integerField(config, 'maxNodes', 1, problems);
  integerField(config, 'maxChanceLeaves', 1, problems);
  integerField(config, 'chanceSamples', 0, problems, 64);
  return problems;
}

export const greedyAgent: AgentFactory = {
  id: 'greedy',
  description:
    `Plans its whole turn (its own consecutive decisions, exact over chance within budget) on the game heuristic; ties broken from its own stream. ${configSentence(SETTINGS)}`,
  validateConfig: validateGreedyConfig,
  settingsPlayed: (config) => ({ ...greedyConfig(config) }),
  create(rawConfig, { game, seat, rng }) {
    const config = greedyConfig(rawConfig);
    const planner = new TurnPlanner(game, seat, config, rng);
    const ties: number[] = [];
    return {
      chooseAction(decision) {
        const base = decision.searchState(rng);
        const legal = decision.legalActions;
        let scores: readonly number[];
        if (config.horizon === 'action') {
          scores = legal.map((action) => {
            const next = game.clone(base);
            game.apply(next, action, null);
            return expectedValue(game, next, seat, config.maxChanceLeaves, true);
          });
        } else {
          // Every legal action is scored, whatever the budget: one-step lookahead is the floor.
          scores = planner.scoreActions(base, legal, Math.max(config.maxNodes, legal.length));
        }
        return pickBest(scores, rng, ties);
      },
    };
  },
};
// One of Hordelab's own: the runner hands it its list of legal actions as it is.
markOwnAgent(greedyAgent);
