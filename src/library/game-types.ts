/**
 * The types of each built-in game, by id, for the typed library: what a scenario's `params`
 * may hold, the actions and events of its rules, and the `results` a run returns. `run()`
 * reads the id from the scenario object, so `result.results.p1WinRate.rate` is a number for a
 * Zombie Trainers scenario without a cast.
 */
import type { CoinFlipAction, CoinFlipEvent, CoinFlipParams } from '../games/coin-flip/rules.js';
import type { CoinFlipSummary } from '../games/coin-flip/report.js';
import type { IntegerDuelParams } from '../games/integer-duel/parameters.js';
import type { IntegerDuelSummary } from '../games/integer-duel/report.js';
import type { IntegerDuelAction, IntegerDuelEvent } from '../games/integer-duel/types.js';
import type { SurvivorsParams } from '../games/survivors/parameters.js';
import type { SurvivorsSummary } from '../games/survivors/report.js';
import type { SurvivorsAction, SurvivorsEvent } from '../games/survivors/types.js';
import type { TicTacToeAction, TicTacToeEvent, TicTacToeParams } from '../games/tic-tac-toe/rules.js';
import type { TicTacToeSummary } from '../games/tic-tac-toe/report.js';
import type { ZombieTrainersParams } from '../games/zombie-trainers/parameters.js';
import type { ZombieTrainersSummary } from '../games/zombie-trainers/report.js';
import type { ZombieTrainersAction, ZombieTrainersEvent } from '../games/zombie-trainers/types.js';

/** One game's types. */
export interface GameTypeSet<P, A, E, R> {
  readonly params: P;
  readonly action: A;
  readonly event: E;
  readonly results: R;
}

/** Every built-in game's types, by the id scenarios use. */
export interface GameTypes {
  readonly 'zombie-trainers': GameTypeSet<ZombieTrainersParams, ZombieTrainersAction, ZombieTrainersEvent, ZombieTrainersSummary>;
  readonly 'integer-duel': GameTypeSet<IntegerDuelParams, IntegerDuelAction, IntegerDuelEvent, IntegerDuelSummary>;
  readonly survivors: GameTypeSet<SurvivorsParams, SurvivorsAction, SurvivorsEvent, SurvivorsSummary>;
  readonly 'tic-tac-toe': GameTypeSet<TicTacToeParams, TicTacToeAction, TicTacToeEvent, TicTacToeSummary>;
  readonly 'coin-flip': GameTypeSet<CoinFlipParams, CoinFlipAction, CoinFlipEvent, CoinFlipSummary>;
}

/** A built-in game's id. */
export type GameId = keyof GameTypes;
/** The parameters of game `G`, every one with its default filled in. */
export type ParamsOf<G extends GameId> = GameTypes[G]['params'];
/** The decisions and chance outcomes of game `G`. */
export type ActionOf<G extends GameId> = GameTypes[G]['action'];
/** The events the rules of game `G` emit. */
export type EventOf<G extends GameId> = GameTypes[G]['event'];
/** What a run of game `G` reports under `results`. */
export type ResultsOf<G extends GameId> = GameTypes[G]['results'];
