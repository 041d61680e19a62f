/**
 * Integer Duel is symmetric: with mirrored decks, Plants and Zombies are the same game with the
 * signs swapped. Two property checks:
 * - the rules: a game replayed with every card mirrored, every chance outcome given to the other
 *   side and every decision mirrored ends with the points mirrored (300 games, mostly greedy);
 * - the greedy agent's values: for every legal action in a state and in its mirror image, the
 *   expected heuristic value for the deciding side is the same.
 */
import { expect, it } from 'vitest';
import { expectedValue } from '../agents/greedy.js';
import { CHANCE, TERMINAL } from '../src/core/game.js';
import { defaultParameters } from '../src/core/parameters.js';
import { Rng, matchSeed } from '../src/core/rng.js';
import { integerDuel, Phase, type IntegerDuelAction, type IntegerDuelState } from '../src/games/integer-duel/index.js';

const params = { ...defaultParameters(integerDuel.parameters), firstStarter: 'random' as const };
/** Default decks: combatants -6..-1 have ids 0..5 and +1..+6 ids 6..11; spells keep their ids. */
const mirrorCard = (card: number): number => (card < 12 ? 11 - card : card);
const mirrorAction = (d: IntegerDuelAction): IntegerDuelAction =>
  d.kind === 'combatant' || d.kind === 'drawCemetery' || d.kind === 'spell' ? { ...d, card: mirrorCard(d.card) } : d;

/** The greedy choice on the true state, or a random one 10% of the time. */
function mostlyGreedy(state: IntegerDuelState, rng: Rng): IntegerDuelAction {
  const legal = integerDuel.legalActions(state);
  if (rng.float() < 0.1) return legal[rng.int(legal.length)]!;
  let best = legal[0]!;
  let bestValue = -Infinity;
  for (const candidate of legal) {
    const next = integerDuel.clone(state);
    integerDuel.apply(next, candidate, null);
    const value = expectedValue(integerDuel, next, integerDuel.currentPlayer(state), 64);
    if (value > bestValue) [best, bestValue] = [candidate, value];
  }
  return best;
}

/** The mirror image of a state: sides swapped, combatants negated. */
function mirrorState(a: IntegerDuelState): IntegerDuelState {
  const mapCounts = (counts: number[]): number[] => counts.map((_, id) => counts[mirrorCard(id)]!);
  const flip = <T,>(pair: [T, T]): [T, T] => [pair[1], pair[0]];
  const b = integerDuel.clone(a);
  b.libraries = flip(b.libraries).map(mapCounts) as [number[], number[]];
  b.hands = flip(b.hands).map(mapCounts) as [number[], number[]];
  b.cemeteries = flip(b.cemeteries).map(mapCounts) as [number[], number[]];
  b.knownInHand = flip(b.knownInHand).map(mapCounts) as [number[], number[]];
  b.librarySizes = flip(b.librarySizes);
  b.handSizes = flip(b.handSizes);
  b.table = b.table.map((entry) => ({ card: mirrorCard(entry.card), side: (1 - entry.side) as 0 | 1, spells: entry.spells, value: -entry.value }));
  b.firstStarter = a.firstStarter === -1 ? -1 : ((1 - a.firstStarter) as 0 | 1);
  b.starter = (1 - a.starter) as 0 | 1;
  b.current = (1 - a.current) as 0 | 1;
  b.dealLeft = flip(b.dealLeft);
  b.throws = flip(b.throws);
  b.played = flip(b.played);
  b.done = flip(b.done);
  b.points = [-a.points[1] + 0, -a.points[0] + 0];
  return b;
}

it('the rules are mirror-symmetric: a mirrored replay ends with mirrored points', () => {
  for (let game = 0; game < 300; game++) {
    const rng = Rng.fromSeed(matchSeed(game, 0));
    const original = integerDuel.setup(params);
    const draws: number[][] = [[], []];
    const throws: number[][] = [[], []];
    const decisions: IntegerDuelAction[] = [];
    let coin = -1;
    while (integerDuel.currentPlayer(original) !== TERMINAL) {
      let action: IntegerDuelAction;
      if (integerDuel.currentPlayer(original) === CHANCE) {
        action = integerDuel.sampleChance(original, rng);
        const value = (action as { value: number }).value;
        if (original.phase === Phase.Coin) coin = value;
        else if (original.phase === Phase.Throw) throws[original.current]!.push(value);
        else draws[original.current]!.push(value);
      } else {
        action = mostlyGreedy(original, rng);
        decisions.push(action);
      }
      integerDuel.apply(original, action, null);
    }
    const mirror = integerDuel.setup(params);
    const drawn = [0, 0];
    const thrown = [0, 0];
    let decided = 0;
    while (integerDuel.currentPlayer(mirror) !== TERMINAL) {
      let action: IntegerDuelAction;
      if (integerDuel.currentPlayer(mirror) === CHANCE) {
        // The mirror side gets what the other side got in the original.
        const other = 1 - mirror.current;
        const value =
          mirror.phase === Phase.Coin ? 1 - coin : mirror.phase === Phase.Throw ? throws[other]![thrown[other]!++]! : mirrorCard(draws[other]![drawn[other]!++]!);
        action = { kind: 'chance', value };
      } else {
        action = mirrorAction(decisions[decided++]!);
        expect(integerDuel.legalActions(mirror).map((a) => integerDuel.actionKey(a)), `game ${game}`).toContain(integerDuel.actionKey(action));
      }
      integerDuel.apply(mirror, action, null);
    }
    expect([mirror.points[0] + 0, mirror.points[1] + 0], `game ${game}`).toEqual([-original.points[1] + 0, -original.points[0] + 0]);
    expect(mirror.winner, `game ${game}`).toBe(original.winner === -1 ? -1 : 1 - original.winner);
  }
});

it('the greedy agent values every action and its mirror image alike', () => {
  let checked = 0;
  for (let game = 0; game < 40; game++) {
    const rng = Rng.fromSeed(matchSeed(game, 1));
    const state = integerDuel.setup(params);
    while (integerDuel.currentPlayer(state) !== TERMINAL) {
      const player = integerDuel.currentPlayer(state);
      if (player === CHANCE) {
        integerDuel.apply(state, integerDuel.sampleChance(state, rng), null);
        continue;
      }
      const mirrored = mirrorState(state);
      for (const action of integerDuel.legalActions(state)) {
        const next = integerDuel.clone(state);
        integerDuel.apply(next, action, null);
        const mirroredNext = integerDuel.clone(mirrored);
        integerDuel.apply(mirroredNext, mirrorAction(action), null);
        expect(expectedValue(integerDuel, mirroredNext, 1 - player, 64)).toBeCloseTo(expectedValue(integerDuel, next, player, 64), 9);
        checked++;
      }
      integerDuel.apply(state, mostlyGreedy(state, rng), null);
    }
  }
  expect(checked).toBeGreaterThan(1000);
});
