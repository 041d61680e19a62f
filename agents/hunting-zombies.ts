/**
 * The hunting zombie player for Survivors, Zombies seat only (issue 16: a stronger practical
 * player for the zombie seat than `scripted-zombies`). The zombies win by killing
 * `humanDeathsToWin` humans, and a human dies only after some six wounds, so wounds spread over
 * four humans (which the scripted zombies deal, each walking to its own nearest human) are worth
 * less than wounds on one. This player picks one human, the quarry, and sends every zombie after
 * it:
 *
 * - quarry: the living human on the board with the least
 *   `hitsLeft + focus⁻¹ · (mean zombie-turns for the zombies to reach him)`, where hitsLeft is
 *   the wounds still needed to kill him (1 when downed, else the wounds to his downing plus one)
 *   and a zombie-turn is `zombieActions` of path distance (a barricade priced at
 *   `barricadeDetour` actions); first human on a tie;
 * - placement and spawns: the spawn point nearest the quarry by that path distance;
 * - a zombie next to a human attacks, the most wounded first, the quarry on a tie (the downed
 *   first, since one wound kills them);
 * - otherwise it takes the step, or breaks the barricade, on its path to the quarry, if the
 *   rules let it (rule 58 holds it to ending no farther from the nearest human than it began;
 *   the legal moves already say which steps allow that); failing that it walks to the nearest
 *   human as `scripted-zombies` does; with nothing that gets it closer it ends its turn.
 *
 * The quarry is recomputed at every decision from the seat's own view (the humans' cells and
 * wounds are public), so when the quarry dies or is carried off the zombies turn to the next.
 * Deterministic: it never draws from its stream. Cost: one path field per human per board, kept
 * by the paths memo; a match costs about what a scripted-zombies match costs.
 *
 * Config: `barricadeDetour` (3, as scripted-zombies), `focus` (2: how much a nearer quarry
 * counts against a more wounded one; large: the nearest human, small: the most wounded).
 */
import type { AgentFactory } from '../src/core/agent.js';
import {
  Edge,
  Phase,
  UNREACHABLE,
  zombieDistancesThroughBarricades,
  zombieDistancesToCell,
  type SurvivorsAction,
  type SurvivorsState,
} from '../src/games/survivors/index.js';
import { configSentence, integerField, numberField, settingNames, unknownFields, type AgentSettings } from './config.js';

/** The settings the agent takes, with what `hordelab agents` shows beside each. */
const SETTINGS: AgentSettings = [
  ['barricadeDetour', '3'],
  ['focus', '2'],
];
import { markOwnAgent } from '../src/core/match-runner.js';

/** Zombie-turns a zombie that cannot reach a human counts for in the quarry's mean. */
const UNREACHABLE_TURNS = 20;

/** Wounds still needed to kill human `h` (rules 13, 16): 1 when downed, else to his downing plus one. */
function hitsLeft(state: SurvivorsState, h: number): number {
  const human = state.humans[h]!;
  if (human.downed) return 1;
  const { baseActions, freeWounds } = state.config.params;
  return Math.max(1, baseActions + freeWounds - human.wounds) + 1;
}

/** The human every zombie hunts, or −1 when none stands on the board. */
function quarry(state: SurvivorsState, barricadeDetour: number, focus: number): number {
  const perTurn = Math.max(1, state.config.params.zombieActions);
  let best = -1;
  let bestCost = Infinity;
  state.humans.forEach((human, h) => {
    if (human.dead || human.cell < 0) return;
    const field = zombieDistancesToCell(state, human.cell, barricadeDetour);
    let turns = 0;
    for (const cell of state.zombies) {
      const d = field[cell] as number;
      turns += d >= UNREACHABLE ? UNREACHABLE_TURNS : Math.ceil(d / perTurn);
    }
    const meanTurns = state.zombies.length > 0 ? turns / state.zombies.length : 0;
    const cost = hitsLeft(state, h) + meanTurns / focus;
    if (cost < bestCost) [best, bestCost] = [h, cost];
  });
  return best;
}

/** The offered spawn point nearest the quarry's cell by `field` (the first on a tie). */
function spawnNear(legal: readonly SurvivorsAction[], field: Int32Array | null): number {
  if (field === null) return 0;
  let best = 0;
  let bestDistance = Infinity;
  legal.forEach((action, index) => {
    if (action.kind !== 'place') return;
    const d = field[action.cell] as number;
    if (d < bestDistance) [best, bestDistance] = [index, d];
  });
  return best;
}

/** The attack to make: the most wounded adjacent human, the downed first, the quarry on a tie; −1 if none. */
function chooseAttack(state: SurvivorsState, legal: readonly SurvivorsAction[], target: number): number {
  let attack = -1;
  let bestKey = -Infinity;
  legal.forEach((action, index) => {
    if (action.kind !== 'zombieAttack') return;
    const human = state.humans[action.human]!;
    const key = (human.downed ? 1000 : 0) + human.wounds * 2 + (action.human === target ? 1 : 0);
    if (key > bestKey) [attack, bestKey] = [index, key];
  });
  return attack;
}

/**
 * The legal action that takes the acting zombie's first step along `field` (lower is nearer):
 * a move, or a break where the step crosses a barricade; −1 when no free neighbour is nearer.
 */
function stepAlong(state: SurvivorsState, legal: readonly SurvivorsAction[], field: Int32Array): number {
  const { map } = state.config;
  const cell = state.zombies[state.zombieIndex] as number;
  let bestDir = -1;
  let bestValue = field[cell] as number;
  for (let dir = 0; dir < 4; dir++) {
    const to = map.neighbour[cell * 4 + dir] as number;
    if (to < 0) continue;
    const edge = map.edgeOf[cell * 4 + dir] as number;
    if (state.edges[edge] === Edge.Wall) continue;
    const barricaded = state.barricades[edge] === 1;
    if (!barricaded && state.occupant[to] !== -1) continue;
    const wanted = barricaded ? 'zombieBreak' : 'zombieMove';
    const offered = legal.some((action) => action.kind === wanted && action.dir === dir);
    if (offered && (field[to] as number) < bestValue) [bestDir, bestValue] = [dir, field[to] as number];
  }
  if (bestDir < 0) return -1;
  const edge = map.edgeOf[cell * 4 + bestDir] as number;
  const wanted = state.barricades[edge] === 1 ? 'zombieBreak' : 'zombieMove';
  return legal.findIndex((action) => action.kind === wanted && action.dir === bestDir);
}

export const huntingZombiesAgent: AgentFactory = {
  id: 'hunting-zombies',
  description:
    `Survivors, Zombie seat only: every zombie hunts one human (the one nearest to death, weighed against how far the zombies are), spawning near him and attacking the most wounded. ${configSentence(SETTINGS)}`,
  playsOnly: { game: 'survivors', seats: [1] },
  validateConfig(config) {
    const problems: { field: string; message: string }[] = [];
    unknownFields(config, settingNames(SETTINGS), problems);
    integerField(config, 'barricadeDetour', 0, problems);
    numberField(config, 'focus', 0.01, 1000, problems);
    return problems;
  },
  create(config) {
    const barricadeDetour = (config['barricadeDetour'] as number | undefined) ?? 3;
    const focus = (config['focus'] as number | undefined) ?? 2;
    return {
      chooseAction(decision) {
        const state = decision.observe() as SurvivorsState;
        const legal = decision.legalActions as readonly SurvivorsAction[];
        const target = quarry(state, barricadeDetour, focus);
        const field = target >= 0 ? zombieDistancesToCell(state, state.humans[target]!.cell, barricadeDetour) : null;
        if (state.phase === Phase.PlaceInitial || state.phase === Phase.Spawn) return spawnNear(legal, field);
        if (state.phase !== Phase.ZombieAct) return 0;
        const attack = chooseAttack(state, legal, target);
        if (attack >= 0) return attack;
        if (field !== null) {
          const hunt = stepAlong(state, legal, field);
          if (hunt >= 0) return hunt;
        }
        const nearest = stepAlong(state, legal, zombieDistancesThroughBarricades(state, barricadeDetour));
        if (nearest >= 0) return nearest;
        // Ending is not legal while a step aside has left it farther than its move began
        // (rule 58): then the steps listed first are the ways back.
        const end = legal.findIndex((action) => action.kind === 'zombieEnd');
        return end >= 0 ? end : 0;
      },
    };
  },
};
// One of Hordelab's own: the runner hands it its list of legal actions as it is.
markOwnAgent(huntingZombiesAgent);
