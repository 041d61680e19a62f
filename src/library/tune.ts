/**
 * `tune` as the library exports it: the search `hordelab tune` runs, its refusals naming the
 * function and the option the caller gave (`tune: options.budget`, `tune: options.targets[0]`)
 * where the command names its flags (`--budget`, `--target p1WinRate=0.5`). The library's
 * callers were told of flags they never typed (audit 41a F5).
 */
import { UsageError, type InputIssue } from '../core/errors.js';
import { checkArgument, SCENARIO } from '../core/library-options.js';
import type { Scenario } from '../scenario/scenario.js';
import { resolve } from 'node:path';
import { spaceFlag, type TuneOptions, type TuneResult } from '../tune/tune.js';
import { tuneInCheckedFolder } from '../tune/tune-folder.js';

/** The options a flag of `hordelab tune` stands for, where it names one option as a whole. */
const OPTION_OF_FLAG: Readonly<Record<string, string>> = {
  '--budget': 'budget',
  '--candidates': 'candidates',
  '--confirm': 'confirm',
  '--resume': 'resume',
  '--target': 'targets',
  '--space': 'space',
};

/**
 * The option of `options` a refusal's source stands for: a flag by its option, a single
 * `--target metric=value` or `--space name=...` by the entry it was read from (the whole list
 * where the source names several); null for a source that is no flag of tune's (a scenario file).
 */
function optionOf(source: string, options: TuneOptions): string | null {
  const whole = OPTION_OF_FLAG[source];
  if (whole !== undefined) return `options.${whole}`;
  if (source.startsWith('--target ')) {
    const at = options.targets.findIndex((target) => source === `--target ${target.metric}=${target.value}`);
    return at < 0 ? 'options.targets' : `options.targets[${at}]`;
  }
  if (source.startsWith('--space ')) {
    const at = options.space.findIndex((dimension) => source === spaceFlag(dimension));
    return at < 0 ? 'options.space' : `options.space[${at}]`;
  }
  return null;
}

/**
 * The flags a refusal's text may advise, each as the caller gives it here (review 41s F5: "give
 * at least 141, or 112 with --candidates 18 or fewer" named a flag the caller cannot pass).
 */
const ADVICE_OF_FLAG: readonly (readonly [RegExp, string])[] = [
  [/--candidates (\d+) or fewer/g, 'options.candidates: $1 or fewer'],
  [/fewer --candidates/g, 'a smaller options.candidates'],
  [/--(budget|candidates|confirm)\b/g, 'options.$1'],
  [/--force\b/g, 'force: true'],
  [/--resume\b/g, 'resume: true'],
];

/** `message` with the flags it advises named as the library's options. */
function libraryAdvice(message: string): string {
  return ADVICE_OF_FLAG.reduce((text, [flag, option]) => text.replace(flag, option), message);
}

/** `issue` as the library names it: its flag (and the field under it) replaced by tune's option, and so the flags its text advises. */
function libraryIssue(issue: InputIssue, options: TuneOptions): InputIssue {
  const option = optionOf(issue.source, options);
  const message = libraryAdvice(issue.message);
  return option === null ? { ...issue, message } : { source: 'tune', field: issue.field === '' ? option : `${option}: ${issue.field}`, message };
}

/**
 * Searches `options.space` for the setting of the scenario whose figures come nearest
 * `options.targets`, as `hordelab tune` does, writing its files into `options.outDir`. The folder
 * is checked as `hordelab tune` checks `--out`: without `options.force`, a file of tune's names
 * nothing shows hordelab wrote (a user's own tune.json), other files beside them, and a saved
 * search never finished (without `options.resume`) are refused; an earlier finished search's
 * files are replaced.
 * @throws UsageError naming `tune` and the option at fault (`tune: options.budget: 100 matches
 *   are too few ...`, `tune: options.outDir: ... holds tune.json ...`), or the scenario's file
 *   for a setting the scenario cannot take.
 */
export async function tune(scenario: Scenario, options: TuneOptions): Promise<TuneResult> {
  checkArgument('tune', 'scenario', scenario, SCENARIO);
  // The search's own refusal of an empty list says which flag to give.
  for (const [option, make] of [['targets', 'parseTarget("metric=value")'], ['space', 'parseDimension("name=low..high")']] as const) {
    const list = (options as Partial<TuneOptions> | null)?.[option];
    if (Array.isArray(list) && list.length === 0) throw new UsageError([{ source: 'tune', field: `options.${option}`, message: `is empty; expected at least one entry as ${make} makes it` }]);
  }
  try {
    // A refusal of the folder names the option and says force: true where the command names --out and --force (audit 41a F1).
    return await tuneInCheckedFolder(scenario, options, {
      scenarioPath: resolve(scenario.file),
      names: { outDir: 'tune: options.outDir', force: 'force: true', resume: 'resume: true' },
    });
  } catch (error) {
    if (!(error instanceof UsageError) || typeof options !== 'object' || options === null || !Array.isArray(options.targets) || !Array.isArray(options.space)) throw error;
    throw new UsageError(error.issues.map((issue) => libraryIssue(issue, options)));
  }
}
