/**
 * Survivors maps (rules 1–4): text with cells and the edges between them, compiled into flat
 * arrays shared by every state of a run.
 *
 * Format: (2·height + 1) lines of (2·width + 1) characters. The outer frame is decoration.
 * Cell (x, y) is at line 2y + 2, column 2x + 2 (1-based):
 *   `.` floor   `#` obstacle (furniture, bushes)   `?` search spot   `Z` spawn point
 *   `H` start cell   `E` exit cell
 * The edge right of a cell is the character after it; the edge below it the character under it:
 *   ` ` open   `|` or `-` wall   `w` window   `d` doorway   `b` barricaded doorway
 *   `B` barricaded window
 * Corner characters between edges (`+`, `-`, `|` or a space) are decoration.
 */
import { MAX_MAP_CELLS } from '../../core/input-bounds.js';
import { filledArray } from '../../core/state-arrays.js';

/** Edge kinds. `Destroyed` is a wall or window blown open (rule 43), crossed like an open edge. */
export const Edge = { Open: 0, Wall: 1, Window: 2, Doorway: 3, Destroyed: 4 } as const;
export type Edge = (typeof Edge)[keyof typeof Edge];

/** Cell terrain. */
export const Terrain = { Floor: 0, Obstacle: 1 } as const;

/** Direction offsets: north, east, south, west. */
export const DX = [0, 1, 0, -1] as const;
export const DY = [-1, 0, 1, 0] as const;

/** A problem with a map, located by 1-based line and column where it has one. */
export interface MapIssue {
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

/** An immutable compiled map. Cells are indexed `y * width + x`. */
export interface SurvivorsMap {
  readonly width: number;
  readonly height: number;
  readonly cells: number;
  readonly terrain: number[];
  readonly searchSpot: Uint8Array;
  readonly exit: Uint8Array;
  readonly spawnPoints: readonly number[];
  readonly startCells: readonly number[];
  /** Exit cells and search-spot cells, in reading order (the heuristic measures distances to them). */
  readonly exitCells: readonly number[];
  readonly searchSpotCells: readonly number[];
  /** Each cell's index in `searchSpotCells`, −1 on cells that are no search spot. */
  readonly spotOf: Int32Array;
  /** Edge kinds at the start of a match; edges `0 .. (width−1)·height − 1` are vertical. */
  readonly edges: number[];
  /** 1 on edges that start barricaded. */
  readonly barricades: number[];
  /** Neighbour cell per cell and direction (`cell * 4 + dir`), −1 off the board. */
  readonly neighbour: Int32Array;
  /** Edge index per cell and direction, −1 off the board. */
  readonly edgeOf: Int32Array;
  /** The two cells of each edge. */
  readonly edgeCells: Int32Array;
}

const CELL_CHARS = '.#?ZHE';
const EDGE_CHARS: Record<string, [Edge, boolean]> = {
  ' ': [Edge.Open, false],
  '|': [Edge.Wall, false],
  '-': [Edge.Wall, false],
  w: [Edge.Window, false],
  d: [Edge.Doorway, false],
  b: [Edge.Doorway, true],
  B: [Edge.Window, true],
};
const DECORATION = '+-| ';

/** Parses and validates map text. Returns the map, or every problem found (up to 20). */
export function parseMap(text: string): { ok: true; map: SurvivorsMap } | { ok: false; issues: MapIssue[] } {
  const raw = text.replace(/\r\n?/g, '\n').split('\n');
  let firstLine = 1;
  while (raw.length > 0 && raw[0]?.trim() === '') {
    raw.shift();
    firstLine++;
  }
  while (raw.length > 0 && raw[raw.length - 1]?.trim() === '') raw.pop();
  const issues: MapIssue[] = [];
  const lineLength = raw[0]?.trimEnd().length ?? 0;
  if (raw.length < 3 || lineLength < 3 || lineLength % 2 === 0 || raw.length % 2 === 0) {
    return {
      ok: false,
      issues: [
        {
          message:
            `expected (2·height + 1) lines of (2·width + 1) characters with a frame, cells at even positions and edges between; ` +
            `got ${raw.length} lines, the first ${lineLength} characters long`,
          line: firstLine,
        },
      ],
    };
  }
  const width = (lineLength - 1) / 2;
  const height = (raw.length - 1) / 2;
  const cells = width * height;
  // Before any cell is read: a map past any board exhausted the heap mid-run (audit 42f F5).
  if (cells > MAX_MAP_CELLS) return { ok: false, issues: [{ message: `the map is ${width} × ${height}, ${cells} cells; expected at most ${MAX_MAP_CELLS} cells`, line: firstLine }] };
  const vertical = (width - 1) * height;
  const edgeCount = vertical + width * (height - 1);
  // Plain arrays (see core/state-arrays.ts): a state copies them at every clone once its board has changed.
  const terrain = filledArray(cells, 0);
  const searchSpot = new Uint8Array(cells);
  const exit = new Uint8Array(cells);
  const edges = filledArray(edgeCount, 0);
  const barricades = filledArray(edgeCount, 0);
  const spawnPoints: number[] = [];
  const startCells: number[] = [];
  const report = (message: string, row: number, col: number): void => {
    if (issues.length < 20) issues.push({ message, line: firstLine + row, column: col + 1 });
  };
  raw.forEach((rowText, row) => {
    const trimmed = rowText.trimEnd();
    // A shorter line would be read as if spaces followed: open edges where a wall line was cut
    // short (audit 26b: walls vanished, exit 0). Only the frame's last character, decoration that
    // an editor's trimming may take when it is a space, may be missing.
    if (trimmed.length > lineLength || trimmed.length < lineLength - 1) report(`line is ${trimmed.length} characters long; expected ${lineLength} like the first line`, row, Math.min(trimmed.length, lineLength));
    const line = trimmed.padEnd(lineLength, ' ');
    for (let col = 0; col < lineLength; col++) {
      const ch = line[col] as string;
      const frame = row === 0 || row === raw.length - 1 || col === 0 || col === lineLength - 1;
      const rowOdd = row % 2 === 1;
      const colOdd = col % 2 === 1;
      if (frame || (!rowOdd && !colOdd)) {
        if (!DECORATION.includes(ch)) report(`unexpected "${ch}" on a ${frame ? 'frame' : 'corner'} position; expected one of "+", "-", "|" or a space`, row, col);
        continue;
      }
      const x = (col - 1) >> 1;
      const y = (row - 1) >> 1;
      if (rowOdd && colOdd) {
        const cell = y * width + x;
        if (!CELL_CHARS.includes(ch)) {
          report(`unknown cell "${ch}"; expected "." floor, "#" obstacle, "?" search spot, "Z" spawn, "H" start or "E" exit`, row, col);
          continue;
        }
        if (ch === '#') terrain[cell] = Terrain.Obstacle;
        else if (ch === '?') searchSpot[cell] = 1;
        else if (ch === 'Z') spawnPoints.push(cell);
        else if (ch === 'H') startCells.push(cell);
        else if (ch === 'E') exit[cell] = 1;
        continue;
      }
      const kind = EDGE_CHARS[ch];
      if (kind === undefined) {
        report(`unknown edge "${ch}"; expected " " open, "|" or "-" wall, "w" window, "d" doorway, "b" barricaded doorway or "B" barricaded window`, row, col);
        continue;
      }
      // Odd row, even column: the edge east of cell (x, y); even row, odd column: south of it.
      const edge = rowOdd ? ((col - 2) >> 1) + y * (width - 1) : vertical + ((row - 2) >> 1) * width + x;
      edges[edge] = kind[0];
      barricades[edge] = kind[1] ? 1 : 0;
    }
  });
  if (issues.length > 0) return { ok: false, issues };

  const neighbour = new Int32Array(cells * 4).fill(-1);
  const edgeOf = new Int32Array(cells * 4).fill(-1);
  const edgeCells = new Int32Array(edgeCount * 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = y * width + x;
      if (x < width - 1) {
        const edge = y * (width - 1) + x;
        neighbour[cell * 4 + 1] = cell + 1;
        edgeOf[cell * 4 + 1] = edge;
        neighbour[(cell + 1) * 4 + 3] = cell;
        edgeOf[(cell + 1) * 4 + 3] = edge;
        edgeCells[edge * 2] = cell;
        edgeCells[edge * 2 + 1] = cell + 1;
      }
      if (y < height - 1) {
        const edge = vertical + y * width + x;
        neighbour[cell * 4 + 2] = cell + width;
        edgeOf[cell * 4 + 2] = edge;
        neighbour[(cell + width) * 4] = cell;
        edgeOf[(cell + width) * 4] = edge;
        edgeCells[edge * 2] = cell;
        edgeCells[edge * 2 + 1] = cell + width;
      }
    }
  }
  const exitCells: number[] = [];
  const searchSpotCells: number[] = [];
  for (let cell = 0; cell < cells; cell++) {
    if (exit[cell] === 1) exitCells.push(cell);
    if (searchSpot[cell] === 1) searchSpotCells.push(cell);
  }
  const spotOf = new Int32Array(cells).fill(-1);
  searchSpotCells.forEach((cell, spot) => {
    spotOf[cell] = spot;
  });
  const map: SurvivorsMap = { width, height, cells, terrain, searchSpot, exit, spawnPoints, startCells, exitCells, searchSpotCells, spotOf, edges, barricades, neighbour, edgeOf, edgeCells };
  const at = (cell: number): { line: number; column: number } => ({
    line: firstLine + 2 * Math.floor(cell / width) + 1,
    column: 2 * (cell % width) + 2,
  });
  if (startCells.length === 0) issues.push({ message: 'the map has no start cell ("H")' });
  if (spawnPoints.length === 0) issues.push({ message: 'the map has no spawn point ("Z")' });
  // Everything a match needs must be reachable by walking (barricades can be broken, walls not).
  if (startCells.length > 0) {
    const seen = new Uint8Array(cells);
    const queue = [startCells[0] as number];
    seen[queue[0] as number] = 1;
    while (queue.length > 0) {
      const cell = queue.pop() as number;
      for (let dir = 0; dir < 4; dir++) {
        const next = neighbour[cell * 4 + dir] as number;
        if (next < 0 || seen[next] === 1 || edges[edgeOf[cell * 4 + dir] as number] === Edge.Wall) continue;
        seen[next] = 1;
        queue.push(next);
      }
    }
    const needed = [...startCells, ...spawnPoints];
    for (let cell = 0; cell < cells; cell++) if (searchSpot[cell] === 1 || exit[cell] === 1) needed.push(cell);
    for (const cell of needed) {
      if (seen[cell] === 0 && issues.length < 20) {
        issues.push({ message: `cell (${cell % width}, ${Math.floor(cell / width)}) cannot be reached from the first start cell: walls close it off`, ...at(cell) });
      }
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, map };
}

/** Counts of what a map holds, for the parameters that describe it (rule 2). */
export function mapCounts(map: SurvivorsMap): { windows: number; doorways: number; searchSpots: number; spawnPoints: number; startCells: number; exits: number } {
  let windows = 0;
  let doorways = 0;
  for (const edge of map.edges) {
    if (edge === Edge.Window) windows++;
    else if (edge === Edge.Doorway) doorways++;
  }
  let searchSpots = 0;
  let exits = 0;
  for (let cell = 0; cell < map.cells; cell++) {
    searchSpots += map.searchSpot[cell] as number;
    exits += map.exit[cell] as number;
  }
  return { windows, doorways, searchSpots, spawnPoints: map.spawnPoints.length, startCells: map.startCells.length, exits };
}

/**
 * The default map of rule 2: 20 × 20; a 10 × 8 house of four rooms joined by open gaps, with 2
 * doorways, 6 windows and 6 furniture cells; a yard with 8 bushes; 16 search spots; 4 start cells
 * indoors; 8 spawn points, 2 on each board edge; and 4 exit cells where the car stands (rule 61).
 */
export const DEFAULT_MAP = [
  '+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+',
  '|. . . . Z . . . . . . . . . . Z . . . .|',
  '|                                       |',
  '|. . . . . . . . . . . . . . . . . . . .|',
  '|                                       |',
  '|. . ? . . . . . . ? . . . . . . . ? . .|',
  '|                                       |',
  '|. . . # # . . . . . . . . . . # # . . .|',
  '|                                       |',
  '|Z . . . . . . . . . . . . . . . . . . Z|',
  '|                                       |',
  '|. . . . . . . . . . . . . . . . . . . .|',
  '|         +-+-+d+-+-+-+-+w+-+-+         |',
  '|. . . . .|. . . . ?|? # . . .|. . . . .|',
  '|         +         +         +         |',
  '|. . . . .|. . . # . . . . . .|. . . . .|',
  '|         +         +         +         |',
  '|. . . . .w. # . H .|. H . # .w. . . . .|',
  '|         +         +         +         |',
  '|. . . . .|? . . . .|. . . . ?|. . ? . .|',
  '|         +-+-+ +-+-+-+-+ +-+-+         |',
  '|. . ? . .|? . . . .|. . . . .|. . . . .|',
  '|         +         +         +         |',
  '|. . . . .w. . . H .|. H . # .w. . . . .|',
  '|         +         +         +         |',
  '|. . . . .|. # . . . . . . . ?|. . . . .|',
  '|         +         +         +         |',
  '|. . . . .|. . . . ?|? . . . .|. . . . .|',
  '|         +-+-+w+-+-+-+-+d+-+-+         |',
  '|. . . . . . . . . . . . . . . . . . . .|',
  '|                                       |',
  '|Z . . . . . . . . . . . . . . . . . . Z|',
  '|                                       |',
  '|. . . # # . . . . . . . . . . # # . . .|',
  '|                                       |',
  '|. . ? . . . . . . . ? . . . . . . ? . .|',
  '|                                       |',
  '|. . . . . . . . . E E . . . . . . . . .|',
  '|                                       |',
  '|. . . . Z . . . . E E . . . . Z . . . .|',
  '+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+',
].join('\n');
