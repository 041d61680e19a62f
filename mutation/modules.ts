/**
 * The modules under mutation testing, each with the test files that exercise it in-process.
 *
 * Why a list rather than "every test": a mutant in `src/` can only be killed by a test that
 * imports the source. Tests that spawn the compiled CLI run `dist/`, which Stryker never
 * mutates, and the conformance playouts would rerun for every mutant they touch (minutes each).
 * So each module is measured against its own rules or unit tests, as the issue asks, and its
 * score says how well those tests pin it down.
 *
 * To add a module: one entry here, then `npm run mutation -- --mutate <source>`.
 */

/** One module under mutation testing. */
export interface MutationModule {
  /** The source file mutated, relative to the repository root. */
  readonly source: string;
  /** The test files run against its mutants, relative to the repository root. */
  readonly tests: readonly string[];
  /** Said under the module's heading in the report: why this module, where the code it stands for went. */
  readonly note?: string;
}

/**
 * The Survivors rules tests: hand-built states and forced dice, in-process. The agent tests
 * (heuristic, planner) and the report test are left out: they test other code, and their
 * playouts would rerun for every mutant they happen to reach.
 */
const SURVIVORS_RULE_TESTS: readonly string[] = [
  'tests/survivors-rules.test.ts',
  'tests/survivors-rules-setup.test.ts',
  'tests/survivors-rules-items.test.ts',
  'tests/survivors-rules-zombies.test.ts',
  'tests/survivors-rules-edges.test.ts',
  'tests/survivors-rules-geometry.test.ts',
  'tests/survivors-rules-mut-a.test.ts',
  'tests/survivors-rules-mut-b.test.ts',
  'tests/survivors-rules-mut-c.test.ts',
  'tests/survivors-rules-chance.test.ts',
  'tests/survivors-rules-use.test.ts',
  'tests/survivors-paths-mut.test.ts',
];

/** Every configured module, in the order `npm run mutation` runs them and the report lists them. */
export const mutationModules: readonly MutationModule[] = [
  { source: 'src/games/zombie-trainers/rules.ts', tests: ['tests/zombie-trainers-rules.test.ts'] },
  {
    source: 'src/games/zombie-trainers/heuristic.ts',
    tests: ['tests/zombie-trainers-heuristic.test.ts', 'tests/agents.test.ts'],
    note: 'The static value term by term and the nearest-zombie distance in its own test; the pending catch and attack expectations in `agents.test.ts`, against expectimax over every chance outcome.',
  },
  { source: 'src/games/integer-duel/rules.ts', tests: ['tests/integer-duel-rules.test.ts'] },
  { source: 'src/core/match-runner.ts', tests: ['tests/match-runner.test.ts', 'tests/agent-guard.test.ts'] },
  {
    source: 'src/core/rng.ts',
    tests: ['tests/rng.test.ts'],
    note: 'Against the seeding tests, which compare every stream with the BigInt SplitMix64 reference kept in the test file.',
  },
  {
    source: 'src/core/read-only.ts',
    tests: ['tests/read-only.test.ts'],
    note: 'What an agent from a user\'s module is handed of the game and its parameters: read-only views and frozen copies.',
  },
  {
    source: 'src/quality/match-trace.ts',
    tests: ['tests/quality.test.ts'],
    note: 'What the game-quality figures hear of a match: decisions, turn starts, and the leader at each (read from the values, or from the heuristic\'s `leader`, checked against them once a match).',
  },
  {
    source: 'src/quality/quality-figures.ts',
    tests: ['tests/quality.test.ts'],
    note: "The game-quality figures every run reports, from scripted matches whose every figure is known by hand: first-mover advantage over the seats that act, lengths, leads, drama, and the chance share over the seatings where both agents held a seat that acts.",
  },
  {
    source: 'src/reports/outcomes.ts',
    tests: ['tests/outcomes.test.ts'],
    note: "Every game's wins, draws and losses per seat and per agent (an agent holding several seats judged by its best against the other agents' best), clustered by the run's independent unit.",
  },
  { source: 'src/stats/sprt.ts', tests: ['tests/sprt.test.ts'] },
  { source: 'src/stats/intervals.ts', tests: ['tests/histogram.test.ts'] },
  { source: 'src/stats/tests.ts', tests: ['tests/difference-tests.test.ts'] },
  { source: 'src/stats/ratings.ts', tests: ['tests/ratings.test.ts'] },
  { source: 'src/stats/clusters.ts', tests: ['tests/clusters.test.ts'] },
  { source: 'src/stats/rate-interval.ts', tests: ['tests/rate-interval.test.ts'] },
  {
    source: 'src/reports/format.ts',
    tests: ['tests/rate-interval.test.ts', 'tests/format-mean.test.ts'],
    note: 'How every text, table and page writes a rate, a mean and their intervals: halves to the even digit, a rate short of all or none never as 0% or 100%, bounds never rounded onto the rate, columns by the width a terminal gives.',
  },
  {
    source: 'src/ladder/headlines.ts',
    tests: ['tests/ladder-verdicts.test.ts'],
    note: "A ladder's verdicts: each level's figure against its reference or band, every two levels compared (Bonferroni), the fair share over the seats that act.",
  },
  { source: 'src/stats/distributions.ts', tests: ['tests/distributions.test.ts'] },
  { source: 'src/stats/chi-squared.ts', tests: ['tests/chi-squared.test.ts'] },
  { source: 'src/stats/plan.ts', tests: ['tests/plan.test.ts'] },
  { source: 'src/stats/paired-difference.ts', tests: ['tests/paired-difference.test.ts'] },
  { source: 'src/stats/repeated-interval.ts', tests: ['tests/repeated-interval.test.ts'] },
  {
    source: 'src/core/watchdog.ts',
    tests: ['tests/watchdog.test.ts'],
    note: 'What stops a game or agent call that never returns in `conform` and `replay`, and tells that stop from an error the call threw.',
  },
  {
    source: 'src/tune/paired-chunk.ts',
    tests: ['tests/paired-player.test.ts'],
    note: "A sweep's per-match contributions. Its thread tests (0, 1 and 2 threads, a dying thread, a hung match) are skipped in Stryker's sandbox, which has no compiled worker; the in-thread ones check each match's counts against its own row.",
  },
  {
    source: 'src/run/journal.ts',
    tests: ['tests/journal.test.ts'],
    note:
      'Checkpointing and resume (issue 20 names `src/run/run-scenario.ts`): since the run was split into ' +
      'journal, scheduler and pool, the checkpoint, the cut-back on resume and publishing live here; ' +
      '`run-scenario.ts` only wires the parts together and is not configured.',
  },
  { source: 'src/run/merge.ts', tests: ['tests/merge.test.ts'] },
  {
    source: 'src/present/output-folder.ts',
    tests: ['tests/output-folder-rules.test.ts'],
    note: "What keeps report, sweep, tune, ladder, cards and check's baselines from replacing files hordelab did not write: each rule on folders built file by file (the same rules through the command line are in output-folder.test.ts and ladder-folder.test.ts, which need the build).",
  },
  {
    source: 'src/present/own-files.ts',
    tests: ['tests/own-files.test.ts', 'tests/output-folder-rules.test.ts'],
    note: "How the single files a user names (compare --out, replay --html, check --junit and --markdown) are known as Hordelab's again, and found changed since by the digest their mark records (audit 41b F1, review 41s F4).",
  },
  {
    source: 'src/core/game-params.ts',
    tests: ['tests/game-params.test.ts', 'tests/safe-keys.test.ts'],
    note: 'The parameters a game is handed: the frozen ones for Hordelab\'s own games, a fresh copy each match for any other (review 29a, 29c, 29d).',
  },
  {
    source: 'src/core/tagged-data.ts',
    tests: ['tests/tagged-data.test.ts', 'tests/safe-keys.test.ts'],
    note: 'Values JSON would write alike (-0 and 0, NaN and null, a Map and {}) told apart: in a run\'s key, in summary.json, and in the canary\'s comparison of what match 0 recorded.',
  },
  {
    source: 'src/core/strict-yaml.ts',
    tests: ['tests/strict-yaml.test.ts'],
    note: 'How every scenario, checks file and --set value is read: one document, plain keys, each field once, whole numbers and dates read as written or refused.',
  },
  {
    source: 'src/core/settings-text.ts',
    tests: ['tests/settings-text.test.ts'],
    note: 'Two seats under one name, two ladder levels, a validateConfig asked twice: settings compared as the agent is handed them.',
  },
  {
    source: 'src/core/read-back.ts',
    tests: ['tests/read-back.test.ts'],
    note: "Whether a ladder's level file or a tuned scenario reads back as what was played: kinds, prototypes, holes and missing fields told apart, each difference named by its path.",
  },
  {
    source: 'src/core/written-keys.ts',
    tests: ['tests/written-keys.test.ts'],
    note: "What a game module's default may hold so that a scenario file can write it: Map keys and Set members a file reads back apart, no part holding itself, no key reaching a prototype, no getter read anew by each copy.",
  },
  {
    source: 'src/conform/state-inspection.ts',
    tests: ['tests/state-inspection.test.ts'],
    note: "How conform compares a game's states without knowing their shape: the snapshot equality reads (checked against its first definition on random values), where two states first differ, and what a copy shares with its original.",
  },
  {
    source: 'src/run/determinism-canary.ts',
    tests: ['tests/determinism-canary.test.ts'],
    note: 'Match 0 played again before a run of a module, compared whole: a module keeping state from call to call is stopped before its results depend on worker count.',
  },
  {
    source: 'src/run/scheduler.ts',
    tests: ['tests/scheduler.test.ts'],
    note: 'Chunks handed out in match order and taken back in it, and their sizes (from each chunk\'s own play time).',
  },
  {
    source: 'src/scenario/module-digest.ts',
    tests: ['tests/module-digest.test.ts'],
    note: 'The digest of a game or agent module and the files it imports: what makes a module edited between shards or before a resume another game.',
  },
  {
    source: 'src/run/csv-bytes.ts',
    tests: ['tests/csv-bytes.test.ts'],
    note: "Writes matches.csv rows as bytes; against its tests, which compare every byte with csv.ts's text for the same cells.",
  },
  {
    source: 'src/tune/evaluate.ts',
    tests: ['tests/tune-evaluate.test.ts'],
    note:
      'What sweep and tune share: configurations on common seeds, metric names checked before any match, joint and card names, ' +
      'repeated values. Against its own unit tests: `tests/tune.test.ts` plays whole searches for every mutant it reaches.',
  },
  {
    source: 'src/tune/joint-names.ts',
    tests: ['tests/tune-evaluate.test.ts'],
    note: "How a joint --vary or --space name splits into the settings it varies together; moved out of evaluate.ts so the command line's flag reader loads nothing heavy.",
  },
  {
    source: 'src/games/survivors/rules.ts',
    tests: SURVIVORS_RULE_TESTS,
    note:
      'The rule files only: the agent tests (heuristic, planner), the report test and the conformance playouts test other ' +
      'code or replay whole matches for every mutant. Rule code also lives in `geometry.ts` (adjacency, range, line of ' +
      'sight, a zombie step\'s cost) and `paths.ts` (the path distances of rule 58), configured below against the same tests.',
  },
  { source: 'src/games/survivors/geometry.ts', tests: SURVIVORS_RULE_TESTS },
  {
    source: 'src/games/survivors/paths.ts',
    tests: SURVIVORS_RULE_TESTS,
    note:
      'Against the rule tests, which reach the path distances through rule 58, and `tests/survivors-paths-mut.test.ts` ' +
      '(distances worked by hand from rules 54, 56 and 58, and the memo). `tests/survivors-paths.test.ts` (random ' +
      'playouts checking the memo against fresh fields) is left out: instrumented for coverage it ran past the 60 s test ' +
      'timeout in the initial run.',
  },
];

/** Mutation score of covered code each module must reach (issue 20). */
export const TARGET_COVERED_SCORE = 90;

/**
 * Where a module's results live: Stryker's incremental file, which is also the full mutation
 * report (one JSON per module, committed, so a later run re-tests only what changed).
 */
export function resultFile(module: MutationModule): string {
  const slug = module.source.replace(/^src\//, '').replace(/\.ts$/, '').replace(/[^a-zA-Z0-9]+/g, '-');
  return `mutation/results/${slug}.json`;
}
