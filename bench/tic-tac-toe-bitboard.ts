/**
 * A hand-written, allocation-free tic-tac-toe: two 9-bit boards, a xorshift generator, and a UCT
 * search over preallocated typed arrays. No game contract, no objects in the loop. It is the
 * practical limit of Node for this work, the yardstick `npm run bench` holds the generic
 * contract against. Benchmark-only code: nothing in Hordelab uses it.
 */

const WIN_MASKS = [0b111, 0b111000, 0b111000000, 0b1001001, 0b10010010, 0b100100100, 0b100010001, 0b1010100];
const FULL = 0b111111111;

/** WINNING[board] is 1 when the 9-bit board holds a line: one lookup instead of eight tests. */
const WINNING = new Uint8Array(512);
/** POPCOUNT[mask] and NTH_CELL[mask * 9 + k], the k-th set bit of a 9-bit mask. */
const POPCOUNT = new Uint8Array(512);
const NTH_CELL = new Int8Array(512 * 9).fill(-1);
for (let board = 0; board < 512; board++) {
  WINNING[board] = WIN_MASKS.some((mask) => (board & mask) === mask) ? 1 : 0;
  let k = 0;
  for (let cell = 0; cell < 9; cell++) {
    if ((board >>> cell) & 1) NTH_CELL[board * 9 + k++] = cell;
  }
  POPCOUNT[board] = k;
}

function isWin(board: number): boolean {
  return WINNING[board] === 1;
}

/** xorshift32: enough for a benchmark, seeded, no allocation. */
let seed = 0x9e3779b9;
function nextInt(n: number): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
}

/** Picks a uniformly random empty cell of `empty` (a 9-bit mask). */
function randomEmptyCell(empty: number): number {
  return NTH_CELL[empty * 9 + nextInt(POPCOUNT[empty] as number)] as number;
}

/**
 * Plays a random game from the given position; returns +1 if X wins, -1 if O wins, 0 for a draw.
 */
function randomPlayout(xBoard: number, oBoard: number, xToMove: boolean): number {
  let x = xBoard;
  let o = oBoard;
  let xTurn = xToMove;
  // The generator state lives in a local for the loop: module variables cost a load and a store.
  let s = seed;
  let result = 0;
  for (;;) {
    const empty = FULL & ~(x | o);
    if (empty === 0) break;
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const bit = 1 << (NTH_CELL[empty * 9 + (s >>> 0) % (POPCOUNT[empty] as number)] as number);
    if (xTurn) {
      x |= bit;
      if (WINNING[x] === 1) {
        result = 1;
        break;
      }
    } else {
      o |= bit;
      if (WINNING[o] === 1) {
        result = -1;
        break;
      }
    }
    xTurn = !xTurn;
  }
  seed = s;
  return result;
}

/** Random games per second. */
export function bitboardRandomGames(games: number): void {
  for (let i = 0; i < games; i++) randomPlayout(0, 0, true);
}

// UCT over a node pool: children of node n are found through first-child / next-sibling links.
const POOL = 1 << 20;
const nodeMove = new Int8Array(POOL);
const nodeVisits = new Float64Array(POOL);
const nodeReward = new Float64Array(POOL);
const nodeFirstChild = new Int32Array(POOL);
const nodeNextSibling = new Int32Array(POOL);
const nodeUntried = new Int16Array(POOL);
let poolSize = 0;

function newNode(move: number, untried: number): number {
  const node = poolSize++;
  nodeMove[node] = move;
  nodeVisits[node] = 0;
  nodeReward[node] = 0;
  nodeFirstChild[node] = -1;
  nodeNextSibling[node] = -1;
  nodeUntried[node] = untried;
  return node;
}

const path = new Int32Array(16);

/** Runs `iterations` UCT iterations from the empty board; returns the most visited move. */
export function bitboardUct(iterations: number, c = Math.SQRT2): number {
  poolSize = 0;
  const root = newNode(-1, FULL);
  for (let it = 0; it < iterations; it++) {
    if (poolSize > POOL - 16) poolSize = 1; // never reached at benchmark sizes; keeps the loop safe
    let x = 0;
    let o = 0;
    let xTurn = true;
    let node = root;
    let depth = 0;
    path[depth++] = root;
    let result = 2; // 2: not decided yet
    // Select while fully expanded.
    while (nodeUntried[node] === 0 && nodeFirstChild[node] !== -1) {
      let best = -1;
      let bestScore = -Infinity;
      const logN = Math.log(nodeVisits[node] as number);
      for (let child = nodeFirstChild[node] as number; child !== -1; child = nodeNextSibling[child] as number) {
        const visits = nodeVisits[child] as number;
        const score = (nodeReward[child] as number) / visits + c * Math.sqrt(logN / visits);
        if (score > bestScore) {
          bestScore = score;
          best = child;
        }
      }
      node = best;
      path[depth++] = node;
      const bit = 1 << (nodeMove[node] as number);
      if (xTurn) x |= bit;
      else o |= bit;
      if (isWin(xTurn ? x : o)) {
        result = xTurn ? 1 : -1;
        break;
      }
      xTurn = !xTurn;
      if ((x | o) === FULL) {
        result = 0;
        break;
      }
    }
    // Expand one untried move.
    if (result === 2 && nodeUntried[node] !== 0) {
      const move = randomEmptyCell(nodeUntried[node] as number);
      nodeUntried[node] = (nodeUntried[node] as number) & ~(1 << move);
      const bit = 1 << move;
      const nx = xTurn ? x | bit : x;
      const no = xTurn ? o : o | bit;
      const child = newNode(move, FULL & ~(nx | no));
      nodeNextSibling[child] = nodeFirstChild[node] as number;
      nodeFirstChild[node] = child;
      path[depth++] = child;
      x = nx;
      o = no;
      if (isWin(xTurn ? x : o)) {
        result = xTurn ? 1 : -1;
        nodeUntried[child] = 0;
      } else if ((x | o) === FULL) {
        result = 0;
      }
      xTurn = !xTurn;
    }
    // Roll out.
    if (result === 2) result = randomPlayout(x, o, xTurn);
    // Back up: a node scores for the player who moved into it (X at odd depths from the root).
    for (let i = 0; i < depth; i++) {
      const visited = path[i] as number;
      nodeVisits[visited] = (nodeVisits[visited] as number) + 1;
      if (i > 0) {
        const moverIsX = i % 2 === 1;
        const score = result === 0 ? 0.5 : (result === 1) === moverIsX ? 1 : 0;
        nodeReward[visited] = (nodeReward[visited] as number) + score;
      }
    }
  }
  let best = -1;
  let bestVisits = -1;
  for (let child = nodeFirstChild[root] as number; child !== -1; child = nodeNextSibling[child] as number) {
    if ((nodeVisits[child] as number) > bestVisits) {
      bestVisits = nodeVisits[child] as number;
      best = nodeMove[child] as number;
    }
  }
  return best;
}
