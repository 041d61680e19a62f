/**
 * The scripted zombie player for Survivors (issue 6): a fixed opponent, so human strategies can
 * be measured against the same zombies every time.
 *
 * Policy, in order:
 * - placement and spawns: the spawn point nearest (Manhattan) to a human, first on a tie;
 *   an ambush: the first cell offered;
 * - a zombie next to a human attacks it (the most wounded first: finish the weak);
 * - otherwise it follows its own path distance to the nearest human, where a barricade counts as
 *   passable at 1 + `barricadeDetour` actions: when the best next step crosses a barricade it
 *   attacks the barricade, else it steps to the neighbour with the shortest distance left;
 * - with nothing that gets it closer, it ends its turn.
 * Deterministic: it never draws from its stream.
 *
 * Config: `barricadeDetour` (default 3: the expected attacks to break one on 5–6).
 */
import type { AgentFactory } from '../src/core/agent.js';
import { Edge, Phase, zombieDistancesThroughBarricades, type SurvivorsAction, type SurvivorsState } from '../src/games/survivors/index.js';
import { configSentence, integerField, settingNames, unknownFields, type AgentSettings } from './config.js';

/** The settings the agent takes, with what `hordelab agents` shows beside each. */
const SETTINGS: AgentSettings = [['barricadeDetour', '3']];
import { markOwnAgent } from '../src/core/match-runner.js';

function nearestSpawn(state: SurvivorsState, options: readonly SurvivorsAction[]): number {
  const map = state.config.map;
  let best = 0;
  let bestDistance = Infinity;
  options.forEach((action, index) => {
    if (action.kind !== 'place') return;
    const x = action.cell % map.width;
    const y = (action.cell - x) / map.width;
    for (const human of state.humans) {
      if (human.cell < 0) continue;
      const hx = human.cell % map.width;
      const d = Math.abs(hx - x) + Math.abs((human.cell - hx) / map.width - y);
      if (d < bestDistance) [best, bestDistance] = [index, d];
    }
  });
  return best;
}

export const scriptedZombiesAgent: AgentFactory = {
  id: 'scripted-zombies',
  description:
    `Survivors, Zombie seat only: spawn nearest the humans, attack when adjacent, else walk toward the nearest human, breaking barricades in the way. ${configSentence(SETTINGS)}`,
  playsOnly: { game: 'survivors', seats: [1] },
  validateConfig(config) {
    const problems: { field: string; message: string }[] = [];
    unknownFields(config, settingNames(SETTINGS), problems);
    integerField(config, 'barricadeDetour', 0, problems);
    return problems;
  },
  create(config) {
    const barricadeDetour = (config['barricadeDetour'] as number | undefined) ?? 3;
    return {
      chooseAction(decision) {
        const state = decision.observe() as SurvivorsState;
        const legal = decision.legalActions as readonly SurvivorsAction[];
        if (state.phase === Phase.PlaceInitial || state.phase === Phase.Spawn) return nearestSpawn(state, legal);
        if (state.phase !== Phase.ZombieAct) return 0;
        let attack = -1;
        legal.forEach((action, index) => {
          if (action.kind !== 'zombieAttack') return;
          if (attack < 0 || state.humans[action.human]!.wounds > state.humans[(legal[attack] as { human: number }).human]!.wounds) attack = index;
        });
        if (attack >= 0) return attack;
        const { map } = state.config;
        const cell = state.zombies[state.zombieIndex] as number;
        const dist = zombieDistancesThroughBarricades(state, barricadeDetour);
        const here = dist[cell] as number;
        // The best first step of its own path: across a barricade means breaking it first.
        let bestDir = -1;
        let bestValue = here;
        for (let dir = 0; dir < 4; dir++) {
          const to = map.neighbour[cell * 4 + dir] as number;
          if (to < 0) continue;
          const edge = map.edgeOf[cell * 4 + dir] as number;
          if (state.edges[edge] === Edge.Wall) continue;
          const free = state.occupant[to] === -1 || state.barricades[edge] === 1;
          if (free && (dist[to] as number) < bestValue) [bestDir, bestValue] = [dir, dist[to] as number];
        }
        if (bestDir >= 0) {
          const edge = map.edgeOf[cell * 4 + bestDir] as number;
          const wanted = state.barricades[edge] === 1 ? 'zombieBreak' : 'zombieMove';
          const index = legal.findIndex((action) => action.kind === wanted && action.dir === bestDir);
          if (index >= 0) return index;
        }
        // Blocked on its best path (a figure, or too few actions): any legal step that gets closer.
        let fallback = -1;
        let fallbackValue = here;
        legal.forEach((action, index) => {
          if (action.kind !== 'zombieMove') return;
          const to = map.neighbour[cell * 4 + action.dir] as number;
          if ((dist[to] as number) < fallbackValue) [fallback, fallbackValue] = [index, dist[to] as number];
        });
        if (fallback >= 0) return fallback;
        // Ending is not legal while a step aside has left it farther than its move began
        // (rule 58): then the steps listed first are the ways back.
        const end = legal.findIndex((action) => action.kind === 'zombieEnd');
        return end >= 0 ? end : 0;
      },
    };
  },
};
// One of Hordelab's own: the runner hands it its list of legal actions as it is.
markOwnAgent(scriptedZombiesAgent);
