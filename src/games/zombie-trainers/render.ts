/**
 * Zombie Trainers drawn for `hordelab replay --html`: the grass and rock grid (rule 1), the two
 * trainers in their colors (rule 3), wild zombies with their health and attack (rule 4), and a
 * panel with each trainer's XP, traps left per rate (rule 5), owned zombies (rule 6), the round
 * and the action points of the turn (rule 10). A catch or attack being resolved rings its
 * target.
 */
import { counted } from '../../core/counted.js';
import type { GameRender } from '../../core/game-render.js';
import { Phase, type ZombieTrainersAction, type ZombieTrainersEvent, type ZombieTrainersState } from './types.js';

const CELL = 40;
const MARGIN = 12;
const PANEL = 250;

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A trainer's color as SVG paint: the scenario's word when it looks like a color, else a default. */
const paint = (color: string, seat: number): string => (/^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i.test(color.trim()) ? color.trim() : seat === 0 ? '#c53030' : '#2b6cb0');

function boardSize(state: ZombieTrainersState): { width: number; height: number } {
  const { width, height } = state.config.map;
  return { width: MARGIN * 2 + width * CELL + PANEL, height: Math.max(MARGIN * 2 + height * CELL, 440) };
}

function board(state: ZombieTrainersState): string {
  const { width, height, grass } = state.config.map;
  const cells: string[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const isGrass = grass[y * width + x] === 1;
      cells.push(`<rect x="${MARGIN + x * CELL}" y="${MARGIN + y * CELL}" width="${CELL}" height="${CELL}" fill="${isGrass ? '#d9edc2' : '#8b8f97'}" stroke="#b9d3a0" stroke-width="0.6"/>`);
      if (!isGrass) cells.push(`<path d="M${MARGIN + x * CELL + 8},${MARGIN + y * CELL + 28} l8,-12 l6,6 l8,-10 l6,16 z" fill="#6b7078"/>`);
    }
  }
  const labels: string[] = [];
  for (let x = 0; x < width; x++) labels.push(`<text x="${MARGIN + x * CELL + CELL / 2}" y="${MARGIN - 3}" font-size="8" fill="#999" text-anchor="middle">${x}</text>`);
  for (let y = 0; y < height; y++) labels.push(`<text x="${MARGIN - 3}" y="${MARGIN + y * CELL + CELL / 2 + 3}" font-size="8" fill="#999" text-anchor="end">${y}</text>`);
  return `<rect width="100%" height="100%" fill="white"/>${cells.join('')}${labels.join('')}${panelFrame(state)}`;
}

function cellCentre(state: ZombieTrainersState, cell: number): [number, number] {
  const width = state.config.map.width;
  return [MARGIN + (cell % width) * CELL + CELL / 2, MARGIN + Math.floor(cell / width) * CELL + CELL / 2];
}

/** A zombie token: health in a red badge, attack in a dark one. */
function zombieToken(cx: number, cy: number, health: number, attack: number, size = 30): string {
  const half = size / 2;
  return (
    `<rect x="${cx - half}" y="${cy - half}" width="${size}" height="${size}" rx="6" fill="#4d6b3c" stroke="#2f4526" stroke-width="1.5"/>` +
    `<circle cx="${cx - half / 3}" cy="${cy - half / 4}" r="2.4" fill="#f5f5dc"/><circle cx="${cx + half / 3}" cy="${cy - half / 4}" r="2.4" fill="#f5f5dc"/>` +
    `<circle cx="${cx - half + 4}" cy="${cy + half - 4}" r="7" fill="#c53030"/><text x="${cx - half + 4}" y="${cy + half - 1}" font-size="9" font-weight="bold" fill="white" text-anchor="middle">${health}</text>` +
    `<circle cx="${cx + half - 4}" cy="${cy + half - 4}" r="7" fill="#1f2937"/><text x="${cx + half - 4}" y="${cy + half - 1}" font-size="9" font-weight="bold" fill="white" text-anchor="middle">${attack}</text>`
  );
}

/** The wild zombies on the grid. */
function wildZombies(state: ZombieTrainersState): string {
  const parts: string[] = [];
  for (let cell = 0; cell < state.wildHealth.length; cell++) {
    const health = state.wildHealth[cell] as number;
    if (health <= 0) continue;
    const [cx, cy] = cellCentre(state, cell);
    parts.push(zombieToken(cx, cy, health, state.wildAttack[cell] as number));
  }
  return parts.join('');
}

/** The trainers, and the target of a catch, attack or spawn being resolved. */
function trainers(state: ZombieTrainersState): string {
  const parts: string[] = [];
  const resolving = state.phase >= Phase.CatchAggressive && state.phase <= Phase.AttackDefensive;
  if (resolving || (state.phase >= Phase.SpawnHealth && state.phase <= Phase.SpawnAttack)) {
    const [cx, cy] = cellCentre(state, state.pending.cell);
    const colour = state.phase <= Phase.CatchRoll ? '#d69e2e' : state.phase <= Phase.AttackDefensive ? '#c53030' : '#4d6b3c';
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${CELL / 2 + 1}" fill="none" stroke="${colour}" stroke-width="3" stroke-dasharray="5 3"/>`);
  }
  const colors = state.config.params.colors;
  state.trainers.forEach((trainer, seat) => {
    const [cx, cy] = cellCentre(state, trainer.cell);
    const acting = state.phase !== Phase.Over && state.current === seat;
    if (acting) parts.push(`<circle cx="${cx}" cy="${cy}" r="18" fill="none" stroke="#f6ad55" stroke-width="3"/>`);
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="14" fill="${escape(paint(colors[seat] ?? '', seat))}" stroke="white" stroke-width="2.5"${trainer.trapsLeft === 0 ? ' opacity="0.45"' : ''}/>` +
        `<text x="${cx}" y="${cy + 5}" font-size="14" font-weight="bold" fill="white" text-anchor="middle">${seat + 1}</text>`,
    );
  });
  return parts.join('');
}

const panelLeft = (state: ZombieTrainersState): number => MARGIN * 2 + state.config.map.width * CELL;

/** The panel's frame and legend, which never change. */
function panelFrame(state: ZombieTrainersState): string {
  const x = panelLeft(state);
  const legendTop = MARGIN + 58 + 2 * 168;
  return (
    `<rect x="${x - 4}" y="${MARGIN}" width="${PANEL - 8}" height="${Math.max(state.config.map.height * CELL, 416)}" rx="6" fill="#f7f7f5" stroke="#e2e2dc"/>` +
    zombieToken(x + 20, legendTop + 4, 7, 3, 24) +
    `<text x="${x + 40}" y="${legendTop + 8}" font-size="10" fill="#555">zombie: health (red), attack (dark)</text>`
  );
}

/** The round, turn, who acts and the action points left. */
function status(state: ZombieTrainersState): string {
  const x = panelLeft(state);
  const parts: string[] = [];
  const who = `Player ${state.current + 1}`;
  const status =
    state.phase === Phase.Over
      ? `Player ${state.winner + 1} wins${state.tieDecided ? ' on the tie rule' : ''}`
      : state.phase === Phase.Decision
        ? `${who} to act · AP ${state.actionPoints}`
        : state.phase <= Phase.CatchRoll
          ? `${who}'s catch: the dice roll`
          : state.phase <= Phase.AttackDefensive
            ? `${who}'s attack: the dice roll`
            : 'a wild zombie appears';
  parts.push(`<text x="${x + 8}" y="${MARGIN + 22}" font-size="15" font-weight="bold" fill="#222">Round ${state.round}</text>`);
  parts.push(`<text x="${x + 8}" y="${MARGIN + 40}" font-size="11.5" fill="#444">turn ${state.turn} · ${escape(status)}</text>`);
  return parts.join('');
}

/** One trainer's XP, traps left per rate and owned zombies. */
function trainerPanel(state: ZombieTrainersState, seat: 0 | 1): string {
  const { config } = state;
  const x = panelLeft(state);
  const parts: string[] = [];
  const trainer = state.trainers[seat];
  const top = MARGIN + 58 + seat * 168;
  const colour = escape(paint(config.params.colors[seat] ?? '', seat));
  parts.push(`<circle cx="${x + 16}" cy="${top + 12}" r="9" fill="${colour}"/><text x="${x + 16}" y="${top + 16}" font-size="10" font-weight="bold" fill="white" text-anchor="middle">${seat + 1}</text>`);
  parts.push(`<text x="${x + 32}" y="${top + 17}" font-size="13" font-weight="bold" fill="#222">Player ${seat + 1}${trainer.trapsLeft === 0 ? ' · spectator' : ''}</text>`);
  parts.push(`<text x="${x + 8}" y="${top + 48}" font-size="26" font-weight="bold" fill="#222">${trainer.xp}</text><text x="${x + 8 + 16 * String(trainer.xp).length}" y="${top + 48}" font-size="12" fill="#555"> XP</text>`);
  parts.push(`<text x="${x + 8}" y="${top + 70}" font-size="11" fill="#555">traps left</text>`);
  config.trapRates.forEach((rate, index) => {
    const count = trainer.trapCounts[index] ?? 0;
    const cx = x + 8 + index * 74;
    parts.push(`<rect x="${cx}" y="${top + 76}" width="68" height="20" rx="10" fill="${count > 0 ? '#fefcbf' : '#edf2f7'}" stroke="#d69e2e" stroke-width="${count > 0 ? 1.2 : 0.4}"/>`);
    parts.push(`<text x="${cx + 34}" y="${top + 90}" font-size="11" fill="${count > 0 ? '#744210' : '#a0aec0'}" text-anchor="middle">${rate}% × ${count}</text>`);
  });
  parts.push(`<text x="${x + 8}" y="${top + 116}" font-size="11" fill="#555">owned zombies${trainer.owned.length === 0 ? ': none' : ''}</text>`);
  trainer.owned.slice(0, 7).forEach((zombie, index) => parts.push(zombieToken(x + 22 + index * 30, top + 138, zombie.health, zombie.attack, 24)));
  if (trainer.owned.length > 7) parts.push(`<text x="${x + 222}" y="${top + 142}" font-size="11" fill="#555">+${trainer.owned.length - 7}</text>`);
  return parts.join('');
}

function chance(before: ZombieTrainersState, action: ZombieTrainersAction): string {
  const value = action.kind === 'chance' ? action.value : Number.NaN;
  const who = `Player ${before.current + 1}`;
  switch (before.phase) {
    case Phase.CatchAggressive:
      return `catch: ${who}'s die A = ${value}`;
    case Phase.CatchDefensive:
      return `catch: the zombie's die D = ${value}`;
    case Phase.CatchRoll:
      return `catch: R = ${value} (succeeds when trap rate + (A − D) × 5 > R, rule 17)`;
    case Phase.AttackAggressive:
      return `attack: ${who}'s zombie's die A = ${value}`;
    case Phase.AttackDefensive:
      return `attack: the wild zombie's die D = ${value}`;
    case Phase.SpawnCell: {
      const width = before.config.map.width;
      return `spawn: a wild zombie appears at (${value % width}, ${Math.floor(value / width)})`;
    }
    case Phase.SpawnHealth:
      return `spawn: health ${value}`;
    case Phase.SpawnAttack:
      return `spawn: attack ${value}`;
    default:
      return `chance ${value}`;
  }
}

function decision(before: ZombieTrainersState, action: ZombieTrainersAction): string {
  switch (action.kind) {
    case 'move':
      return `moves to (${action.x}, ${action.y}), ${action.steps} step${action.steps === 1 ? '' : 's'}`;
    case 'catch':
      return `throws a ${action.trapRate}% trap at the zombie on (${action.x}, ${action.y})`;
    case 'attack': {
      const zombie = before.trainers[before.current].owned[action.zombie];
      return `sends its zombie ${action.zombie + 1}${zombie === undefined ? '' : ` (health ${zombie.health}, attack ${zombie.attack})`} against the zombie on (${action.x}, ${action.y})`;
    }
    case 'endTurn':
      return 'ends the turn';
    case 'chance':
      return `chance ${action.value}`;
  }
}

function event(e: ZombieTrainersEvent): string {
  switch (e.type) {
    case 'spawn':
      return `a wild zombie (health ${e.health}, attack ${e.attack}) appears at (${e.x}, ${e.y})`;
    case 'move':
      return `P${e.seat + 1} moves (${e.fromX}, ${e.fromY}) → (${e.x}, ${e.y}), ${e.cost} AP`;
    case 'catch':
      return `P${e.seat + 1} ${e.success ? 'catches' : 'fails to catch'} a zombie with a ${e.trapRate}% trap: A ${e.aggressive}, D ${e.defensive}, R ${e.roll}; ${e.trapsLeft} traps left`;
    case 'attack':
      return `P${e.seat + 1} attacks: A ${e.aggressive}, D ${e.defensive}; ${e.damageToWild} damage dealt, ${e.damageToOwned} taken${e.killed ? ', the wild zombie dies' : ''}${e.ownedDied ? ', the owned zombie dies' : ''}; +${e.xpGained} XP`;
    case 'turnEnd':
      return `P${e.seat + 1} ends turn ${e.turn}${e.spectator ? ' (spectator)' : ''}`;
    case 'matchEnd':
      return `the match ends after ${counted(e.rounds, 'round')}: P${e.winner + 1} wins, XP ${e.xp[0]}–${e.xp[1]}${e.tieDecided ? ' (tie rule, rule 28)' : ''}${e.capped ? ', capped at maxRounds' : ''}`;
  }
}

/** Zombie Trainers' board drawing. */
export const zombieTrainersRender: GameRender<ZombieTrainersState, ZombieTrainersAction, ZombieTrainersEvent> = {
  size: boardSize,
  board,
  // Split by how often each part changes: every distinct layer is stored once in the page.
  layers: (state) => [wildZombies(state), trainers(state), status(state), trainerPanel(state, 0), trainerPanel(state, 1)],
  chance,
  decision,
  event,
  keyEvent: (e) => e.type === 'catch' || e.type === 'attack' || e.type === 'matchEnd',
};
