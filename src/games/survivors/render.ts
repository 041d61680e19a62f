/**
 * Survivors drawn for `hordelab replay --html`: the map of rules 1–4 (walls, windows,
 * doorways, destroyed walls, barricades, obstacles, search spots, spawn points, exits), the
 * human figures with their wounds (rules 12–16), downed and carried humans (rule 33), the
 * zombies, items dropped on the floor, and a panel with each human's wounds, actions left and
 * items, the round (rule 8), the deck and the barricade tokens.
 */
import type { GameRender } from '../../core/game-render.js';
import { Edge, Terrain } from './map.js';
import { HUMANS, Phase, Roll, type SurvivorsAction, type SurvivorsEvent, type SurvivorsState } from './types.js';

const CELL = 26;
const MARGIN = 12;
const PANEL = 256;
const HUMAN_COLOURS = ['#c53030', '#2b6cb0', '#d69e2e', '#2c7a7b', '#b83280', '#4a5568'];

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const humanColour = (index: number): string => HUMAN_COLOURS[index % HUMAN_COLOURS.length] as string;

function size(state: SurvivorsState): { width: number; height: number } {
  const { width, height } = state.config.map;
  return { width: MARGIN * 3 + width * CELL + PANEL, height: Math.max(MARGIN * 2 + height * CELL, 470) };
}

function origin(state: SurvivorsState, cell: number): [number, number] {
  const width = state.config.map.width;
  return [MARGIN + (cell % width) * CELL, MARGIN + Math.floor(cell / width) * CELL];
}

/** The floor, exits, spawn points and start cells: what no rule ever changes. */
function board(state: SurvivorsState): string {
  const { map } = state.config;
  const parts: string[] = [
    `<defs><g id="survivors-zombie"><rect x="4" y="4" width="${CELL - 8}" height="${CELL - 8}" rx="4" fill="#3f5f35" stroke="#22361c"/><circle cx="10" cy="11" r="1.8" fill="#f5f5dc"/><circle cx="${CELL - 10}" cy="11" r="1.8" fill="#f5f5dc"/></g></defs>`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<rect x="${MARGIN}" y="${MARGIN}" width="${map.width * CELL}" height="${map.height * CELL}" fill="#f4f1ea"/>`,
  ];
  for (let cell = 0; cell < map.cells; cell++) {
    const [x, y] = origin(state, cell);
    parts.push(`<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="none" stroke="#e3ddd0" stroke-width="0.5"/>`);
    if (map.exit[cell] === 1) parts.push(`<rect x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" fill="#c6f6d5"/><text x="${x + CELL / 2}" y="${y + CELL / 2 + 3}" font-size="7" fill="#276749" text-anchor="middle">EXIT</text>`);
  }
  for (const cell of map.spawnPoints) {
    const [x, y] = origin(state, cell);
    parts.push(`<path d="M${x + CELL / 2},${y + 4} l7,12 h-14 z" fill="none" stroke="#9b2c2c" stroke-width="1.5"/>`);
  }
  for (const cell of map.startCells) {
    const [x, y] = origin(state, cell);
    parts.push(`<text x="${x + CELL / 2}" y="${y + CELL - 4}" font-size="7" fill="#a0aec0" text-anchor="middle">start</text>`);
  }
  return parts.join('') + panelFrame(state);
}

/** Walls, windows, doorways, destroyed walls and barricades, and the obstacles: blasts and hammers change them. */
function structure(state: SurvivorsState): string {
  const { map } = state.config;
  const parts: string[] = [];
  for (let cell = 0; cell < map.cells; cell++) {
    if (state.terrain[cell] !== Terrain.Obstacle) continue;
    const [x, y] = origin(state, cell);
    parts.push(`<rect x="${x + 3}" y="${y + 3}" width="${CELL - 6}" height="${CELL - 6}" rx="3" fill="#a0795a" stroke="#7b5b43"/>`);
  }
  for (let edge = 0; edge < state.edges.length; edge++) {
    const kind = state.edges[edge];
    const barricaded = state.barricades[edge] === 1;
    if (kind === Edge.Open && !barricaded) continue;
    const a = map.edgeCells[edge * 2] as number;
    const b = map.edgeCells[edge * 2 + 1] as number;
    const [ax, ay] = origin(state, a);
    // The edge between a and its right neighbour is vertical; with the one below, horizontal.
    const vertical = b === a + 1;
    const [x1, y1, x2, y2] = vertical ? [ax + CELL, ay, ax + CELL, ay + CELL] : [ax, ay + CELL, ax + CELL, ay + CELL];
    const line = (stroke: string, width: number, extra = ''): string => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="square"${extra}/>`;
    if (kind === Edge.Wall) parts.push(line('#2d3748', 4));
    else if (kind === Edge.Window) parts.push(line('#2d3748', 4), line('#90cdf4', 2));
    else if (kind === Edge.Doorway) {
      const [dx, dy] = vertical ? [0, 4] : [4, 0];
      parts.push(`<line x1="${x1}" y1="${y1}" x2="${x1 + dx}" y2="${y1 + dy}" stroke="#2d3748" stroke-width="4"/><line x1="${x2 - dx}" y1="${y2 - dy}" x2="${x2}" y2="${y2}" stroke="#2d3748" stroke-width="4"/>`);
    } else if (kind === Edge.Destroyed) parts.push(line('#a0aec0', 2, ' stroke-dasharray="2 3"'));
    if (barricaded) {
      const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
      parts.push(line('#dd6b20', 6), `<path d="M${mx - 4},${my - 4} l8,8 M${mx + 4},${my - 4} l-8,8" stroke="#7b341e" stroke-width="1.6"/>`);
    }
  }
  return parts.join('');
}

/** Search spots not yet exhausted, and items lying on the floor. */
function spotsAndItems(state: SurvivorsState): string {
  const { map } = state.config;
  const parts: string[] = [];
  for (let cell = 0; cell < map.cells; cell++) {
    if (map.searchSpot[cell] !== 1) continue;
    const [x, y] = origin(state, cell);
    const left = state.searchLeft[map.spotOf[cell] as number] as number;
    parts.push(`<text x="${x + CELL - 6}" y="${y + 10}" font-size="10" font-weight="bold" fill="${left > 0 ? '#b7791f' : '#cbd5e0'}" text-anchor="middle">?</text>`);
  }
  for (let i = 0; i < state.floorItems.length; i += 2) {
    const [x, y] = origin(state, state.floorItems[i] as number);
    parts.push(`<path d="M${x + 6},${y + CELL - 10} l4,-4 l4,4 l-4,4 z" fill="#ecc94b" stroke="#975a16" stroke-width="0.8"/>`);
  }
  return parts.join('');
}

/** Zombies, humans (wounds as pips, downed greyed, the active one ringed), and the dead about to rise. */
function figures(state: SurvivorsState): string {
  const parts: string[] = [];
  for (const cell of state.rising) {
    const [x, y] = origin(state, cell);
    parts.push(`<rect x="${x + 4}" y="${y + 4}" width="${CELL - 8}" height="${CELL - 8}" rx="4" fill="none" stroke="#38a169" stroke-dasharray="3 2"/>`);
  }
  // A zombie is a symbol defined once with the board: a match of many zombie moves stays small.
  for (const cell of state.zombies) {
    const [x, y] = origin(state, cell);
    parts.push(`<use href="#survivors-zombie" x="${x}" y="${y}"/>`);
  }
  state.humans.forEach((human, index) => {
    if (human.dead || human.cell < 0) return;
    const [x, y] = origin(state, human.cell);
    const [cx, cy] = [x + CELL / 2, y + CELL / 2];
    if (state.active === index) parts.push(`<circle cx="${cx}" cy="${cy}" r="12" fill="none" stroke="#f6ad55" stroke-width="2.5"/>`);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="9" fill="${human.downed ? '#a0aec0' : humanColour(index)}" stroke="${human.downed ? '#c53030' : 'white'}" stroke-width="2"/>`);
    parts.push(`<text x="${cx}" y="${cy + 3.5}" font-size="10" font-weight="bold" fill="white" text-anchor="middle">${index + 1}</text>`);
    for (let w = 0; w < human.wounds; w++) parts.push(`<circle cx="${x + 4 + w * 4}" cy="${y + CELL - 3}" r="1.8" fill="#c53030"/>`);
    if (state.carrying >= 0 && state.active === index) parts.push(`<text x="${x + CELL - 3}" y="${y + 8}" font-size="8" font-weight="bold" fill="#2d3748" text-anchor="end">+${state.carrying + 1}</text>`);
  });
  return parts.join('');
}

const PHASE_WORDS: Record<number, string> = {
  [Phase.Draw]: 'a card is drawn',
  [Phase.Roll]: 'a die is rolled',
  [Phase.PlaceInitial]: 'zombies take their places',
  [Phase.ChooseHuman]: 'humans choose who acts',
  [Phase.Act]: 'a human acts',
  [Phase.Discard]: 'a human drops an item',
  [Phase.DropCarried]: 'a carried human is set down',
  [Phase.Ambush]: 'an ambush',
  [Phase.Spawn]: 'zombies spawn',
  [Phase.ZombieAct]: 'zombies act',
  [Phase.Over]: 'over',
};

const panelLeft = (state: SurvivorsState): number => MARGIN * 2 + state.config.map.width * CELL;

/** The round, the phase, the zombies, the deck and the barricade tokens. */
function status(state: SurvivorsState): string {
  const x = panelLeft(state);
  const parts: string[] = [`<text x="${x + 10}" y="${MARGIN + 22}" font-size="17" font-weight="bold" fill="#222">Round ${state.round} of ${state.config.params.roundLimit}</text>`];
  const ending = state.phase === Phase.Over ? state.winner === -1 ? `a draw (${state.endCondition ?? ''})` : `${state.winner === HUMANS ? 'Humans' : 'Zombies'} win (${state.endCondition ?? ''})` : (PHASE_WORDS[state.phase] ?? '');
  parts.push(`<text x="${x + 10}" y="${MARGIN + 40}" font-size="13" fill="#444">${escape(ending)}</text>`);
  parts.push(`<text x="${x + 10}" y="${MARGIN + 58}" font-size="12.5" fill="#444">zombies ${state.zombies.length} · deck ${state.deckSize} · barricades left ${state.barricadeTokens}</text>`);
  return parts.join('');
}

/** One human's status, wounds and items. */
function humanPanel(state: SurvivorsState, index: number): string {
  const { cards } = state.config;
  const x = panelLeft(state);
  const parts: string[] = [];
  const human = state.humans[index];
  if (human === undefined) return '';
  const top = MARGIN + 74 + index * 88;
  const status = human.dead ? 'dead' : human.downed ? 'downed' : human.cell < 0 ? 'carried' : state.active === index ? `acting, ${human.actionsLeft} actions left` : human.activated ? 'done this round' : 'waiting';
  parts.push(`<circle cx="${x + 20}" cy="${top + 10}" r="9" fill="${human.dead ? '#cbd5e0' : humanColour(index)}"/><text x="${x + 20}" y="${top + 14}" font-size="10" font-weight="bold" fill="white" text-anchor="middle">${index + 1}</text>`);
  parts.push(`<text x="${x + 36}" y="${top + 14}" font-size="13.5" font-weight="bold" fill="#222">Human ${index + 1}</text><text x="${x + 104}" y="${top + 14}" font-size="12" fill="#555">${escape(status)}</text>`);
  parts.push(`<text x="${x + 12}" y="${top + 32}" font-size="12" fill="#555">wounds</text>`);
  if (human.wounds === 0) parts.push(`<text x="${x + 62}" y="${top + 32}" font-size="12" fill="#999">none</text>`);
  for (let w = 0; w < human.wounds; w++) parts.push(`<circle cx="${x + 66 + w * 11}" cy="${top + 28}" r="4" fill="#c53030" stroke="#9b2c2c"/>`);
  const items = human.items.map((card) => cards[card]?.name ?? '?');
  const lines = items.length === 0 ? ['no items'] : [items.slice(0, 2).join(', '), items.slice(2, 4).join(', ')].filter((line) => line !== '');
  lines.forEach((line, row) => parts.push(`<text x="${x + 12}" y="${top + 50 + row * 14}" font-size="12" fill="#333">${escape(line.length > 32 ? `${line.slice(0, 31)}…` : line)}</text>`));
  if (items.length > 4) parts.push(`<text x="${x + 12}" y="${top + 78}" font-size="10" fill="#555">+${items.length - 4} more</text>`);
  return parts.join('');
}

/** The panel's frame and the legend, which never change. */
function panelFrame(state: SurvivorsState): string {
  const { map } = state.config;
  const x = panelLeft(state);
  const legend = MARGIN + map.height * CELL - 60;
  const parts: string[] = [`<rect x="${x}" y="${MARGIN}" width="${PANEL - MARGIN}" height="${map.height * CELL}" rx="6" fill="#f7f7f5" stroke="#e2e2dc"/>`];
  parts.push(
    `<line x1="${x + 12}" y1="${legend}" x2="${x + 34}" y2="${legend}" stroke="#2d3748" stroke-width="4"/><text x="${x + 40}" y="${legend + 4}" font-size="9.5" fill="#555">wall</text>` +
      `<line x1="${x + 80}" y1="${legend}" x2="${x + 102}" y2="${legend}" stroke="#2d3748" stroke-width="4"/><line x1="${x + 80}" y1="${legend}" x2="${x + 102}" y2="${legend}" stroke="#90cdf4" stroke-width="2"/><text x="${x + 108}" y="${legend + 4}" font-size="9.5" fill="#555">window</text>` +
      `<line x1="${x + 160}" y1="${legend}" x2="${x + 182}" y2="${legend}" stroke="#dd6b20" stroke-width="6"/><text x="${x + 188}" y="${legend + 4}" font-size="9.5" fill="#555">barricade</text>` +
      `<rect x="${x + 14}" y="${legend + 14}" width="16" height="16" rx="3" fill="#3f5f35"/><text x="${x + 40}" y="${legend + 26}" font-size="9.5" fill="#555">zombie</text>` +
      `<text x="${x + 88}" y="${legend + 27}" font-size="12" font-weight="bold" fill="#b7791f">?</text><text x="${x + 98}" y="${legend + 26}" font-size="9.5" fill="#555">search spot</text>` +
      `<path d="M${x + 164},${legend + 22} l4,-4 l4,4 l-4,4 z" fill="#ecc94b" stroke="#975a16"/><text x="${x + 178}" y="${legend + 26}" font-size="9.5" fill="#555">item</text>` +
      `<rect x="${x + 14}" y="${legend + 36}" width="16" height="12" fill="#c6f6d5"/><text x="${x + 40}" y="${legend + 46}" font-size="9.5" fill="#555">exit</text>` +
      `<path d="M${x + 88},${legend + 36} l6,11 h-12 z" fill="none" stroke="#9b2c2c" stroke-width="1.5"/><text x="${x + 98}" y="${legend + 46}" font-size="9.5" fill="#555">spawn point</text>`,
  );
  return parts.join('');
}

const ROLL_WORDS: Record<number, string> = {
  [Roll.Bite]: 'bite roll for a pass through zombies',
  [Roll.Attack]: 'attack roll',
  [Roll.Heal]: 'healing item use roll',
  [Roll.Throw]: 'explosive use roll',
  [Roll.BlastKill]: 'blast kill roll',
  [Roll.ZombieAttack]: 'zombie attack roll',
  [Roll.ZombieBreak]: 'zombie roll against a barricade',
  [Roll.Special]: 'use roll for removing a barricade',
};

function chance(before: SurvivorsState, action: SurvivorsAction): string {
  if (action.kind === 'draw') {
    const who = before.pending.human >= 0 ? `human ${before.pending.human + 1}` : 'a human';
    return `${who} draws ${before.config.cards[action.card]?.name ?? action.card}`;
  }
  if (action.kind === 'die') {
    const humanRoll = before.pending.roll <= Roll.BlastKill || before.pending.roll === Roll.Special;
    const human = before.pending.human >= 0 && humanRoll ? `human ${before.pending.human + 1}'s ` : '';
    return `${human}${ROLL_WORDS[before.pending.roll] ?? 'die'}: ${action.value}`;
  }
  return action.kind;
}

const DIRECTIONS = ['north', 'east', 'south', 'west'] as const;

function decision(before: SurvivorsState, action: SurvivorsAction): string {
  const { cards, map } = before.config;
  const card = (id: number): string => cards[id]?.name ?? `card ${id}`;
  const at = (cell: number): string => `(${cell % map.width}, ${Math.floor(cell / map.width)})`;
  const way = (dir: number): string => DIRECTIONS[dir] ?? String(dir);
  const actor = `human ${before.active + 1}`;
  const zombie = `the zombie at ${at(before.zombies[before.zombieIndex] ?? 0)}`;
  switch (action.kind) {
    case 'activate':
      return `human ${action.human + 1} acts`;
    case 'move':
      return `${actor} moves ${way(action.dir)}`;
    case 'moveThrough':
      return `${actor} moves through friends to ${at(action.cell)}`;
    case 'drop':
      return `${actor} drops ${card(action.card)}`;
    case 'carry':
      return `${actor} shoulders human ${action.human + 1}`;
    case 'attack':
      return `${actor} attacks the zombie at ${at(action.cell)} with ${card(action.card)}`;
    case 'throw':
      return `${actor} throws ${card(action.card)} at ${at(action.cell)}`;
    case 'heal':
      return `${actor} uses ${card(action.card)} on human ${action.human + 1}`;
    case 'give':
      return `${actor} hands ${card(action.card)} to human ${action.human + 1}`;
    case 'aim':
      return `${actor} aims`;
    case 'search':
      return `${actor} searches`;
    case 'pickUp':
      return `${actor} picks up ${card(action.card)}`;
    case 'barricade':
      return `${actor} barricades the ${way(action.dir)} edge`;
    case 'unbarricade':
      return `${actor} removes the ${way(action.dir)} barricade with ${card(action.card)}`;
    case 'endActivation':
      return `${actor} ends the turn`;
    case 'discard':
      return `${actor} drops ${card(action.card)}`;
    case 'dropAt':
      return `${actor} sets the carried human down at ${at(action.cell)}`;
    case 'place':
      return `a zombie is placed at ${at(action.cell)}`;
    case 'stopSpawning':
      return 'no more zombies spawn';
    case 'zombieMove':
      return `${zombie} moves ${way(action.dir)}`;
    case 'zombieAttack':
      return `${zombie} attacks human ${action.human + 1}`;
    case 'zombieBreak':
      return `${zombie} attacks the ${way(action.dir)} barricade`;
    case 'zombieEnd':
      return `${zombie} ends its turn`;
    case 'die':
      return `die ${action.value}`;
    case 'draw':
      return `draw ${card(action.card)}`;
  }
}

function event(e: SurvivorsEvent): string {
  switch (e.type) {
    case 'action':
      return `human ${e.human + 1}: ${e.action} (${e.cost} action${e.cost === 1 ? '' : 's'})`;
    case 'pass':
      return `human ${e.human + 1} passes ${e.zombies} zombie${e.zombies === 1 ? '' : 's'}: ${e.bitten ? 'bitten' : 'not bitten'}`;
    case 'attack':
      return `human ${e.human + 1} attacks with ${e.card}${e.aimed ? ' (aimed)' : ''}: roll ${e.roll}, ${e.result}${e.broke ? ', the item breaks' : ''}`;
    case 'itemUse':
      return `human ${e.human + 1} uses ${e.card}: roll ${e.roll}, ${e.success ? 'works' : 'fails'}`;
    case 'blastKill':
      return `blast of ${e.card}: roll ${e.roll}, ${e.killed ? 'a zombie dies' : 'it survives'}`;
    case 'wound':
      return `human ${e.human + 1} is wounded by a ${e.source} (${e.wounds} wounds)`;
    case 'downed':
      return `human ${e.human + 1} is down`;
    case 'death':
      return `human ${e.human + 1} dies (${e.cause === 'bleedOut' ? 'bled out' : 'wounds'})`;
    case 'heal':
      return `human ${e.human + 1} is healed by ${e.healed}${e.revived ? ' and gets up' : ''}`;
    case 'carry':
      return `human ${e.carrier + 1} picks up human ${e.human + 1}`;
    case 'carryDrop':
      return `human ${e.carrier + 1} sets down human ${e.human + 1}`;
    case 'cardDrawn':
      return `human ${e.human + 1} draws ${e.card}${e.setup ? ' (setup)' : ''}`;
    case 'itemDropped':
      return `human ${e.human + 1} drops ${e.card} (${e.reason})`;
    case 'activationEnd':
      return `human ${e.human + 1}'s activation ends (${e.reason === 'pass' ? 'passed' : e.reason === 'downed' ? 'downed' : 'all actions spent'}${e.unspent > 0 ? `, ${e.unspent} unspent` : ''})`;
    case 'barricadeBuilt':
      return `human ${e.human + 1} builds a barricade`;
    case 'barricadeBroken':
      return `a barricade is broken by a ${e.by}`;
    case 'wallDestroyed':
      return `a ${e.window ? 'window' : 'wall'} is blown open`;
    case 'zombieAction':
      return `a zombie ${e.action === 'end' ? 'ends its turn' : e.action}s${e.roll > 0 ? `: roll ${e.roll}, ${e.success ? 'success' : 'fails'}` : ''}`;
    case 'spawn':
      return `a zombie appears (${e.source})`;
    case 'zombieKilled':
      return `a zombie is killed by ${e.by === 'blast' ? 'a blast' : 'an attack'}`;
    case 'roundEnd':
      return `round ${e.round} ends: ${e.alive} humans alive, ${e.zombies} zombies`;
    case 'matchEnd':
      return `the match ends in round ${e.round}: ${e.winner === 'draw' ? 'a draw' : `${e.winner} win`} (${e.condition}), ${e.deaths} deaths`;
  }
}

/** Survivors' map drawing. */
export const survivorsRender: GameRender<SurvivorsState, SurvivorsAction, SurvivorsEvent> = {
  size,
  board,
  // Split by how often each part changes: every distinct layer is stored once in the page.
  layers: (state) => [structure(state), spotsAndItems(state), figures(state), status(state), ...state.humans.map((_, index) => humanPanel(state, index))],
  chance,
  decision,
  event,
  keyEvent: (e) => e.type === 'death' || e.type === 'downed' || e.type === 'zombieKilled' || e.type === 'barricadeBroken' || e.type === 'wallDestroyed' || e.type === 'roundEnd' || e.type === 'matchEnd' || (e.type === 'pass' && e.bitten),
};
