/**
 * Zombie Trainers maps: rows of text, `.` grass and `#` rock (rule 2), compiled into flat arrays
 * for fast path-finding, and validated: rectangular, only known characters, every grass cell
 * reachable from every other, room for both trainers and the starting zombies.
 */
import { MAX_MAP_CELLS } from '../../core/input-bounds.js';

/** The default map of rule 2: 10 × 10 with a few rock clusters, all grass connected. */
export const DEFAULT_MAP = [
  '..........',
  '..##......',
  '..##...#..',
  '.......#..',
  '....#.....',
  '...###....',
  '..........',
  '.#.....##.',
  '.#.....#..',
  '..........',
].join('\n');

/** A problem with a map, located by 1-based line and column where it has one. */
export interface MapIssue {
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

/** An immutable compiled map, shared by every state of a run. */
export interface GrassMap {
  readonly width: number;
  readonly height: number;
  /** 1 where the cell (index `y * width + x`) is grass. */
  readonly grass: Uint8Array;
  /** Grass cell indices in row-major order (y, then x), from the top-left. */
  readonly grassCells: Int32Array;
  /** Four orthogonal neighbours per cell (up, left, right, down), -1 off the map or on rock. */
  readonly grassNeighbours: Int32Array;
  /**
   * Each cell's column and row: distances read them where `%` and `/` by the width would cost an
   * integer division each (move generation and the heuristic, at every decision).
   */
  readonly column: Int32Array;
  readonly row: Int32Array;
}

/**
 * Splits map text into rows, dropping surrounding blank lines. `firstLine` is the 1-based line
 * of the first row in the text as given, so errors point where the user looks.
 */
function mapRows(text: string): { rows: string[]; firstLine: number } {
  const rows = text.replace(/\r\n?/g, '\n').split('\n');
  while (rows.length > 0 && rows[rows.length - 1]?.trim() === '') rows.pop();
  let firstLine = 1;
  while (rows.length > 0 && rows[0]?.trim() === '') {
    rows.shift();
    firstLine++;
  }
  return { rows: rows.map((row) => row.trimEnd()), firstLine };
}

/** Parses and validates map text. Returns the map, or every problem found. */
export function parseMap(text: string): { ok: true; map: GrassMap } | { ok: false; issues: MapIssue[] } {
  const { rows, firstLine } = mapRows(text);
  const issues: MapIssue[] = [];
  if (rows.length === 0) return { ok: false, issues: [{ message: 'the map is empty; expected rows of "." (grass) and "#" (rock)' }] };
  const width = rows[0]?.length ?? 0;
  // Before any cell is read: a 7000 × 7000 map passed and then exhausted the heap mid-run (audit 42f F5).
  if (width * rows.length > MAX_MAP_CELLS) return { ok: false, issues: [{ message: `the map is ${width} × ${rows.length}, ${width * rows.length} cells; expected at most ${MAX_MAP_CELLS} cells` }] };
  rows.forEach((row, y) => {
    if (row.length !== width) {
      issues.push({ line: y + firstLine, message: `row has ${row.length} cells, expected ${width} like the first row` });
    }
    for (let x = 0; x < row.length; x++) {
      const char = row[x];
      if (char !== '.' && char !== '#') {
        issues.push({ line: y + firstLine, column: x + 1, message: `unexpected "${char}", expected "." (grass) or "#" (rock)` });
      }
    }
  });
  if (issues.length > 0) return { ok: false, issues };

  const height = rows.length;
  const grass = new Uint8Array(width * height);
  const cells: number[] = [];
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) {
      if (row[x] === '.') {
        grass[y * width + x] = 1;
        cells.push(y * width + x);
      }
    }
  });
  const neighbours = new Int32Array(width * height * 4).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = y * width + x;
      if (grass[cell] !== 1) continue;
      const around = [
        y > 0 ? cell - width : -1,
        x > 0 ? cell - 1 : -1,
        x < width - 1 ? cell + 1 : -1,
        y < height - 1 ? cell + width : -1,
      ];
      around.forEach((next, k) => {
        if (next >= 0 && grass[next] === 1) neighbours[cell * 4 + k] = next;
      });
    }
  }
  const column = new Int32Array(width * height);
  const row = new Int32Array(width * height);
  // Stryker disable next-line EqualityOperator: (<=) a typed array ignores the write one past its end
  for (let cell = 0; cell < width * height; cell++) {
    column[cell] = cell % width;
    row[cell] = Math.floor(cell / width);
  }
  const map: GrassMap = { width, height, grass, grassCells: Int32Array.from(cells), grassNeighbours: neighbours, column, row };

  if (cells.length < 2) {
    return { ok: false, issues: [{ message: `the map has ${cells.length} grass cell(s); both trainers need one each` }] };
  }
  const unreachable = firstUnreachableGrass(map);
  if (unreachable >= 0) {
    return {
      ok: false,
      issues: [
        {
          line: Math.floor(unreachable / width) + firstLine,
          column: (unreachable % width) + 1,
          message:
            'this grass cell cannot be reached from the first grass cell; every grass cell must be ' +
            'reachable from every other (rule 2)',
        },
      ],
    };
  }
  return { ok: true, map };
}

/** The first grass cell (row-major) not connected to the first grass cell, or -1. */
function firstUnreachableGrass(map: GrassMap): number {
  const seen = new Uint8Array(map.width * map.height);
  const start = map.grassCells[0] ?? 0;
  const queue = [start];
  seen[start] = 1;
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head] as number;
    for (let k = 0; k < 4; k++) {
      const next = map.grassNeighbours[cell * 4 + k] as number;
      if (next >= 0 && seen[next] === 0) {
        seen[next] = 1;
        queue.push(next);
      }
    }
  }
  for (const cell of map.grassCells) if (seen[cell] === 0) return cell;
  return -1;
}

const compiled = new Map<string, GrassMap>();

/**
 * The compiled map for already-validated text, cached: every match of a run shares one
 * immutable map instead of re-parsing it.
 */
export function compiledMap(text: string): GrassMap {
  let map = compiled.get(text);
  if (map === undefined) {
    const parsed = parseMap(text);
    if (!parsed.ok) throw new Error(`invalid map reached the rules: ${parsed.issues[0]?.message}`);
    map = parsed.map;
    compiled.set(text, map);
  }
  return map;
}
