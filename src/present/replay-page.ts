/**
 * `hordelab replay <scenario> --match K --html FILE`: one match as a page to watch. The match is
 * played once here (the very match the run played: the same plan and seeds as `hordelab run`),
 * and the game's `render` part draws the state after every step as SVG layers; each distinct
 * layer is stored once, so thousands of steps make a page of a few megabytes at most. The page
 * is one file with no network access: inline CSS, the drawings, and a short inline script for
 * the step, play and jump-to-event controls. The event log sits beside the board, and chance
 * outcomes (dice, cards) are shown as they happen. A game without a render part is shown as
 * its `describeState` text at each step.
 */
import { counted } from '../core/counted.js';
import { isEngineEvent } from '../reports/generic-report.js';
import { CHANCE, type GameEvent } from '../core/game.js';
import type { AnyGameRender } from '../core/game-render.js';
import { MatchFailure, playMatch } from '../core/match-runner.js';
import { formatSeed, matchSeed } from '../core/rng.js';
import { withinTimeout } from '../core/watchdog.js';
import { UsageError } from '../core/errors.js';
import { matchPlan } from '../run/play-chunk.js';
import type { Scenario } from '../scenario/scenario.js';
import { escapeHtml } from './page-kit.js';
import { generatorMeta, PAGE_DIGEST_META } from './own-files.js';
import { paramsFor } from '../core/game-params.js';

/** One event of a step as the log shows it. */
export interface ReplayEvent {
  readonly text: string;
  /** Worth jumping to (the game's `keyEvent`; every event when the game does not say). */
  readonly key: boolean;
}

/** The state after one step, and what the step was. Step 0 is the state at setup. */
export interface ReplayStep {
  /** Who acted: a seat's name, "chance", or "setup" for step 0. */
  readonly who: string;
  /** What was done: the action's key, or for chance the outcome in words. */
  readonly action: string;
  readonly chance: boolean;
  readonly events: readonly ReplayEvent[];
  /** The game's one-line description of the state after the step. */
  readonly description: string;
  /** Indices into {@link Replay.layers} of the drawing's layers, in order. */
  readonly layers: readonly number[];
}

/** A match recorded for the page. */
export interface Replay {
  readonly game: string;
  readonly title: string;
  readonly scenario: string;
  readonly matchIndex: number;
  readonly runSeed: number;
  readonly matchSeed: string;
  readonly seats: readonly string[];
  /** The drawing's size and its never-changing part; null for a game without a render part. */
  readonly board: { readonly width: number; readonly height: number; readonly svg: string } | null;
  /** Every distinct layer text, in order of first use. */
  readonly layers: readonly string[];
  readonly steps: readonly ReplayStep[];
  /** Each seat's return; empty for a match that did not end ({@link Replay.failure}). */
  readonly returns: readonly number[];
  /** Why the match did not end, where it did not: the page then shows its steps up to there. */
  readonly failure: ReplayFailure | null;
}

/**
 * A match that failed or was stopped part-way. Its `step` counts as "failed at step N" does: the
 * page's last step, N, is the state that step was played from (audit 39a F5: no page was written
 * for a failing match, though the README sends a reader to `#step=N` for it).
 */
export interface ReplayFailure {
  readonly step: number;
  /** The failure as the command reports it ("failed at step 3: ..."), or the time limit met. */
  readonly message: string;
  /** The match ran past its time limit and was stopped (`--match-timeout`), rather than threw. */
  readonly timedOut: boolean;
  /** What playing it threw (a MatchFailure), for the command to report as it does for the text replay; undefined when stopped. */
  readonly error: unknown;
}

/** An event as one line: the game's wording, or its type and fields. */
function eventText(event: GameEvent, render: AnyGameRender | undefined): string {
  const worded = render?.event?.(event);
  if (worded !== undefined) return worded;
  const { type, ...fields } = event as GameEvent & Record<string, unknown>;
  const parts = Object.entries(fields).map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  return `${type} ${parts.join(' ')}`.trim();
}

/**
 * Plays match `matchIndex` of `scenario` and records every step for the page. A match that fails
 * (a MatchFailure), or runs past `timeoutMs` (0 for no limit), is recorded up to there, with
 * {@link Replay.failure} saying why; one stopped before its table was set has no step to show.
 * @throws UsageError when the index is not a whole number ≥ 0.
 */
export function recordReplay(scenario: Scenario, matchIndex: number, timeoutMs = 0): Replay {
  if (!Number.isSafeInteger(matchIndex) || matchIndex < 0) {
    throw new UsageError([{ source: '--match', field: '', message: `expected a whole number >= 0, got ${matchIndex}` }]);
  }
  const { game, render } = scenario.entry;
  const plan = matchPlan(scenario, matchIndex);
  const layerIndex = new Map<string, number>();
  const layers: string[] = [];
  const intern = (state: unknown): number[] =>
    (render?.layers(state) ?? []).map((layer) => {
      let index = layerIndex.get(layer);
      if (index === undefined) {
        index = layers.length;
        layers.push(layer);
        layerIndex.set(layer, index);
      }
      return index;
    });
  // A module's describeState that throws is the page's to show, at the steps it threw on: a
  // run never calls it, so the match itself is not at fault.
  const describe = (state: unknown): string => {
    try {
      return String(game.describeState(state));
    } catch (error) {
      return `(describeState threw: ${error instanceof Error ? error.message : String(error)})`;
    }
  };
  let board: Replay['board'] = null;
  const steps: ReplayStep[] = [];
  let returns: readonly number[] = [];
  let failure: ReplayFailure | null = null;
  const record = (): void => {
    // Setup is deterministic (chance comes as steps after it), so this is the match's first state.
    // A copy of the parameters, as the match below gets its own (review 29a: a setup writing into them drew another first board).
    const initial: unknown = game.setup(paramsFor(game, scenario.params));
    board = render === undefined ? null : { ...render.size(initial), svg: render.board(initial) };
    steps.push({ who: 'setup', action: 'the table is set', chance: false, events: [], description: describe(initial), layers: intern(initial) });
    let before: unknown = game.clone(initial);
    const pending: GameEvent[] = [];
    const outcome = playMatch(
      {
        game,
        params: scenario.params,
        runSeed: scenario.seed,
        matchIndex,
        ...plan,
        trace: (player, action, state) => {
          const chance = player === CHANCE;
          const label = chance ? (render?.chance?.(before, action) ?? game.actionKey(action)) : (render?.decision?.(before, action) ?? game.actionKey(action));
          const events = pending.map((event) => ({ text: eventText(event, render), key: render?.keyEvent?.(event) ?? true }));
          pending.length = 0;
          const seat = game.seats[player] ?? `seat ${player + 1}`;
          steps.push({ who: chance ? 'chance' : `${seat} (${plan.seats[player]?.name ?? ''})`, action: label, chance, events, description: describe(state), layers: intern(state) });
          before = game.clone(state);
        },
      },
      (event) => {
        if (!isEngineEvent(event)) pending.push(event);
      },
    );
    returns = outcome.returns;
  };
  // Watched here, not around the call: the steps recorded before a stop stay to be shown.
  const played = withinTimeout(timeoutMs, () => {
    try {
      record();
    } catch (error) {
      if (!(error instanceof MatchFailure)) throw error;
      failure = { step: error.step ?? steps.length - 1, message: error.message, timedOut: false, error };
    }
  });
  const seed = formatSeed(matchSeed(scenario.seed, plan.seedIndex));
  if (played.stopped) {
    const seconds = timeoutMs / 1000;
    failure = { step: steps.length - 1, message: `match ${matchIndex} of run seed ${scenario.seed} (match seed ${seed}) did not end within ${seconds} s (--match-timeout): stopped at step ${steps.length - 1}`, timedOut: true, error: undefined };
  }
  return {
    game: game.id,
    title: game.title,
    scenario: scenario.name,
    matchIndex,
    runSeed: scenario.seed,
    matchSeed: seed,
    seats: game.seats.map((seat: string, index: number) => `${seat}: ${plan.seats[index]?.name ?? ''}`),
    board,
    layers,
    steps,
    returns,
    failure,
  };
}

/** A control of the page: its id (the script's handle), what it does (with its key) and the glyphs it shows. */
interface ControlButton {
  readonly id: string;
  readonly label: string;
  readonly glyphs: string;
  readonly primary?: boolean;
}

const STEP_BUTTONS: readonly ControlButton[] = [
  { id: 'first', label: 'First step (Home)', glyphs: '|◀' },
  { id: 'back', label: 'Step back (←)', glyphs: '◀' },
  { id: 'play', label: 'Play or pause (space)', glyphs: '▶ play', primary: true },
  { id: 'forward', label: 'Step forward (→)', glyphs: '▶' },
  { id: 'last', label: 'Last step (End)', glyphs: '▶|' },
];
const EVENT_BUTTONS: readonly ControlButton[] = [
  { id: 'previous-event', label: 'Previous event (Page Up)', glyphs: '◀ event' },
  { id: 'next-event', label: 'Next event (Page Down)', glyphs: 'event ▶' },
];

/**
 * A control's button, named by what it does: a screen reader reads a button's text, and glyphs
 * (`|◀`, `▶`) read as nothing useful, so the meaning is its accessible name as well as its
 * hover title (audit 39a F10).
 */
function controlButton(button: ControlButton): string {
  return `<button id="${button.id}"${button.primary === true ? ' class="primary"' : ''} title="${button.label}" aria-label="${button.label}">${button.glyphs}</button>`;
}

const STYLE = `
* { box-sizing: border-box; }
body { font-family: Helvetica, Arial, sans-serif; margin: 0; color: #222; background: #fafafa; }
header { padding: 0.8rem 1.2rem 0.4rem; } h1 { font-size: 1.3rem; margin: 0 0 0.2rem; } header p { margin: 0; color: #555; font-size: 0.85rem; }
header p.failure { margin-top: 0.4rem; padding: 0.35rem 0.6rem; background: #fdecea; border-left: 4px solid #c53030; color: #742a2a; overflow-wrap: anywhere; }
main { display: grid; grid-template-columns: minmax(0, 1fr) 300px; gap: 1rem; padding: 0.6rem 1.2rem 1.2rem; max-width: 1200px; }
@media (max-width: 760px) { main { grid-template-columns: 1fr; } }
.stage { min-width: 0; }
.board { background: white; border: 1px solid #ddd; border-radius: 6px; padding: 6px; }
.board svg { width: 100%; height: auto; display: block; max-height: 72vh; }
.generic { background: white; border: 1px solid #ddd; border-radius: 6px; padding: 1rem; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9rem; white-space: pre-wrap; min-height: 8rem; }
.controls { display: flex; flex-wrap: wrap; gap: 0.35rem; align-items: center; margin: 0.6rem 0 0.3rem; }
.controls button { font: inherit; font-size: 0.85rem; padding: 0.25rem 0.6rem; border: 1px solid #bbb; border-radius: 4px; background: white; cursor: pointer; }
.controls button:hover { background: #eef4fb; } .controls button.primary { background: #2b6cb0; color: white; border-color: #2b6cb0; min-width: 4.6rem; }
.controls input[type=range] { flex: 1 1 180px; }
.controls select { font: inherit; font-size: 0.85rem; }
.position { font-variant-numeric: tabular-nums; font-size: 0.85rem; color: #333; min-width: 9rem; }
.chance-banner { margin: 0.3rem 0; padding: 0.35rem 0.6rem; border-radius: 4px; background: #fff7ed; border: 1px solid #f6c48f; font-size: 0.9rem; min-height: 2rem; }
.chance-banner.now { background: #fde2c4; border-color: #dd6b20; font-weight: bold; }
.log { background: white; border: 1px solid #ddd; border-radius: 6px; height: calc(100vh - 7rem); min-height: 420px; overflow-y: auto; margin: 0; padding: 0; list-style: none; font-size: 0.78rem; }
.log li { padding: 0.2rem 0.5rem; border-bottom: 1px solid #f0f0f0; cursor: pointer; display: grid; grid-template-columns: 2.8em minmax(0, 1fr); }
.log li:hover { background: #f4f8fc; } .log li.current { background: #dbeafe; }
.log li .n { color: #888; font-variant-numeric: tabular-nums; }
.log li.chance .what { color: #b45309; } .log li .event { display: block; color: #444; }
.log li .event.key { color: #111; font-weight: bold; }
`;

/**
 * The controls' script: plain JavaScript, no library, reading the data embedded above it. It opens
 * at `#step=N` only for N a whole decimal number (a number past the end opens the last step); any
 * other fragment opens the start, never a step read off its front as "1e3" or "2.5" would give
 * (audit 41c F3).
 */
const SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById('replay-data').textContent);
  var steps = data.steps, total = steps.length - 1, current = 0, timer = null;
  var layersEl = document.getElementById('layers'), genericEl = document.getElementById('generic');
  var slider = document.getElementById('slider'), position = document.getElementById('position');
  var chanceEl = document.getElementById('chance');
  var playButton = document.getElementById('play'), speed = document.getElementById('speed');
  var log = document.getElementById('log'), items = [];
  slider.max = String(total);
  steps.forEach(function (step, index) {
    var li = document.createElement('li');
    if (step[2]) li.className = 'chance';
    li.innerHTML = '<span class="n">' + index + '</span><div><span class="what"></span></div>';
    li.querySelector('.what').textContent = step[0] + ': ' + step[1];
    var body = li.lastChild;
    step[3].forEach(function (event) {
      var line = document.createElement('span');
      line.className = event[1] ? 'event key' : 'event';
      line.textContent = event[0];
      body.appendChild(line);
    });
    li.addEventListener('click', function () { stop(); show(index); });
    log.appendChild(li);
    items.push(li);
  });
  function lastChance(index) {
    for (var i = index; i > 0; i--) if (steps[i][2]) return i;
    return -1;
  }
  function show(index) {
    index = Math.max(0, Math.min(total, index));
    items[current].classList.remove('current');
    current = index;
    var step = steps[index];
    if (layersEl) layersEl.innerHTML = step[5].map(function (k) { return data.layers[k]; }).join('');
    if (genericEl) genericEl.textContent = step[4];
    var chance = lastChance(index);
    chanceEl.className = chance === index ? 'chance-banner now' : 'chance-banner';
    chanceEl.textContent = chance < 0 ? 'No chance outcome yet.' : (chance === index ? 'Chance: ' : 'Last chance outcome (step ' + chance + '): ') + steps[chance][1];
    slider.value = String(index);
    position.textContent = 'step ' + index + ' of ' + total;
    items[index].classList.add('current');
    var top = items[index].offsetTop - log.offsetTop;
    if (top < log.scrollTop || top > log.scrollTop + log.clientHeight - 40) log.scrollTop = top - log.clientHeight / 3;
    if (history.replaceState) history.replaceState(null, '', '#step=' + index);
  }
  function keyStep(from, direction) {
    for (var i = from + direction; i >= 0 && i <= total; i += direction) {
      if (steps[i][3].some(function (event) { return event[1]; })) return i;
    }
    return from;
  }
  function stop() { if (timer !== null) { clearInterval(timer); timer = null; playButton.textContent = '▶ play'; } }
  function play() {
    if (timer !== null) { stop(); return; }
    if (current >= total) show(0);
    playButton.textContent = '❚❚ pause';
    timer = setInterval(function () { if (current >= total) stop(); else show(current + 1); }, 1000 / Number(speed.value));
  }
  document.getElementById('first').onclick = function () { stop(); show(0); };
  document.getElementById('back').onclick = function () { stop(); show(current - 1); };
  document.getElementById('forward').onclick = function () { stop(); show(current + 1); };
  document.getElementById('last').onclick = function () { stop(); show(total); };
  document.getElementById('previous-event').onclick = function () { stop(); show(keyStep(current, -1)); };
  document.getElementById('next-event').onclick = function () { stop(); show(keyStep(current, 1)); };
  playButton.onclick = play;
  speed.onchange = function () { if (timer !== null) { stop(); play(); } };
  slider.oninput = function () { stop(); show(Number(slider.value)); };
  document.addEventListener('keydown', function (event) {
    if (event.target && event.target.tagName === 'SELECT') return;
    var moves = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: total, PageDown: keyStep(current, 1), PageUp: keyStep(current, -1) };
    if (event.key === ' ') { event.preventDefault(); play(); return; }
    if (event.key in moves) { event.preventDefault(); stop(); show(moves[event.key]); }
  });
  var wanted = /^#step=(\\d+)$/.exec(location.hash);
  show(wanted ? Number(wanted[1]) : 0);
})();
`;

/** What the page says of a match that did not end: why, and which step shows where it stopped. */
function failureText(failure: ReplayFailure): string {
  const what = failure.timedOut ? 'the step that never returned' : 'the step that failed';
  return `${failure.message}. The last step shown, ${failure.step}, is the state ${what} was played from.`;
}

/** The replay as one self-contained page. */
export function replayPage(replay: Replay): string {
  const steps = replay.steps.map((step) => [step.who, step.action, step.chance ? 1 : 0, step.events.map((event) => [event.text, event.key ? 1 : 0]), replay.board === null ? step.description : '', step.layers]);
  // Inside <script>, "</" would end the element early: JSON allows escaping every "<".
  const json = JSON.stringify({ steps, layers: replay.layers }).replace(/</g, '\\u003c');
  const first = replay.steps[0];
  const stage =
    replay.board === null
      ? `<div class="generic" id="generic">${escapeHtml(first?.description ?? '')}</div>`
      : `<div class="board"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${replay.board.width} ${replay.board.height}" font-family="Helvetica, Arial, sans-serif" role="img" aria-label="${escapeHtml(replay.title)} board">${replay.board.svg}<g id="layers">${(first?.layers ?? []).map((index) => replay.layers[index] ?? '').join('')}</g></svg></div>`;
  const returns = replay.seats.map((seat, index) => `${seat.split(':')[0]} ${(replay.returns[index] ?? 0) > 0 ? '+' : ''}${replay.returns[index] ?? ''}`).join(', ');
  const ending = replay.failure === null ? `returns: ${returns}` : replay.failure.timedOut ? 'stopped at its time limit, no returns' : 'failed, no returns';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
${generatorMeta('replay')}
${PAGE_DIGEST_META}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${replay.title}: match ${replay.matchIndex} of ${replay.scenario}`)} — Hordelab replay</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(`${replay.title}: match ${replay.matchIndex} of ${replay.scenario}`)}</h1>
<p>${escapeHtml(`run seed ${replay.runSeed}, match seed ${replay.matchSeed}; ${replay.seats.join(', ')}; ${counted(replay.steps.length - 1, 'step')}; ${ending}`)}</p>
${replay.failure === null ? '' : `<p class="failure" role="alert">${escapeHtml(failureText(replay.failure))}</p>\n`}</header>
<main>
<section class="stage">
${stage}
<div class="controls">
${STEP_BUTTONS.map(controlButton).join('')}
${EVENT_BUTTONS.map(controlButton).join('')}
<select id="speed" title="Steps per second" aria-label="Steps per second"><option value="2">2 steps/s</option><option value="8" selected>8 steps/s</option><option value="30">30 steps/s</option></select>
<input type="range" id="slider" min="0" max="${replay.steps.length - 1}" value="0" aria-label="step">
<span class="position" id="position">step 0 of ${replay.steps.length - 1}</span>
</div>
<div class="chance-banner" id="chance">No chance outcome yet.</div>
</section>
<ol class="log" id="log" aria-label="event log"></ol>
</main>
<script type="application/json" id="replay-data">${json}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
