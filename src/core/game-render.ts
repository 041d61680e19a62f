/**
 * How a game draws its board for `hordelab replay --html`: the optional `render` part of a
 * game's folder. The replay page plays the match once, asks the game for an SVG drawing of the
 * state after every step, and stores each distinct layer once, so a page of thousands of steps
 * stays small. Drawings are SVG fragments in a coordinate space of the game's choosing
 * (`size`); the page scales them to fit. A game without a render part gets a page that shows
 * its `describeState` text at each step instead.
 */
import type { GameEvent } from './game.js';

/** A game's board drawing. `S` state, `A` action, `E` events, as in its {@link GameDefinition}. */
export interface GameRender<S, A, E extends GameEvent = GameEvent> {
  /** The drawing's size in SVG user units (the `viewBox`), from the state at setup. */
  size(state: S): { readonly width: number; readonly height: number };
  /** What never changes during a match (terrain, the grid), as an SVG fragment drawn once. */
  board(state: S): string;
  /**
   * What the state shows now, as SVG fragments drawn over the board in order (say walls, then
   * figures, then a score panel). Layers are compared as text: splitting slow-changing parts
   * from fast-changing ones keeps the page small. Everything visible to a spectator who sees
   * every hand: the replay viewer sees it all.
   */
  layers(state: S): readonly string[];
  /** A chance outcome in words ("A = 5", "R = 37", "drew Pistol"), given the state before it. */
  chance?(before: S, action: A): string;
  /** A decision in words ("moves to (3, 4)", "casts negate on the +6"), given the state before it; default: its action key. */
  decision?(before: S, action: A): string;
  /** An event as one line for the event log; default: its type and fields. */
  event?(event: E): string;
  /** Whether an event is worth jumping to (a catch, a death, a scored round). */
  keyEvent?(event: E): boolean;
}

/** A render part with its type parameters erased, as a {@link GameModule} holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameRender = GameRender<any, any, any>;
