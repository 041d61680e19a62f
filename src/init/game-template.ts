/**
 * The files `hordelab init game <name>` writes: a small complete game module (a dice race), a
 * scenario that runs it, a balance check that gates it and a test that conforms it. A designer
 * edits from there; each file is plain JavaScript importing from 'hordelab', so it runs as it is.
 */

/** One file to write: its name in the new folder and its text. */
export interface TemplateFile {
  readonly name: string;
  readonly text: string;
}

/** `dice-race` → `Dice race`. */
const titleOf = (id: string): string => {
  const words = id.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function gameFile(id: string): string {
  return `/**
 * ${titleOf(id)}: a game module for Hordelab (made by \`hordelab init game\`; edit it freely).
 *
 * Rules: two runners on a track of \`length\` cells take turns. On a turn a die is rolled
 * (a chance node), then the runner moves either 1 cell or the die's value. The first to reach
 * the end of the track wins.
 *
 * Parameters: length (cells to the finish, default 20).
 *
 * The contract (every function below) is Hordelab's GameDefinition: check it with
 *   npx hordelab conform ./${id}.mjs
 */
import { CHANCE, TERMINAL, param } from 'hordelab';

const ROLLS = [1, 2, 3, 4, 5, 6].map((value) => Object.freeze({ kind: 'roll', value }));
const STEPS = [0, 1, 2, 3, 4, 5, 6].map((cells) => Object.freeze({ kind: 'step', cells }));

/** The seat that reached the end, or -1. */
const winnerOf = (state) => state.positions.findIndex((position) => position >= state.length);

/** @type {import('hordelab').GameDefinition<{ length: number }, any, any, any, any>} */
const game = {
  id: '${id}',
  title: '${titleOf(id)}',
  seats: ['First', 'Second'],
  parameters: {
    length: param.int({ default: 20, min: 2, max: 200, description: 'Cells to the finish.' }),
  },
  utilityBounds: [-1, 1],
  hiddenInformation: false,

  // Checks across parameters (none here): a list of { path, message } for values that do not fit together.
  validateParameters: () => [],
  // Every turn moves at least one cell and takes two steps (the roll, the move).
  maxLength: (params) => 4 * params.length,
  setup: (params) => ({ length: params.length, positions: [0, 0], current: 0, die: 0 }),
  currentPlayer: (state) => (winnerOf(state) >= 0 ? TERMINAL : state.die === 0 ? CHANCE : state.current),

  legalActions(state, into = []) {
    into.length = 0;
    if (winnerOf(state) < 0 && state.die > 0) {
      into.push(STEPS[1]);
      if (state.die > 1) into.push(STEPS[state.die]);
    }
    return into;
  },
  chanceOutcomes: (state) => (state.die === 0 && winnerOf(state) < 0 ? ROLLS.map((action) => ({ action, probability: 1 / 6 })) : []),
  sampleChance: (_state, rng) => ROLLS[rng.int(6)],

  apply(state, action, emit) {
    if (action.kind === 'roll') {
      state.die = action.value;
      return;
    }
    state.positions[state.current] += action.cells;
    emit?.({ type: 'moved', seat: state.current, cells: action.cells, die: state.die });
    state.die = 0;
    if (winnerOf(state) >= 0) emit?.({ type: 'finished', winner: state.current });
    else state.current = 1 - state.current;
  },

  isTerminal: (state) => winnerOf(state) >= 0,
  returns: (state) => (winnerOf(state) === 0 ? [1, -1] : winnerOf(state) === 1 ? [-1, 1] : [0, 0]),
  // Greedy play and MCTS cut-offs read this: the lead as a share of the track.
  heuristic(state) {
    const winner = winnerOf(state);
    if (winner >= 0) return winner === 0 ? [1, -1] : [-1, 1];
    const lead = (state.positions[0] - state.positions[1]) / state.length;
    return [lead / 2, -lead / 2];
  },
  observe: (state) => ({ ...state, positions: [...state.positions] }),
  clone: (state) => ({ ...state, positions: [...state.positions] }),
  actionKey: (action) => (action.kind === 'roll' ? \`roll(\${action.value})\` : \`step(\${action.cells})\`),
  describeState: (state) => \`positions \${state.positions.join('-')}, \${state.die === 0 ? 'to roll' : \`rolled \${state.die}\`}\`,
};

export default game;
`;
}

function scenarioFile(id: string): string {
  return `# Does the first runner have an edge? Greedy players (each moves the die's value when it
# gains more) on 4,000 matches. Run it with: npx hordelab run ${id}.yaml
game: ./${id}.mjs
matches: 4000
seed: 1
params:
  length: 20
seats: [greedy, greedy]
`;
}

function checksFile(id: string): string {
  return `# A balance gate for CI: npx hordelab check ${id}.checks.yaml (exit 0 pass, 1 fail, 3 undecided).
checks:
  - name: first-runner-edge
    scenario: ${id}.yaml
    metric: seat1WinRate
    between: [0.45, 0.7]
    budget: 20000
`;
}

function testFile(id: string): string {
  return `// Run with: node --test
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkConformance, defaultParameters, formatConformance } from 'hordelab';
import game from './${id}.mjs';

test('${id} keeps the game contract', () => {
  const report = checkConformance(game, defaultParameters(game.parameters), { playouts: 24 });
  assert.ok(report.ok, formatConformance(report, { gameArgument: './${id}.mjs', assignments: [] }));
});

test('a runner moves exactly the cells chosen, then the other runner is to roll', () => {
  const state = game.setup({ length: 20 });
  game.apply(state, game.chanceOutcomes(state)[3].action, null); // a four
  assert.equal(game.currentPlayer(state), 0);
  game.apply(state, game.legalActions(state)[1], null); // four cells
  assert.deepEqual(state.positions, [4, 0]);
  game.apply(state, game.chanceOutcomes(state)[2].action, null); // a three
  assert.equal(game.currentPlayer(state), 1);
  game.apply(state, game.legalActions(state)[0], null); // one cell
  assert.deepEqual(state.positions, [4, 1]);
  assert.ok(!game.isTerminal(state));
});

test('a runner moves the die roll or one cell, and reaching the end wins', () => {
  const state = game.setup({ length: 6 });
  game.apply(state, game.chanceOutcomes(state)[5].action, null); // a six
  assert.deepEqual(game.legalActions(state).map(game.actionKey), ['step(1)', 'step(6)']);
  game.apply(state, game.legalActions(state)[1], null);
  assert.ok(game.isTerminal(state));
  assert.deepEqual(game.returns(state), [1, -1]);
});
`;
}

/** The files of a new game folder for the game `id`, in the order they are listed. */
export function gameTemplate(id: string): TemplateFile[] {
  return [
    { name: `${id}.mjs`, text: gameFile(id) },
    { name: `${id}.yaml`, text: scenarioFile(id) },
    { name: `${id}.checks.yaml`, text: checksFile(id) },
    { name: `${id}.test.mjs`, text: testFile(id) },
  ];
}
