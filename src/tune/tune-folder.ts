/**
 * A search run with the protection of its folder: what `hordelab tune` and the library's `tune`
 * both do, so the two cannot drift apart. The library searched without it, replacing a user's
 * own tune.json or `<name>-tuned.yaml`, and a saved search never finished, which the command
 * refused (audit 41a F1, found again for tune by fix helper k).
 */
import { UsageError } from '../core/errors.js';
import { checkOutputFolder } from '../present/output-folder.js';
import { whileHoldingFolder } from '../run/output-folder.js';
import type { Scenario } from '../scenario/scenario.js';
import { checkTuneOptions, isTuneFile, resumeTemporaryProblem, savedSearchProblem, tune, type TuneOptions, type TuneResult } from './tune.js';

/** How a refusal names the caller's inputs: `--out`, `--force`, `--resume` on the command line. */
export interface TuneFolderNames {
  readonly outDir: string;
  readonly force: string;
  readonly resume: string;
}

/** Where the search writes, what it reads, and how a refusal names them. */
export interface TuneFolderRequest {
  /** The scenario's file as the caller resolved it: refused where it lies in the folder under a name tune writes. */
  readonly scenarioPath: string;
  readonly names: TuneFolderNames;
  /**
   * Wraps the search once the folder is checked and held (the command's progress line, started
   * only then, so that a refused folder draws none): the search itself when not given.
   */
  readonly around?: (search: () => Promise<TuneResult>) => Promise<TuneResult>;
}

/**
 * Runs the search of {@link tune} into `options.outDir` after checking, under the folder's lock,
 * that the folder may receive its files (see {@link checkOutputFolder}): without `options.force`,
 * a file of tune's names nothing shows hordelab wrote (a user's own tune.json), other files
 * beside them, and a saved search never finished (without `options.resume`) are refused.
 * @throws UsageError naming `request.names.outDir` for a folder that cannot receive the search,
 *   or as {@link tune} throws.
 */
export async function tuneInCheckedFolder(scenario: Scenario, options: TuneOptions, request: TuneFolderRequest): Promise<TuneResult> {
  // The options first: the folder is read from them.
  checkTuneOptions(options);
  const { outDir } = options;
  const { names } = request;
  const resume = options.resume === true;
  const force = options.force === true;
  // A resume names the saved state as this tune's own (it is checked field by field, and a
  // search saved before folders were marked has no mark); every other file of tune's names is
  // checked as for a fresh search: a user's <name>-tuned.yaml beside a saved search had been
  // replaced by the resume, exit 0 (audit 36b). So is the working file a save is written through,
  // when it can be one (a search killed as it saved a round leaves it): it was refused as a file
  // tune did not write, and with force a user's file of that name was replaced.
  const resumed = (name: string): boolean => resume && (name === 'tune-state.json' || name === 'tune-state.json.tmp');
  const refuse = (message: string): UsageError => new UsageError([{ source: names.outDir, field: '', message }]);
  const checkOut = (): void => {
    const temporary = resume ? resumeTemporaryProblem(outDir) : null;
    if (temporary !== null) throw refuse(temporary);
    checkOutputFolder(outDir, {
      flag: names.outDir,
      command: 'tune',
      ours: (name) => isTuneFile(name, scenario.name) || resumed(name),
      force,
      forceName: names.force,
      writes: (name: string) => !resumed(name),
      inputs: [{ path: request.scenarioPath, what: 'the scenario' }],
    });
    // A search saved but never finished is the user's matches: starting again over it, without a
    // word, threw them away (a finished result beside it, from an earlier search, does not finish it).
    const saved = resume || force ? null : savedSearchProblem(outDir);
    if (saved === 'unfinished') throw refuse(`${outDir} holds an unfinished search (tune-state.json); add ${names.resume} to continue it, or ${names.force} to start again`);
    if (saved === 'edited') throw refuse(`${outDir} holds a saved search (tune-state.json) that is damaged or was edited (not the JSON tune saves, or content that no longer matches the digest it was saved with); add ${names.force} to start again`);
  };
  const search = (): Promise<TuneResult> => tune(scenario, options);
  return whileHoldingFolder(outDir, names.outDir, checkOut, () => (request.around === undefined ? search() : request.around(search)));
}
