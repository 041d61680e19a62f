/**
 * The Survivors activation planner, Humans seat only: it looks at each human's activation as a
 * whole, a few actions deep, where greedy looks one action ahead. (Issue 16: a stronger
 * practical agent than greedy, at a stated cost.)
 *
 * At a decision of the Humans seat it runs a depth-limited expectimax over that seat's own
 * decisions: the value of a decision node is the best of its actions' values, the value of a
 * chance node the expectation over its outcomes (within 64 leaves, as greedy does; past that the
 * heuristic values the chance node), and a node where the seat's planning horizon ends (the
 * activation is over, the zombies are to act, `depth` actions were spent, or the match ended) is
 * valued by the Survivors heuristic. Choosing which human activates does not use up depth. To stay cheap, past
 * the root only the `width` actions with the best one-action value are searched deeper; at the
 * root all of them are scored that way and the `width` best searched. Ties are broken from the
 * agent's own stream.
 *
 * Cost: with the defaults (depth 2, width 6) a decision scores about width × (actions + 1)
 * positions, some 5 to 10 times what greedy scores; see reports/survivors-balance.md for the
 * seconds per match measured.
 *
 * Config: `depth` (2, actions planned ahead), `width` (6, actions searched deeper at each node).
 */
import type { AgentFactory } from '../src/core/agent.js';
import { chanceExpectation } from '../src/core/chance-expectation.js';
import { CHANCE, type AnyGame } from '../src/core/game.js';
import { Phase, type SurvivorsState } from '../src/games/survivors/index.js';
import { configSentence, integerField, settingNames, unknownFields, type AgentSettings } from './config.js';

/** The settings the agent takes, with what `hordelab agents` shows beside each. */
const SETTINGS: AgentSettings = [
  ['depth', '2'],
  ['width', '6'],
];
import { markOwnAgent } from '../src/core/match-runner.js';

/** Values closer than this are ties. */
const TIE_TOLERANCE = 1e-12;
/** Chance outcomes expanded below one node at most (greedy's default), past which the heuristic values the chance node. */
const LEAF_BUDGET = 64;

/** The search of one decision: the game, the seat, the horizon. */
class Planner {
  constructor(
    private readonly game: AnyGame,
    private readonly seat: number,
    private readonly width: number,
  ) {}

  /** True while `state` is still within the planned activation of `human` (or the choice of the next human to activate). */
  private planning(state: SurvivorsState, human: number): boolean {
    if (state.phase === Phase.Over) return false;
    if (state.phase === Phase.ChooseHuman) return human < 0;
    return state.active === human || (human < 0 && state.active >= 0);
  }

  /**
   * The seat's value of `state` with `depth` actions of `human` left to plan (−1: not yet chosen),
   * chance expanded within `budget` leaves.
   */
  value(state: SurvivorsState, depth: number, human: number, budget = LEAF_BUDGET): number {
    const game = this.game;
    if (game.isTerminal(state)) return game.returns(state)[this.seat] as number;
    const player = game.currentPlayer(state);
    if (player === CHANCE) {
      const outcomes = game.chanceOutcomes(state);
      if (outcomes.length > budget) return game.heuristic(state)[this.seat] as number;
      const childBudget = Math.floor(budget / outcomes.length);
      return chanceExpectation(game, state, outcomes, (child) => this.value(child as SurvivorsState, depth, human, childBudget));
    }
    if (player !== this.seat || depth <= 0 || !this.planning(state, human)) return game.heuristic(state)[this.seat] as number;
    return this.best(state, depth, human).value;
  }

  /**
   * The best action at a decision of the seat and its value: every action scored one action
   * deep, the `width` best (all of them where the choice uses no depth) searched to `depth`.
   */
  best(state: SurvivorsState, depth: number, human: number, ties: number[] | null = null): { index: number; value: number } {
    const game = this.game;
    const legal = game.legalActions(state) as unknown[];
    const choosing = state.phase === Phase.ChooseHuman;
    const children: SurvivorsState[] = [];
    const shallow: number[] = [];
    for (const action of legal) {
      const child = game.clone(state) as SurvivorsState;
      game.apply(child, action, null);
      children.push(child);
      // One action deep, as greedy scores it.
      shallow.push(choosing ? 0 : this.value(child, 0, human < 0 ? state.active : human));
    }
    const order = shallow.map((_, index) => index);
    if (!choosing && depth > 1) order.sort((a, b) => (shallow[b] as number) - (shallow[a] as number) || a - b);
    const deep = choosing ? order : depth > 1 ? order.slice(0, this.width) : [];
    let bestIndex = order[0] as number;
    let bestValue = shallow[bestIndex] as number;
    if (ties !== null) ties.length = 0;
    const consider = (index: number, value: number): void => {
      if (value > bestValue + TIE_TOLERANCE) {
        bestValue = value;
        bestIndex = index;
        if (ties !== null) ties.length = 0;
      }
      if (ties !== null && value >= bestValue - TIE_TOLERANCE) ties.push(index);
    };
    if (deep.length === 0) {
      bestValue = Number.NEGATIVE_INFINITY;
      for (const index of order) consider(index, shallow[index] as number);
    } else {
      bestValue = Number.NEGATIVE_INFINITY;
      for (const index of deep) {
        const child = children[index] as SurvivorsState;
        const next = choosing ? child.active : human < 0 ? state.active : human;
        consider(index, this.value(child, choosing ? depth : depth - 1, next));
      }
    }
    return { index: bestIndex, value: bestValue };
  }
}

export const survivorsPlannerAgent: AgentFactory = {
  id: 'survivors-planner',
  description:
    `Survivors, Humans seat only: plans each human's activation \`depth\` actions ahead (expectimax over the dice, the Survivors heuristic at the horizon, the \`width\` best actions searched deeper). ${configSentence(SETTINGS)}`,
  playsOnly: { game: 'survivors', seats: [0] },
  validateConfig(config) {
    const problems: { field: string; message: string }[] = [];
    unknownFields(config, settingNames(SETTINGS), problems);
    integerField(config, 'depth', 1, problems, 6);
    integerField(config, 'width', 1, problems);
    return problems;
  },
  create(config, { game, seat, rng }) {
    const depth = (config['depth'] as number | undefined) ?? 2;
    const width = (config['width'] as number | undefined) ?? 6;
    const planner = new Planner(game, seat, width);
    const ties: number[] = [];
    return {
      chooseAction(decision) {
        if (decision.legalActions.length === 1) return 0;
        const state = decision.searchState(rng) as SurvivorsState;
        const { index } = planner.best(state, depth, state.phase === Phase.ChooseHuman ? -1 : state.active, ties);
        return ties.length > 1 ? (ties[rng.int(ties.length)] as number) : index;
      },
    };
  },
};
// One of Hordelab's own: the runner hands it its list of legal actions as it is.
markOwnAgent(survivorsPlannerAgent);
