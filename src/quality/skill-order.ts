/**
 * Which of a run's two agents is the more skilled one, where the run says so by construction
 * rather than by its results: an agent against `random` (uniform play, the floor of skill), or
 * one agent against itself with a larger search budget (`iterations`). Picking the winner of
 * the run instead would make "how often the more skilled agent loses" at most 50% by selection.
 */
import { settingsText } from '../core/settings-text.js';

/** A seat as the scenario lists it. */
export interface SkillSeat {
  readonly name: string;
  readonly agent: string;
  readonly config: Readonly<Record<string, unknown>>;
}

/** The more and the less skilled agent (by the names seats are reported under), and why. */
export interface SkillOrder {
  readonly stronger: string;
  readonly weaker: string;
  readonly basis: string;
}

/** Settings other than `iterations` are equal, as the agents are handed them (a Map's entries, -0 told apart). */
function sameBut(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>, key: string): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete(key);
  for (const each of keys) if (settingsText(a[each]) !== settingsText(b[each])) return false;
  return true;
}

/**
 * The skill order of the run's agents, or a note saying why there is none: it needs exactly two
 * agents (by name) whose order is known by construction.
 */
export function skillOrder(seats: readonly SkillSeat[]): SkillOrder | { readonly note: string } {
  const distinct: SkillSeat[] = [];
  for (const seat of seats) if (!distinct.some((other) => other.name === seat.name)) distinct.push(seat);
  const none = 'chance share needs two agents of known different skill (an agent against random, or one agent at two iterations budgets)';
  if (distinct.length !== 2) return { note: `${none}; this run has ${distinct.length === 1 ? 'one agent' : `${distinct.length} agents`}` };
  const [a, b] = distinct as [SkillSeat, SkillSeat];
  // With more seats for one agent than the other, the one with fewer loses most matches even at
  // equal skill (one seat of five loses four matches in five): the share would measure the seats,
  // not chance, and its 50% mark would misread (audit 27a: greedy in one seat against four random
  // "lost" 74.6%, and was said not to be the stronger).
  const seatsOf = (agent: SkillSeat): number => seats.filter((seat) => seat.name === agent.name).length;
  if (seatsOf(a) !== seatsOf(b)) return { note: `chance share needs the two agents to hold as many seats each; ${a.name} holds ${seatsOf(a)} and ${b.name} ${seatsOf(b)} of ${seats.length}` };
  if ((a.agent === 'random') !== (b.agent === 'random')) {
    const [weaker, stronger] = a.agent === 'random' ? [a, b] : [b, a];
    return { stronger: stronger.name, weaker: weaker.name, basis: `${weaker.name} plays uniformly at random` };
  }
  const ia = a.config['iterations'];
  const ib = b.config['iterations'];
  if (a.agent === b.agent && typeof ia === 'number' && typeof ib === 'number' && ia !== ib && sameBut(a.config, b.config, 'iterations')) {
    const [stronger, weaker] = ia > ib ? [a, b] : [b, a];
    return { stronger: stronger.name, weaker: weaker.name, basis: `${a.agent} with ${Math.max(ia, ib)} against ${Math.min(ia, ib)} iterations` };
  }
  return { note: `${none}; ${a.name} and ${b.name} have no such order` };
}
