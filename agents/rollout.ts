/**
 * The rollout agent: one step of policy improvement on `greedy` (Bertsekas' rollout algorithm;
 * Tesauro & Galperin, "On-line Policy Improvement using Monte-Carlo Search", NIPS 1996).
 *
 * At each decision it ranks the legal actions as `greedy` does (its turn planner on the game's
 * heuristic), keeps the `candidates` best, and estimates each one's value by `samples` seeded
 * rollouts: the candidate is played, then every seat plays on as `greedy` would (each planning
 * on what its own seat may see), chance sampled, for `turns` changes of the acting seat; the end
 * is scored by the returns if the match is over, else by the heuristic (a cut-off). The candidate
 * with the best mean wins; equal means go to the one greedy ranked higher, so with one candidate
 * the agent is greedy. Unlike greedy it sees the opponent's actual reply instead of leaving it to
 * the heuristic, which is where it can improve on greedy: the rollout algorithm does no worse
 * than its base policy in expectation when the estimates are exact, and the samples make them
 * estimates.
 *
 * Variance: every candidate of one decision is rolled out on the same sample streams (common
 * random numbers): sample k gives every candidate the same starting world and the same stream
 * for its dice and tie-breaks, so candidates are compared on the same luck.
 *
 * Hidden information: each sample starts from a fresh determinization of the seat's information
 * set (`decision.searchState`), so the agent never reads hidden cards; inside a rollout each seat
 * decides on a determinization of its own view of the rollout's state, as greedy does in a match.
 *
 * All randomness comes from the agent's own stream. Config: `candidates` (4), `samples` (4),
 * `turns` (2), `maxNodes` (300: greedy's budget for ranking), `policyNodes` (100: the rollout
 * greedy's budget per decision), `beam` (4), `confidence` (0: standard errors a candidate's paired
 * gain over greedy's choice must exceed before it is played instead).
 */
import type { AgentFactory, Decision } from '../src/core/agent.js';
import { CHANCE, TERMINAL, type AnyGame } from '../src/core/game.js';
import { Rng } from '../src/core/rng.js';
import { configSentence, integerField, numberField, settingNames, unknownFields, type AgentSettings, type ConfigProblem } from './config.js';
import { TurnPlanner, greedyConfig, pickBest } from './greedy.js';
import { markOwnAgent } from '../src/core/match-runner.js';

/** Means closer than this are equal (floating sums in another order). */
const TIE_TOLERANCE = 1e-12;

/** The rollout agent's settings, defaults filled in. */
export interface RolloutConfig {
  /** How many of greedy's best-ranked actions are rolled out. */
  readonly candidates: number;
  /** Rollouts per candidate. */
  readonly samples: number;
  /** Changes of the acting seat a rollout plays through before the heuristic scores it. */
  readonly turns: number;
  /** Greedy's node budget when ranking the candidates. */
  readonly maxNodes: number;
  /** The rollout policy's (greedy's) node budget per decision. */
  readonly policyNodes: number;
  /** Greedy's beam, for ranking and in the rollouts. */
  readonly beam: number;
  /** Standard errors by which a candidate's paired advantage over greedy's choice must exceed zero. */
  readonly confidence: number;
}

/** The settings rollout takes, with what `hordelab agents` shows beside each. */
const SETTINGS: AgentSettings = [
  ['candidates', '4'],
  ['samples', '4'],
  ['turns', '2'],
  ['maxNodes', '300'],
  ['policyNodes', '100'],
  ['beam', '4'],
  ['confidence', '0'],
];

/** Reads a validated config, filling defaults. */
export function rolloutConfig(raw: Readonly<Record<string, unknown>>): RolloutConfig {
  const read = (field: string, fallback: number): number => (raw[field] as number | undefined) ?? fallback;
  return {
    candidates: read('candidates', 4),
    samples: read('samples', 4),
    turns: read('turns', 2),
    maxNodes: read('maxNodes', 300),
    policyNodes: read('policyNodes', 100),
    beam: read('beam', 4),
    confidence: read('confidence', 0),
  };
}

/** Checks a seat's config: whole numbers in range, no unknown fields. */
export function validateRolloutConfig(config: Readonly<Record<string, unknown>>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  unknownFields(config, settingNames(SETTINGS), problems);
  integerField(config, 'candidates', 1, problems, 64);
  integerField(config, 'samples', 1, problems, 1024);
  integerField(config, 'turns', 1, problems, 1000);
  integerField(config, 'maxNodes', 1, problems);
  integerField(config, 'policyNodes', 1, problems);
  integerField(config, 'beam', 1, problems);
  numberField(config, 'confidence', 0, 10, problems);
  return problems;
}

/**
 * Greedy as the rollouts' policy, for every seat: each decides on its own view of the state
 * (a determinization in hidden-information games), ties broken from the rollout's stream.
 */
class GreedyPolicy {
  private readonly planners: TurnPlanner[];
  private readonly nodes: number;
  constructor(
    private readonly game: AnyGame,
    config: RolloutConfig,
    rng: Rng,
  ) {
    this.nodes = config.policyNodes;
    const planning = greedyConfig({ maxNodes: config.policyNodes, beam: config.beam });
    this.planners = game.seats.map((_, seat) => new TurnPlanner(game, seat, planning, rng));
  }

  /** Plays the seat to act in `state` one greedy decision, in place. */
  step(state: unknown, seat: number, rng: Rng): void {
    const { game } = this;
    const legal = game.legalActions(state);
    if (legal.length === 1) {
      game.apply(state, legal[0], null);
      return;
    }
    const view = game.hiddenInformation && game.determinize !== undefined ? game.determinize(state, seat, rng) : state;
    const planner = this.planners[seat] as TurnPlanner;
    const scores = planner.scoreActions(view, legal, Math.max(this.nodes, legal.length));
    game.apply(state, legal[pickBest(scores, rng)], null);
  }
}

/**
 * The value for `seat` of playing on from `state` (owned, changed in place) with the policy,
 * for `turns` changes of the acting seat, starting with `lastActor` having just acted.
 */
function rolloutValue(game: AnyGame, policy: GreedyPolicy, state: unknown, seat: number, turns: number, rng: Rng, stepLimit: number): number {
  let lastActor = seat;
  let changes = 0;
  for (let steps = 0; steps < stepLimit; steps++) {
    const player = game.currentPlayer(state);
    if (player === TERMINAL) return game.returns(state)[seat] as number;
    if (player === CHANCE) {
      game.apply(state, game.sampleChance(state, rng), null);
      continue;
    }
    if (player !== lastActor) {
      changes++;
      if (changes >= turns) break;
      lastActor = player;
    }
    policy.step(state, player, rng);
  }
  return game.heuristic(state)[seat] as number;
}

/**
 * The candidate to play, by position in greedy's ranking: the one with the best mean among those
 * whose paired advantage over greedy's choice (candidate 0), sample by sample, exceeds
 * `confidence` standard errors; greedy's choice when none does. Confidence 0 takes the best mean.
 */
export function bestCandidate(values: readonly (readonly number[])[], confidence: number): number {
  const baseline = values[0] as readonly number[];
  const samples = baseline.length;
  let best = 0;
  let bestGain = 0;
  for (let c = 1; c < values.length; c++) {
    const own = values[c] as readonly number[];
    let sum = 0;
    for (let k = 0; k < samples; k++) sum += (own[k] as number) - (baseline[k] as number);
    const gain = sum / samples;
    if (gain <= bestGain + TIE_TOLERANCE) continue;
    let squares = 0;
    for (let k = 0; k < samples; k++) squares += ((own[k] as number) - (baseline[k] as number) - gain) ** 2;
    const standardError = samples > 1 ? Math.sqrt(squares / (samples - 1) / samples) : 0;
    if (gain > confidence * standardError) {
      best = c;
      bestGain = gain;
    }
  }
  return best;
}

/** The indices of `scores` from best to worst, equal scores in index order. */
function ranking(scores: readonly number[]): number[] {
  return scores.map((_, i) => i).sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
}

export const rolloutAgent: AgentFactory = {
  id: 'rollout',
  description:
    `Greedy improved by rollouts: rolls out greedy's best \`candidates\` actions \`samples\` times each, every seat playing greedy for \`turns\` turns (then the heuristic), and picks the best mean; sees only its seat's view. ${configSentence(SETTINGS)}`,
  validateConfig: validateRolloutConfig,
  settingsPlayed: (config) => ({ ...rolloutConfig(config) }),
  create(rawConfig, { game, seat, rng, params }) {
    const config = rolloutConfig(rawConfig);
    const ranker = new TurnPlanner(game, seat, greedyConfig({ maxNodes: config.maxNodes, beam: config.beam }), rng);
    const policy = new GreedyPolicy(game, config, rng);
    const stepLimit = game.maxLength(params);
    return {
      chooseAction(decision: Decision): number {
        const legal = decision.legalActions;
        if (legal.length === 1) return 0;
        const base = decision.searchState(rng);
        const actions = legal.slice();
        const order = ranking(ranker.scoreActions(base, actions, Math.max(config.maxNodes, actions.length)));
        const candidates = order.slice(0, Math.min(config.candidates, actions.length));
        if (candidates.length === 1) return candidates[0] as number;
        const values = candidates.map(() => new Array<number>(config.samples).fill(0));
        for (let sample = 0; sample < config.samples; sample++) {
          // One pair of seed words per sample: every candidate replays the same world and stream.
          const hi = rng.nextUint32();
          const lo = rng.nextUint32();
          const world = decision.searchState(Rng.fromWords(hi, lo));
          for (let c = 0; c < candidates.length; c++) {
            const state = game.clone(world);
            game.apply(state, actions[candidates[c] as number], null);
            (values[c] as number[])[sample] = rolloutValue(game, policy, state, seat, config.turns, Rng.fromWords(lo, hi), stepLimit);
          }
        }
        const best = bestCandidate(values, config.confidence);
        return candidates[best] as number;
      },
    };
  },
};
// One of Hordelab's own: the runner hands it its list of legal actions as it is.
markOwnAgent(rolloutAgent);
