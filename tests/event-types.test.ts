/**
 * Reports and figure units that say which event types they read (`eventTypes`): a run hands them
 * only those (most of a Zombie Trainers match's events are moves and turn ends, for replays), and
 * what they compute must be exactly what they compute when handed every event.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hears, type EventSink, type GameEvent } from '../src/core/game.js';
import { playMatch } from '../src/core/match-runner.js';
import { formatSeed } from '../src/core/rng.js';
import { games } from '../src/registry.js';
import { withCustomMetrics, type MetricModule } from '../src/reports/custom-metrics.js';
import { collectorSink, eventTypesOfAll, type AnyGameReport, type MatchCollector, type MatchRows } from '../src/reports/report.js';
import { gameModuleFromExport } from '../src/scenario/game-module-loader.js';
import { parseScenario } from '../src/scenario/scenario.js';

const recorder = (): MatchCollector<GameEvent, unknown> & { heard: string[] } => {
  const heard: string[] = [];
  return { heard, onEvent: (event) => void heard.push(event.type), finishMatch: () => ({ matchRow: [], eventRows: [] }), discardMatch: () => undefined };
};

describe('collectorSink', () => {
  it('hands every event to a report that does not say which it reads, and only the named types to one that does', () => {
    const events: GameEvent[] = ['move', 'catch', 'turnEnd', 'spawn', 'catch'].map((type) => ({ type }));
    const all = recorder();
    const some = recorder();
    const none = recorder();
    const sinks = [collectorSink({}, all), collectorSink({ eventTypes: ['catch', 'spawn'] }, some), collectorSink({ eventTypes: [] }, none)];
    for (const event of events) for (const sink of sinks) sink(event);
    expect(all.heard).toEqual(['move', 'catch', 'turnEnd', 'spawn', 'catch']);
    expect(some.heard).toEqual(['catch', 'spawn', 'catch']);
    expect(none.heard).toEqual([]);
  });

  it('a report wrapping others reads what any of them reads, or every event when one of them reads every event', () => {
    expect(eventTypesOfAll([['spawn', 'catch'], ['attack', 'catch'], []])).toEqual(['attack', 'catch', 'spawn']);
    expect(eventTypesOfAll([['spawn'], undefined])).toBeUndefined();
    expect(eventTypesOfAll([undefined, ['spawn']])).toBeUndefined();
    expect(eventTypesOfAll([])).toEqual([]);
  });

  it('custom metric modules: a module that does not say makes the wrapped report read every event', () => {
    const report = { ...(games.get('zombie-trainers')?.report as AnyGameReport) };
    const module = (eventTypes?: readonly string[]): MetricModule => ({ name: 'm', description: '', games: null, path: 'm.mjs', ...(eventTypes === undefined ? {} : { eventTypes }), create: () => ({ onEvent: () => undefined, finishMatch: () => ({}) }) });
    expect(withCustomMetrics(report, [module(['move'])]).eventTypes).toEqual(['attack', 'catch', 'matchEnd', 'move', 'spawn']);
    expect(withCustomMetrics(report, [module(['move']), module()]).eventTypes).toBeUndefined();
    const { eventTypes: _, ...readsAll } = report;
    expect(withCustomMetrics(readsAll as AnyGameReport, [module(['move'])]).eventTypes).toBeUndefined();
  });
});

/**
 * Plays `matches` random matches of a scenario of `gameId`, handing its report's collector the
 * events a run hands it and a second collector every event: their rows and summaries must agree.
 */
async function filteredAgainstAll(gameId: string, matches: number): Promise<{ handed: number; emitted: number; declared: readonly string[] | undefined }> {
  const seats = (games.get(gameId)?.game.seats ?? []).map(() => 'random').join(', ');
  const scenario = await parseScenario(`game: ${gameId}\nmatches: ${matches}\nseed: 7\nseats: [${seats}]\n`, `${gameId}.yaml`);
  const { game, report } = scenario.entry;
  const filtered = report.createCollector({ eventRows: true }) as MatchCollector<GameEvent, unknown>;
  const everything = report.createCollector({ eventRows: true }) as MatchCollector<GameEvent, unknown>;
  const filteredSink = collectorSink(report, filtered);
  let emitted = 0;
  let handed = 0;
  const counting = recorder();
  const countingSink = collectorSink(report, counting);
  const sink = (event: GameEvent): void => {
    emitted++;
    filteredSink(event);
    everything.onEvent(event);
    countingSink(event);
  };
  const aggregates = [report.emptyAggregate(), report.emptyAggregate()];
  for (let matchIndex = 0; matchIndex < matches; matchIndex++) {
    const onDecision = (seat: number, legal: number, state: unknown): void => {
      filtered.onDecision?.(seat, legal, state);
      everything.onDecision?.(seat, legal, state);
    };
    const outcome = playMatch({ game, params: scenario.params, seats: scenario.seats, runSeed: scenario.seed, matchIndex, onDecision }, sink);
    const context = { matchIndex, seed: formatSeed(outcome.seed), cluster: matchIndex, clusterSize: 1, agents: scenario.seats.map((seat) => seat.name), returns: outcome.returns, finalState: outcome.finalState };
    const rows: MatchRows[] = [filtered.finishMatch(context, aggregates[0]), everything.finishMatch(context, aggregates[1])];
    expect(rows[0], `${gameId} match ${matchIndex}`).toEqual(rows[1]);
  }
  handed = counting.heard.length;
  expect(report.summarize(aggregates[0], 0.95), gameId).toEqual(report.summarize(aggregates[1], 0.95));
  return { handed, emitted, declared: report.eventTypes };
}

describe('the event types a run hands a report', () => {
  it('Zombie Trainers: its report and figures, handed only the types they name, give the same rows and summary as with every event', async () => {
    const { handed, emitted, declared } = await filteredAgainstAll('zombie-trainers', 120);
    expect(declared).toEqual(['attack', 'catch', 'matchEnd', 'spawn']);
    // Not a vacuous comparison: most events are left out, and some of each read kind are in.
    expect(handed).toBeGreaterThan(120 * 20);
    expect(handed).toBeLessThan(emitted / 10);
  });

  it('every other registered game gives the same rows and summary as with every event', async () => {
    for (const id of games.keys()) {
      if (id === 'zombie-trainers' || id === 'survivors') continue;
      const { handed, emitted, declared } = await filteredAgainstAll(id, 40);
      if (declared === undefined) expect(handed, id).toBe(emitted);
    }
    // Survivors' random matches are long: a few.
    await filteredAgainstAll('survivors', 3);
  });
});

describe('rules that skip events no sink takes (hears)', () => {
  it('hears: no sink hears nothing, a sink without types hears every type, a sink with types only those', () => {
    const plain: EventSink<GameEvent> = () => undefined;
    const typed: EventSink<GameEvent> = Object.assign(() => undefined, { types: new Set(['catch']) });
    expect([hears(null, 'catch'), hears(plain, 'move'), hears(typed, 'catch'), hears(typed, 'move')]).toEqual([false, true, true, false]);
    const report = recorder();
    expect(hears(collectorSink({ eventTypes: ['spawn'] }, report), 'spawn')).toBe(true);
    expect(hears(collectorSink({ eventTypes: ['spawn'] }, report), 'move')).toBe(false);
    expect(hears(collectorSink({}, report), 'move')).toBe(true);
  });

  it('Zombie Trainers builds no move or turn-end event for a sink that does not take them, and plays the same matches', async () => {
    const scenario = await parseScenario('game: zombie-trainers\nmatches: 30\nseed: 5\nseats: [random, random]\n', 'zt.yaml');
    const { game, report } = scenario.entry;
    const types = new Set(report.eventTypes);
    for (let matchIndex = 0; matchIndex < 30; matchIndex++) {
      const every: string[] = [];
      const some: string[] = [];
      const spec = { game, params: scenario.params, seats: scenario.seats, runSeed: scenario.seed, matchIndex };
      const played = playMatch(spec, (event) => void every.push(event.type));
      const skipped = playMatch(spec, Object.assign((event: GameEvent) => void some.push(event.type), { types }));
      expect(skipped.returns).toEqual(played.returns);
      expect(skipped.steps).toBe(played.steps);
      expect(some).toEqual(every.filter((type) => types.has(type)));
      expect(every.filter((type) => type === 'move' || type === 'turnEnd').length).toBeGreaterThan(0);
    }
  });
});

describe('eventTypes in a game module', () => {
  const firstSix = pathToFileURL(resolve('tests/fixtures/game-modules/first-six.mjs')).href;

  it('refuses a report or figure unit whose eventTypes is not a list of type names, naming it; takes a list', async () => {
    const game = (await import(firstSix)).default;
    const unit = { name: 'sixes', create: () => ({ onEvent: () => undefined, finishMatch: () => ({}) }) };
    expect(gameModuleFromExport({ game, figures: [{ ...unit, eventTypes: 'roll' }] })).toEqual({ problem: 'exports a game module whose figures [0] ("sixes"): eventTypes is a string; expected a list of event type names (leave it out to hear every event)' });
    expect(gameModuleFromExport({ game, figures: [{ ...unit, eventTypes: ['roll', 3] }] })).toEqual({ problem: 'exports a game module whose figures [0] ("sixes"): eventTypes[1] is 3; expected an event type name' });
    // Set on the definition itself, a module's parts would be read by nothing: refused, naming them.
    expect(gameModuleFromExport({ ...game, figures: [unit] })).toEqual({ problem: 'exports a game definition with figures on it, which a definition does not read; expected them beside it: export default { game, figures }' });
    expect(gameModuleFromExport({ ...game, defaultMetric: 'x', headlines: [{ path: 'x', label: 'X' }] })).toEqual({ problem: 'exports a game definition with defaultMetric, headlines on it, which a definition does not read; expected them beside it: export default { game, defaultMetric, headlines }' });
    expect('module' in gameModuleFromExport({ ...game, figures: undefined })).toBe(true);
    // Set on a module's game, or misspelt beside it (review 30c): refused, naming them.
    expect(gameModuleFromExport({ game: { ...game, figures: [unit] } })).toEqual({ problem: "exports a game module whose game carries figures, which only the module's top level is read for; expected them beside the game: export default { game, figures }" });
    // Parts in their part's shape, on a definition or misspelt beside the game, are refused (review 30e).
    expect(gameModuleFromExport({ ...game, charts: () => [], lengthCap: () => null })).toEqual({ problem: 'exports a game definition with charts, lengthCap on it, which a definition does not read; expected them beside it: export default { game, charts, lengthCap }' });
    expect(gameModuleFromExport({ game: { ...game, decks: [{ path: 'decks.a', seat: 0 }], render: { board: () => '', size: () => ({ width: 1, height: 1 }) } } })).toEqual({ problem: "exports a game module whose game carries decks, render, which only the module's top level is read for; expected them beside the game: export default { game, decks, render }" });
    expect(gameModuleFromExport({ game, figure: [unit] })).toEqual({ problem: 'exports a game module with "figure", which is not the name of a part of a game module; did you mean figures?' });
    expect(gameModuleFromExport({ game, deck: [{ path: 'decks.a', seat: 0 }] })).toEqual({ problem: 'exports a game module with "deck", which is not the name of a part of a game module; did you mean decks?' });
    // One malformed entry does not hide a misplaced list of figure units (review 30f).
    expect(gameModuleFromExport({ ...game, figures: [unit, { name: 'other' }] })).toEqual({ problem: 'exports a game definition with figures on it, which a definition does not read; expected them beside it: export default { game, figures }' });
    // A game's own names that a module part shares, in another shape, and a module's own keys, are left alone (review 30d).
    expect('module' in gameModuleFromExport({ game: { ...game, decks: [1], charts: 2, render: 3, figures: [{ name: 'pawn' }] } })).toBe(true);
    expect('module' in gameModuleFromExport({ ...game, decks: [['+1', 4]], headlines: 'none', report: 'weekly' })).toBe(true);
    expect('module' in gameModuleFromExport({ game, cards: [1], docs: 'x', version: '1.0', figure: 'a drawing' })).toBe(true);
    // Functions and objects of a module's own, near a part's name, are its own (review 30f).
    expect('module' in gameModuleFromExport({ game, cards: () => [], parts: () => 1, length: () => 2, renderer: { board: () => '' }, header: { board: () => '' }, figureUnits: [unit] })).toBe(true);
    // One letter off any part, in its shape, is that part misspelt (review 30g).
    expect(gameModuleFromExport({ game, chart: () => [] })).toEqual({ problem: 'exports a game module with "chart", which is not the name of a part of a game module; did you mean charts?' });
    expect(gameModuleFromExport({ game, defaultMetrc: 'drawRate' })).toEqual({ problem: 'exports a game module with "defaultMetrc", which is not the name of a part of a game module; did you mean defaultMetric?' });
    // A board drawing without its size is refused at load, not when a replay page is drawn.
    expect(gameModuleFromExport({ game, render: { board: () => '' } })).toEqual({ problem: 'exports a game module whose render is not an object with board(state) and size(state) functions' });
    // Decks for `hordelab cards`: seats 0-based as the game's, each path once (audit 37a: the
    // module's convention was written nowhere, and a seat past the last studied no one's).
    const seats = (game.seats as string[]).map((name: string, i: number) => `${i} ${name}`).join(', ');
    expect(gameModuleFromExport({ game, decks: [{ path: 'deck', seat: game.seats.length }] })).toEqual({ problem: `exports a game module whose decks [0] ("deck") has seat ${game.seats.length}; expected a seat 0..${game.seats.length - 1}, 0-based as the game's seats are (${seats})` });
    expect(gameModuleFromExport({ game, decks: [{ path: 'deck', seat: 0 }, { path: 'other', seat: 0.5 }] })).toEqual({ problem: `exports a game module whose decks [1] ("other") has seat 0.5; expected a seat 0..${game.seats.length - 1}, 0-based as the game's seats are (${seats})` });
    expect(gameModuleFromExport({ game, decks: [{ path: 'deck', seat: 0 }, { path: 'deck', seat: 1 }] })).toEqual({ problem: 'exports a game module whose decks [1] gives "deck" again; give each deck once' });
    expect(gameModuleFromExport({ game, decks: [{ path: '', seat: 0 }] })).toEqual({ problem: 'exports a game module whose decks [0] has path ""; expected the parameter path of a deck, such as "decks.plants"' });
    expect(gameModuleFromExport({ game, decks: { path: 'deck', seat: 0 } })).toMatchObject({ problem: expect.stringMatching(/^exports a game module whose decks are .*; expected a list of \{ path, seat \}, seat 0-based \(0 is /) });
    expect(gameModuleFromExport({ game, decks: [{ path: 'deck', seat: 0 }, { path: 'other', seat: game.seats.length - 1 }] })).toHaveProperty('module');
    const taken = gameModuleFromExport({ game, figures: [{ ...unit, eventTypes: ['roll'] }] });
    expect('module' in taken && taken.module.figures?.[0]?.eventTypes).toEqual(['roll']);
    const report = { ...(games.get('coin-flip')?.report as AnyGameReport) };
    expect(gameModuleFromExport({ game, report: { ...report, eventTypes: {} }, defaultMetric: 'p1WinRate' })).toEqual({ problem: 'exports a game module that has a report whose eventTypes is an object; expected a list of event type names (leave it out to hear every event)' });
    expect(gameModuleFromExport({ game, report: { ...report, eventTypes: [''] }, defaultMetric: 'p1WinRate' })).toEqual({ problem: 'exports a game module that has a report whose eventTypes[0] is ""; expected an event type name' });
    expect(gameModuleFromExport({ game, report: { ...report, eventTypes: ['roll'] }, defaultMetric: 'p1WinRate' })).toHaveProperty('module');
  });
});
