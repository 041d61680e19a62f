/**
 * The registry: the only list of games and agents. The CLI, scenario validation and the
 * conformance tests all iterate it, so a game or agent added here is everywhere at once. A game
 * is one folder exporting a {@link GameModule}; adding one is its folder plus one line below.
 */
import { greedyAgent } from '../agents/greedy.js';
import { rolloutAgent } from '../agents/rollout.js';
import { trainersTempoAgent } from '../agents/trainers-tempo.js';
import { mctsAgent } from '../agents/mcts.js';
import { randomAgent } from '../agents/random.js';
import { scriptedZombiesAgent } from '../agents/scripted-zombies.js';
import { huntingZombiesAgent } from '../agents/hunting-zombies.js';
import { survivorsPlannerAgent } from '../agents/survivors-planner.js';
import type { AgentFactory } from './core/agent.js';
import type { GameModule } from './core/game-module.js';
import { coinFlipModule } from './games/coin-flip/index.js';
import { integerDuelModule } from './games/integer-duel/index.js';
import { survivorsModule } from './games/survivors/index.js';
import { ticTacToeModule } from './games/tic-tac-toe/index.js';
import { zombieTrainersModule } from './games/zombie-trainers/index.js';

/** A registered game: its folder's {@link GameModule}. */
export type RegisteredGame = GameModule;

const gameList: readonly GameModule[] = [zombieTrainersModule, integerDuelModule, survivorsModule, ticTacToeModule, coinFlipModule];
const agentList: readonly AgentFactory[] = [randomAgent, greedyAgent, mctsAgent, rolloutAgent, scriptedZombiesAgent, huntingZombiesAgent, survivorsPlannerAgent, trainersTempoAgent];

/**
 * A read-only map: `get`, `has`, `size` and iteration as a Map's, over a Map it keeps private.
 * Exported as `ReadonlyMap`, the registry was a plain Map at runtime: `agents.set('random', mine)`
 * changed what a run at workers 0 played but not at workers 2, whose threads load the registry
 * afresh (audit 39c F7). A Map subclass with `set` overridden still took
 * `Map.prototype.set.call(agents, ...)` (audit 39c's note); this is no Map, so that throws too.
 * `set`, `delete` and `clear` are here only to say what to do instead.
 */
class ReadOnlyRegistry<V> implements ReadonlyMap<string, V> {
  readonly #entries: Map<string, V>;

  constructor(
    entries: Iterable<readonly [string, V]>,
    private readonly instead: string,
  ) {
    this.#entries = new Map(entries);
    Object.freeze(this);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.#entries) callback.call(thisArg, value, key, this);
  }

  entries(): MapIterator<[string, V]> {
    return this.#entries.entries();
  }

  keys(): MapIterator<string> {
    return this.#entries.keys();
  }

  values(): MapIterator<V> {
    return this.#entries.values();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.#entries[Symbol.iterator]();
  }

  get [Symbol.toStringTag](): string {
    return 'ReadOnlyRegistry';
  }

  set(key: string): never {
    throw new TypeError(`${this.instead} (refused: set "${key}")`);
  }

  delete(key: string): never {
    throw new TypeError(`${this.instead} (refused: delete "${key}")`);
  }

  clear(): never {
    throw new TypeError(`${this.instead} (refused: clear)`);
  }
}

/** Frozen, so that what the registry lists plays alike in this thread and in a worker's. */
const frozen = <T extends object>(value: T): T => Object.freeze(value);

/** `value` with every plain object and array in it frozen (the data a parameter's default is). */
function deepFrozen(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFrozen(inner);
}

/** Registered games by id, in registration order; read-only. */
export const games: ReadonlyMap<string, RegisteredGame> = new ReadOnlyRegistry(
  gameList.map((entry) => {
    frozen(entry.game);
    frozen(entry.report);
    // Its parameters too, defaults whole: a default changed here played in this thread and not
    // in a worker's, and summary.json recorded the changed one for both (review 39s R2).
    frozen(entry.game.seats);
    for (const spec of Object.values(frozen(entry.game.parameters))) {
      deepFrozen((spec as { default?: unknown }).default);
      frozen(spec);
    }
    return [entry.game.id, frozen(entry)] as const;
  }),
  'games is read-only: worker threads load the registry afresh, so a game added or changed here would play in this thread only; give run() or a scenario your game module\'s path instead',
);

/** Registered agent factories by id, in registration order; read-only. */
export const agents: ReadonlyMap<string, AgentFactory> = new ReadOnlyRegistry(
  agentList.map((factory) => [factory.id, frozen(factory)] as const),
  'agents is read-only: worker threads load the registry afresh, so an agent added or changed here would play in this thread only; pass your agent object to run() instead (seats: [myAgent, ...])',
);
