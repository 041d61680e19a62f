/**
 * Hordelab as a library: the contracts, the registry, the built-in games and agents, scenarios
 * and runs. The command line (`hordelab`) is built on exactly these.
 */
export type { Agent, AgentContext, AgentFactory, Decision } from './core/agent.js';
export { CHANCE, TERMINAL, hears, type AnyGame, type ChanceOutcome, type EventSink, type GameDefinition, type GameEvent } from './core/game.js';
export { MatchFailure, playMatch, type MatchOutcome, type MatchSpec, type SeatSpec } from './core/match-runner.js';
export { defaultParameters, parseParameters, type ParameterSpec, type ParameterSpecs, type TunableRange } from './core/parameters.js';
export { Rng, formatSeed, matchSeed, matchStream, parseSeed, seedFromInteger, type Seed64 } from './core/rng.js';
export { UsageError, type InputIssue } from './core/errors.js';
export { agents, games, type RegisteredGame } from './registry.js';
export type { GameModule, GameModuleSource, GameHeadline } from './core/game-module.js';
// What a game module's author needs: parameters without zod, the report contract, conformance.
export { param } from './core/param.js';
export type { ParameterIssue } from './core/parameters.js';
export type { CsvValue, EventTable, GameReport, MatchCollector, MatchContext, MatchRows, AnyGameReport } from './reports/report.js';
export type { HistogramCap } from './present/chart-kit.js';
export type { RunSummary } from './present/metrics.js';
export { MatchFigures, emptyTally, mergeTally, recordMatch, settledFigures, type Tally } from './stats/clusters.js';
export { genericReport, type GenericSummary } from './reports/generic-report.js';
export { gameModuleFromExport, loadGameModule } from './scenario/game-module-loader.js';
export { checkConformance, CONFORMANCE_PROPERTIES, type ConformanceOptions, type ConformanceProblem, type ConformanceProperty, type ConformanceReport, type PropertyResult } from './conform/conformance.js';
export { formatConformance } from './conform/conformance-text.js';
export { loadScenario, parseScenario, type Scenario, type ScenarioOverrides } from './scenario/scenario.js';
export { runScenario, type RunOptions, type RunResult, type SummaryDocument } from './run/run-scenario.js';
// What runScenario({ resume: true }) throws when all that was left was a publish it then finished: a success, not a failure.
export { PublishFinished } from './run/output-folder.js';
export { mergeRuns } from './library/merge-runs.js';
export { replayMatch } from './run/replay.js';
export { rateInterval, DEFAULT_CONFIDENCE, type RateEstimate } from './stats/rate-interval.js';
export { clusteredMean, clusteredRate, type ClusterSums, type MeanEstimate } from './stats/clusters.js';
export { normalQuantile, studentTQuantile } from './stats/distributions.js';
export { zombieTrainers, placeWildZombie } from './games/zombie-trainers/index.js';
export { integerDuel } from './games/integer-duel/index.js';
export { ticTacToe } from './games/tic-tac-toe/index.js';
export { randomAgent } from '../agents/random.js';
export { greedyAgent } from '../agents/greedy.js';
export { mctsAgent } from '../agents/mcts.js';
export { parseDimension, parseTarget, type SpaceDimension, type Target, type TuneOptions, type TuneResult } from './tune/tune.js';
export { runSweep, parseAxis, type SweepAxis, type SweepResult } from './tune/sweep.js';
export { runChecks, type CheckResult } from './check/run-checks.js';
export { loadCheckFile, type CheckSpec } from './check/check-file.js';
export { writeReports, type WriteReportsOptions } from './library/write-reports.js';
export { tune } from './library/tune.js';
export { compareRuns } from './library/compare-runs.js';
export { survivors } from './games/survivors/index.js';
export { coinFlip } from './games/coin-flip/index.js';

// The typed library: a scenario object in, a summary typed for its game out.
export { run, scenarioFromObject, type AgentObject, type GameModulePath, type LibraryRunOptions, type LibraryRunResult, type ScenarioObject, type SeatObject } from './library/run.js';
export type { ActionOf, EventOf, GameId, GameTypes, GameTypeSet, ParamsOf, ResultsOf } from './library/game-types.js';
export type { DifferenceEstimate } from './games/integer-duel/report.js';
export type { OutcomeRates, OutcomeSummary } from './reports/outcomes.js';
export type { QualitySummary } from './quality/quality-figures.js';
export type { GameRender, AnyGameRender } from './core/game-render.js';
export type { ChartSpec } from './present/chart-kit.js';
// Each game's parameters, actions, events and results.
export type { ZombieTrainersParams, ZombieTrainersAction, ZombieTrainersEvent, ZombieTrainersState } from './games/zombie-trainers/index.js';
export type { ZombieTrainersSummary as ZombieTrainersResults } from './games/zombie-trainers/report.js';
export type { IntegerDuelParams, IntegerDuelAction, IntegerDuelEvent, IntegerDuelObservation, IntegerDuelState } from './games/integer-duel/index.js';
export type { IntegerDuelSummary as IntegerDuelResults } from './games/integer-duel/report.js';
export type { SurvivorsParams, SurvivorsAction, SurvivorsEvent, SurvivorsState } from './games/survivors/index.js';
export type { SurvivorsSummary as SurvivorsResults } from './games/survivors/report.js';
export type { TicTacToeParams, TicTacToeAction, TicTacToeEvent, TicTacToeState } from './games/tic-tac-toe/index.js';
export type { TicTacToeSummary as TicTacToeResults } from './games/tic-tac-toe/report.js';
export type { CoinFlipParams, CoinFlipAction, CoinFlipEvent, CoinFlipState } from './games/coin-flip/index.js';
export type { CoinFlipSummary as CoinFlipResults } from './games/coin-flip/report.js';
