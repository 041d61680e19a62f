/**
 * Integer Duel drawn for `hordelab replay --html`: the table as a spectator who sees every hand
 * would see it. Zombies above, Plants below, each with its hand face up, library and cemetery
 * (rules 1, 5, 6), this round's throw and plays (rule 8); in the middle the combatants on the
 * table with the spells cast on them (rules 3, 10) and the round's value (rule 11); the points
 * so far (rule 16).
 */
import { counted } from '../../core/counted.js';
import type { GameRender } from '../../core/game-render.js';
import type { Card } from './cards.js';
import { PLANTS, Phase, ZOMBIES, type IntegerDuelAction, type IntegerDuelEvent, type IntegerDuelState, type Side } from './types.js';

const WIDTH = 760;
const HEIGHT = 500;
const CARD_W = 36;
const CARD_H = 50;
const SIDE_NAMES = ['Plants', 'Zombies'] as const;
const SIDE_COLOURS = ['#2f855a', '#6b46c1'] as const;

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What a card shows: a combatant its value, a spell its operation. */
function face(card: Card): { main: string; small: string } {
  if (card.kind === 'combatant') return { main: card.value > 0 ? `+${card.value}` : `−${-card.value}`, small: '' };
  switch (card.operation) {
    case 'negate':
      return { main: '×−1', small: 'negate' };
    case 'double':
      return { main: '×2', small: 'double' };
    case 'annul':
      return { main: '×0', small: 'annul' };
    case 'add':
      return { main: `+${card.amount}`, small: 'add' };
    case 'subtract':
      return { main: `−${card.amount}`, small: 'subtract' };
  }
}

function cardShape(card: Card, x: number, y: number, scale = 1): string {
  const { main, small } = face(card);
  const w = CARD_W * scale;
  const h = CARD_H * scale;
  const spell = card.kind === 'spell';
  const fill = spell ? '#fff4d6' : card.value > 0 ? '#e6f4ea' : '#efe6f7';
  const ink = spell ? '#975a16' : card.value > 0 ? SIDE_COLOURS[PLANTS] : SIDE_COLOURS[ZOMBIES];
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${fill}" stroke="${ink}" stroke-width="1.2"/>` +
    `<text x="${x + w / 2}" y="${y + h / 2 + 5 * scale}" font-size="${15 * scale}" font-weight="bold" fill="${ink}" text-anchor="middle">${escape(main)}</text>` +
    (small === '' ? '' : `<text x="${x + w / 2}" y="${y + h - 5 * scale}" font-size="${7.5 * scale}" fill="${ink}" text-anchor="middle">${small}</text>`)
  );
}

/** Card ids held, one per card, in id order. */
function cardList(counts: readonly number[]): number[] {
  return counts.flatMap((count, card) => Array.from({ length: count }, () => card));
}

const HAND_LEFT = 150;
const CEMETERY_LEFT = WIDTH - 166;

/** One side's band frame, name, points, throw and plays, and library. */
function sideStatus(state: IntegerDuelState, side: Side, top: number): string {
  const colour = SIDE_COLOURS[side];
  const acting = state.phase !== Phase.Over && state.current === side;
  const parts: string[] = [
    `<rect x="8" y="${top}" width="${WIDTH - 16}" height="132" rx="8" fill="${side === PLANTS ? '#f3faf5' : '#f7f3fc'}" stroke="${acting ? '#f6ad55' : '#e2e8f0'}" stroke-width="${acting ? 3 : 1}"/>`,
    `<text x="20" y="${top + 22}" font-size="15" font-weight="bold" fill="${colour}">${SIDE_NAMES[side]}</text>`,
    `<text x="20" y="${top + 40}" font-size="11" fill="#444">${state.points[side] === 0 ? 0 : side === PLANTS ? state.points[side] : `−${Math.abs(state.points[side])}`} points</text>`,
  ];
  const throwText = state.throws[side] > 0 ? `throw ${state.throws[side]}, played ${state.played[side]}${state.done[side] ? ', done' : ''}` : 'no throw yet';
  parts.push(`<text x="20" y="${top + 56}" font-size="11" fill="#444">${throwText}</text>`);
  // The library as a face-down pile with its size.
  parts.push(
    `<rect x="22" y="${top + 66}" width="${CARD_W}" height="${CARD_H}" rx="4" fill="${colour}" opacity="0.85"/><rect x="26" y="${top + 70}" width="${CARD_W - 8}" height="${CARD_H - 8}" rx="3" fill="none" stroke="white" stroke-opacity="0.6"/>` +
      `<text x="${22 + CARD_W / 2}" y="${top + 96}" font-size="13" font-weight="bold" fill="white" text-anchor="middle">${state.librarySizes[side]}</text><text x="${22 + CARD_W / 2}" y="${top + 128}" font-size="8.5" fill="#555" text-anchor="middle">library</text>`,
  );
  return parts.join('');
}

/** One side's hand, face up: the replay's viewer sees every hand. */
function hand(state: IntegerDuelState, side: Side, top: number): string {
  const cards = state.config.cards;
  const held = cardList(state.hands[side]);
  const parts: string[] = [`<text x="${HAND_LEFT}" y="${top + 22}" font-size="11" fill="#555">hand (${held.length})</text>`];
  const fitsAtFullSize = Math.floor((CEMETERY_LEFT - HAND_LEFT - 10) / (CARD_W + 4));
  const scale = held.length > fitsAtFullSize ? 0.78 : 1;
  const fits = Math.floor((CEMETERY_LEFT - HAND_LEFT - 10) / (CARD_W * scale + 4));
  held.slice(0, fits * 2).forEach((card, index) => {
    const row = Math.floor(index / fits);
    const x = HAND_LEFT + (index % fits) * (CARD_W * scale + 4);
    const y = top + 30 + row * (CARD_H * scale + 4);
    parts.push(cardShape(cards[card] as Card, x, y, scale));
  });
  if (held.length > fits * 2) parts.push(`<text x="${CEMETERY_LEFT - 30}" y="${top + 124}" font-size="11" fill="#555">+${held.length - fits * 2}</text>`);
  return parts.join('');
}

/** One side's cemetery: a face-up pile, its size and what is in it. */
function cemeteryPile(state: IntegerDuelState, side: Side, top: number): string {
  const cards = state.config.cards;
  const parts: string[] = [];
  const cemetery = state.cemeteries[side];
  const size = cemetery.reduce((sum, count) => sum + count, 0);
  const x = CEMETERY_LEFT;
  parts.push(`<text x="${x}" y="${top + 22}" font-size="11" fill="#555">cemetery (${size})</text>`);
  const contents = cemetery
    .map((count, card) => (count > 0 ? `${face(cards[card] as Card).small || face(cards[card] as Card).main}${count > 1 ? `×${count}` : ''}` : ''))
    .filter((text) => text !== '');
  const lines: string[] = [];
  for (const item of contents) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last}  ${item}`.length <= 24) lines[lines.length - 1] = `${last}  ${item}`;
    else lines.push(item);
  }
  lines.slice(0, 6).forEach((line, index) => parts.push(`<text x="${x}" y="${top + 40 + index * 15}" font-size="11" fill="#333">${escape(line)}</text>`));
  return parts.join('');
}

/** The table: each combatant with its spells, its current value, and the round's value. */
function table(state: IntegerDuelState): string {
  const cards = state.config.cards;
  const top = 178;
  const parts: string[] = [`<text x="20" y="${top - 8}" font-size="11" fill="#555">table</text>`];
  state.table.forEach((entry, index) => {
    const x = 20 + index * 62;
    if (x > WIDTH - 200) return;
    parts.push(cardShape(cards[entry.card] as Card, x, top, 1));
    // The spells cast on it, in the order cast, as chips under the card.
    entry.spells.slice(0, 4).forEach((spell, s) => {
      const y = top + CARD_H + 4 + s * 15;
      parts.push(
        `<rect x="${x - 4}" y="${y}" width="${CARD_W + 8}" height="13" rx="3" fill="#fff4d6" stroke="#975a16" stroke-width="0.8"/>` +
          `<text x="${x + CARD_W / 2}" y="${y + 10}" font-size="9.5" fill="#975a16" text-anchor="middle">${escape(face(cards[spell] as Card).main)}</text>`,
      );
    });
    const value = entry.value;
    const badge = top + CARD_H + 8 + Math.min(entry.spells.length, 4) * 15;
    parts.push(
      `<rect x="${x + 2}" y="${badge}" width="${CARD_W - 4}" height="18" rx="9" fill="${value > 0 ? SIDE_COLOURS[PLANTS] : value < 0 ? SIDE_COLOURS[ZOMBIES] : '#a0aec0'}"/>` +
        `<text x="${x + CARD_W / 2}" y="${badge + 13}" font-size="11" font-weight="bold" fill="white" text-anchor="middle">${value > 0 ? `+${value}` : value}</text>`,
    );
  });
  if (state.table.length > Math.floor((WIDTH - 200) / 62) + 1) parts.push(`<text x="${WIDTH - 190}" y="${top + 30}" font-size="11" fill="#555">+${state.table.length - Math.floor((WIDTH - 200) / 62) - 1} more</text>`);
  const value = state.table.reduce((sum, entry) => sum + entry.value, 0);
  const leader = value > 0 ? 'Plants lead' : value < 0 ? 'Zombies lead' : state.table.length === 0 ? 'empty' : 'a tie';
  parts.push(
    `<text x="${WIDTH - 24}" y="${top + 18}" font-size="11" fill="#555" text-anchor="end">round value</text>` +
      `<text x="${WIDTH - 24}" y="${top + 62}" font-size="40" font-weight="bold" fill="${value > 0 ? SIDE_COLOURS[PLANTS] : value < 0 ? SIDE_COLOURS[ZOMBIES] : '#718096'}" text-anchor="end">${value > 0 ? `+${value}` : value}</text>` +
      `<text x="${WIDTH - 24}" y="${top + 82}" font-size="11" fill="#555" text-anchor="end">${leader}</text>`,
  );
  return parts.join('');
}

/** Round, starter, who acts, and the match's end. */
function status(state: IntegerDuelState): string {
  const starter = SIDE_NAMES[state.starter];
  const text =
    state.phase === Phase.Over
      ? `Over after ${counted(state.round, 'round')}: ${state.winner === -1 ? 'a draw' : `${SIDE_NAMES[state.winner]} win`}, points ${state.points[0]} to ${state.points[1]}${state.capped ? ' (capped)' : ''}`
      : `Round ${state.round}${state.lastRound ? ' (the last: a library is empty)' : ''} · ${starter} started · ${SIDE_NAMES[state.current]} to ${['toss', 'take the opening hand', 'throw', 'draw', 'draw', 'play', ''][state.phase] ?? 'act'}`;
  return `<text x="${WIDTH / 2}" y="${HEIGHT - 8}" font-size="12.5" font-weight="bold" fill="#222" text-anchor="middle">${escape(text)}</text>`;
}

function chance(before: IntegerDuelState, action: IntegerDuelAction): string {
  const value = action.kind === 'chance' ? action.value : Number.NaN;
  const side = SIDE_NAMES[before.current];
  switch (before.phase) {
    case Phase.Coin:
      return `coin: ${SIDE_NAMES[value as Side]} start round 1`;
    case Phase.Throw:
      return `${side} throw the die: ${value}`;
    case Phase.Deal:
      return `${side} are dealt ${before.config.cards[value]?.name ?? value}`;
    case Phase.LibraryCard:
      return `${side} draw ${before.config.cards[value]?.name ?? value} from the library`;
    default:
      return `chance ${value}`;
  }
}

function decision(before: IntegerDuelState, action: IntegerDuelAction): string {
  const name = (card: number): string => before.config.cards[card]?.name ?? String(card);
  switch (action.kind) {
    case 'drawLibrary':
      return 'draw from the library';
    case 'drawCemetery':
      return `take ${name(action.card)} back from their cemetery`;
    case 'combatant':
      return `put down ${name(action.card)}`;
    case 'spell': {
      const target = before.table[action.target];
      return `cast ${name(action.card)} on ${target === undefined ? 'a combatant' : `the ${name(target.card)} (now ${target.value})`}`;
    }
    case 'pass':
      return 'pass';
    case 'chance':
      return `chance ${action.value}`;
  }
}

function event(e: IntegerDuelEvent): string {
  switch (e.type) {
    case 'starter':
      return `${SIDE_NAMES[e.side]} start round 1`;
    case 'throw':
      return `${SIDE_NAMES[e.side]} throw ${e.value}`;
    case 'cardDrawn':
      return `${SIDE_NAMES[e.side]} take ${e.card} from the ${e.from}${e.opening ? ' (opening hand)' : ''}`;
    case 'cardPlayed':
      return e.kind === 'combatant'
        ? `${SIDE_NAMES[e.side]} put down ${e.card}: round value ${e.roundValueBefore} → ${e.roundValueAfter}`
        : `${SIDE_NAMES[e.side]} cast ${e.card} on ${e.target} (${e.valueBefore} → ${e.valueAfter}): round value ${e.roundValueBefore} → ${e.roundValueAfter}`;
    case 'pass':
      return `${SIDE_NAMES[e.side]} pass`;
    case 'roundStart':
      return `round ${e.round} begins, ${SIDE_NAMES[e.starter]} start${e.last ? '; it is the last' : ''}`;
    case 'roundScored':
      return `round ${e.round} scores ${e.value}: ${e.winner === -1 ? 'a tie, the table stays' : `${SIDE_NAMES[e.winner]} take ${e.cards} cards`}; points ${e.points[0]} to ${e.points[1]}`;
    case 'matchEnd':
      return `the match ends: ${e.winner === -1 ? 'a draw' : `${SIDE_NAMES[e.winner]} win`}, points ${e.points[0]} to ${e.points[1]} after ${counted(e.rounds, 'round')}`;
  }
}

/** Integer Duel's table drawing. */
export const integerDuelRender: GameRender<IntegerDuelState, IntegerDuelAction, IntegerDuelEvent> = {
  size: () => ({ width: WIDTH, height: HEIGHT }),
  board: () => `<rect width="100%" height="100%" fill="white"/><rect x="8" y="150" width="${WIDTH - 16}" height="${HEIGHT - 150 - 160}" rx="10" fill="#fbf7ee" stroke="#e8dcc0"/>`,
  // Split by how often each part changes: every distinct layer is stored once in the page.
  layers: (state) => [
    ...([ZOMBIES, PLANTS] as const).flatMap((side) => {
      const top = side === ZOMBIES ? 10 : HEIGHT - 152;
      return [sideStatus(state, side, top), hand(state, side, top), cemeteryPile(state, side, top)];
    }),
    table(state),
    status(state),
  ],
  chance,
  decision,
  event,
  keyEvent: (e) => e.type === 'roundScored' || e.type === 'matchEnd',
};
