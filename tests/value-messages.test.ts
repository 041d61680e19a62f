/**
 * Values a YAML file or a flag can hold that JSON cannot (`.nan`, `.inf`, `1e999`) are named as
 * themselves in refusals, not as the `null` JSON would print, nor in zod's default words.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { validateMctsConfig } from '../agents/mcts.js';
import { validateGreedyConfig } from '../agents/greedy.js';
import { formatSeatLevel, parseLevels } from '../src/ladder/levels.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { run } from '../src/index.js';
import { parseAxis } from '../src/tune/sweep.js';

const file = join(tmpdir(), 'values.yaml');

describe('values JSON cannot hold, in messages', () => {
  it('a parameter of NaN is "expected a number, got NaN", in the file and through --set', async () => {
    await expect(parseScenario('game: coin-flip\nmatches: 2\nseed: 1\nparams: { winRate: .nan }\nseats: [random, random]\n', file)).rejects.toThrow('params.winRate: expected a number, got NaN (.nan)');
    await expect(parseScenario('game: zombie-trainers\nmatches: 2\nseed: 1\nseats: [random, random]\n', file, { set: ['maxRounds=.nan'] })).rejects.toThrow('--set maxRounds=.nan: maxRounds: expected a number, got NaN (.nan)');
    await expect(parseScenario('game: zombie-trainers\nmatches: 2\nseed: 1\nseats: [random, random]\n', file, { set: ['maxRounds=1e999'] })).rejects.toThrow('--set maxRounds=1e999: maxRounds: expected a finite number, got Infinity');
  });

  it('a swept value past the doubles is passed on and named as typed', () => {
    expect(parseAxis('maxRounds=10,1e999,-1e999')).toEqual({ name: 'maxRounds', values: [10, '1e999', '-1e999'] });
  });

  it('an agent setting of NaN or Infinity is shown as such, in its problem and in a ladder level\'s name', () => {
    expect(validateMctsConfig({ iterations: Number.NaN })).toEqual([{ field: 'iterations', message: 'expected a whole number in 1..1000000000, got NaN' }]);
    expect(validateMctsConfig({ c: Number.POSITIVE_INFINITY })[0]?.message).toMatch(/, got Infinity$/);
    expect(validateGreedyConfig({ maxNodes: Number.NEGATIVE_INFINITY })[0]?.message).toMatch(/, got -Infinity$/);
    expect(formatSeatLevel({ agent: 'mcts', config: { iterations: Number.NaN } })).toBe('mcts:iterations=NaN');
    expect(parseLevels(['mcts:iterations=1e999'], '--levels')[0]?.name).toBe('mcts:iterations=Infinity');
  });

  it("the library's run() checks an agent object's settings as a scenario file's are: too deep to record, or an unsafe key (review 31e)", async () => {
    const agent = { create: () => ({ chooseAction: () => 0 }) };
    let deep: unknown = 1;
    for (let i = 0; i < 45; i++) deep = new Map([['k', deep]]);
    await expect(run({ game: 'coin-flip', matches: 4, seed: 1, seats: [{ agent, config: { deep } }, 'random'] })).rejects.toThrow(
      /^scenario: seats\[0\]\.config: nests 136 levels as recorded \(a Map's entry takes three, a Set's or a class instance's two\); expected at most 124, or a run with it could not be reported$/,
    );
    const own = JSON.parse('{"s": {"__proto__": {"a": 1}}}') as Record<string, unknown>;
    await expect(run({ game: 'coin-flip', matches: 4, seed: 1, seats: [{ agent, config: own }, 'random'] })).rejects.toThrow(/^scenario: seats\[0\]\.config\.s\.__proto__: "__proto__" is not allowed as a key/);
  });

  it('a --set seatN setting too deep to record is blamed on that flag, not on a scenario file that gave the seat no settings (review 32b)', async () => {
    let value = '1';
    for (let i = 0; i < 50; i++) value = `!!omap [{k: ${value}}]`;
    const text = 'game: tic-tac-toe\nmatches: 2\nseed: 1\nseats: [mcts, random]\n';
    const refused = parseScenario(text, 's.yaml', { set: ['seat1.iterations=20', `seat1.x=${value}`] });
    await expect(refused).rejects.toThrow(`--set seat1.x=${value}: seat1.x: nests 150 levels as recorded (a Map's entry takes three, a Set's or a class instance's two); expected at most 123, or a run with it could not be reported`);
    // Settings too deep as a whole, none of them alone from a flag: the file's seat is named.
    const deep = 'game: tic-tac-toe\nmatches: 2\nseed: 1\nseats: [{agent: mcts, config: {x: ' + value + '}}, random]\n';
    await expect(parseScenario(deep, 's.yaml', { set: ['seat1.iterations=20'] })).rejects.toThrow(/^s\.yaml: seats\[0\]\.config: nests 151 levels/);
  });

  it("the library's run() carries -0, a Map, Set, Date and bytes in its parameters as a scenario file does, and refuses what a file cannot give, naming it (review 32b: written as JSON they became 0, {} and text; a hole, deep nesting or a function in settings threw a raw TypeError, RangeError or DOMException)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-library-'));
    writeFileSync(
      join(dir, 'data-game.mjs'),
      `import game from ${JSON.stringify(resolve('tests/fixtures/game-modules/first-six.mjs'))};\nexport default { ...game, parameters: { ...game.parameters, data: { description: 'd', default: 1, schema: { safeParse: (data) => ({ success: true, data }) } } } };\n`,
    );
    const played = async (data: unknown): Promise<unknown> => ((await run({ game: './data-game.mjs' as 'coin-flip', matches: 2, seed: 1, params: { data } as never, seats: ['random', 'random'] }, { baseDir: dir })).summary.scenario.params as Record<string, unknown>)['data'];
    const carried: [unknown, unknown][] = [
      [-0, { $number: '-0' }],
      [new Map<unknown, unknown>([['a', 1], [2, [3]]]), { $Map: [['a', 1], [2, [3]]] }],
      [new Set([1, 'b']), { $Set: [1, 'b'] }],
      [new Date(5), { $Date: 5 }],
      [Uint8Array.of(1, 2), { $Uint8Array: [1, 2] }],
      [new Date('9999-12-31T23:59:59.999Z'), { $Date: 253402300799999 }],
      [new Date('0100-01-01T00:00:00Z'), { $Date: -59011459200000 }],
      [new Map<unknown, unknown>([[1, 'a'], [true, 'b'], ['x', 'c']]), { $Map: [[1, 'a'], [true, 'b'], ['x', 'c']] }],
      // What a file's !!omap, !!set and .nan give too (review 32d: refused by run()).
      [new Map<unknown, unknown>([[null, 1], [new Date(5), 2], [1, 'a'], ['1', 'b']]), { $Map: [[null, 1], [{ $Date: 5 }, 2], [1, 'a'], ['1', 'b']] }],
      [new Set([null, 'x']), { $Set: [null, 'x'] }],
      // NaN and ±Infinity as keys, and a Date beside its ISO text, as a file gives them (review 32f).
      [new Map([[Number.NaN, 'a'], [Number.POSITIVE_INFINITY, 'b']]), { $Map: [[{ $number: 'NaN' }, 'a'], [{ $number: 'Infinity' }, 'b']] }],
      [new Set([Number.NEGATIVE_INFINITY]), { $Set: [{ $number: '-Infinity' }] }],
      [new Set([new Date(5), '1970-01-01T00:00:00.005Z']), { $Set: [{ $Date: 5 }, '1970-01-01T00:00:00.005Z'] }],
      [Number.NaN, { $number: 'NaN' }],
      [{ a: undefined, b: [1, , 3], c: 1e21 }, { b: [1, null, 3], c: 1e21 }],
      // One list held 150 times: written out each time, not as 150 aliases a reader refuses past 100 (review 32c).
      [new Array(150).fill([0.5, 0.5]), new Array(150).fill([0.5, 0.5])],
    ];
    for (const [data, recorded] of carried) expect(await played(data), String(data)).toEqual(recorded);
    class Point {
      constructor(readonly x: number) {}
    }
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    let dag: unknown = 1;
    for (let i = 0; i < 20; i++) dag = { a: dag, b: dag };
    const refused: [unknown, RegExp][] = [
      [() => 1, /^scenario: params\.data\.f: got a function; expected data/],
      [Symbol('s'), /^scenario: params\.data\.f: got a symbol; expected data/],
      [new Point(1), /^scenario: params\.data\.f: got an instance of Point; expected plain data/],
      [Float64Array.of(1.5), /^scenario: params\.data\.f: got an instance of Float64Array; expected plain data/],
      [deep, /^scenario: params\.data\.f(\[0\])+: nested deeper than 64 levels/],
      // What a file cannot write so that it reads back (review 32c): a Date past year 9999 came back as text.
      [new Date(Number.NaN), /^scenario: params\.data\.f: got an invalid Date; expected a valid one$/],
      [new Date('+010000-01-01T00:00:00Z'), /^scenario: params\.data\.f: got a Date in year 10000; expected one in years 100 to 9999/],
      [new Date('-000001-06-01T12:00:00Z'), /^scenario: params\.data\.f: got a Date in year -1; expected one in years 100 to 9999/],
      [new Date('0099-06-01T00:00:00Z'), /^scenario: params\.data\.f: got a Date in year 99; expected one in years 100 to 9999/],
      [new Map([[{ x: 1 }, 'a']]), /^scenario: params\.data\.f\[0\]: got a Map key \{"x":1\}; expected text, a number, true or false, null or a Date of years 100 to 9999, as a scenario file's !!omap takes$/],
      [new Map([[new Date(Number.NaN), 1]]), /^scenario: params\.data\.f\[0\]: got a Map key Invalid Date; expected text/],
      [new Set([[1, 2]]), /^scenario: params\.data\.f\[0\]: got a Set member \[1,2\]; expected text/],
      [new Set([true, 'true']), /^scenario: params\.data\.f\[1\]: got the Set members true and "true", which a scenario file's !!set reads as one/],
      // As the reader names a key: a Date by its text to the second (review 32f).
      [new Set([new Date(5), new Date(6)]), /^scenario: params\.data\.f\[1\]: got the Set members Date 1970-01-01T00:00:00\.005Z and Date 1970-01-01T00:00:00\.006Z, which/],
      [new Set([Number.NaN, 'NaN']), /^scenario: params\.data\.f\[1\]: got the Set members NaN and "NaN", which/],
      // The reader names null as the empty name (review 33a: said as a line of YAML the caller never wrote).
      [new Set([null, '']), /^scenario: params\.data\.f\[1\]: got the Set members null and "", which a scenario file's !!set reads as one/],
      // A part reached 2^20 ways is refused by its size before it is written out along each (review 32d: it ran out of memory).
      [dag, /^scenario: params: records more than 1,000,000 (objects|entries)/],
    ];
    for (const [value, message] of refused) await expect(played({ f: value }), message.source).rejects.toThrow(message);
    // An agent object's settings: copied for it, so refused as they would not be copied.
    const agent = { create: () => ({ chooseAction: () => 0 }) };
    for (const [value, message] of [
      [() => 1, /^scenario: seats\[0\]\.config\.f: got a function; expected data/],
      [new Point(1), /^scenario: seats\[0\]\.config\.f: got an instance of Point/],
      [deep, /^scenario: seats\[0\]\.config\.f(\[0\])+: nested deeper than 128 levels/],
    ] as const) {
      await expect(run({ game: 'coin-flip', matches: 2, seed: 1, seats: [{ agent, config: { f: value } }, 'random'] }), message.source).rejects.toThrow(message);
    }
    // A hole in settings is no TypeError: read as a list's missing item.
    const holes = await run({ game: 'coin-flip', matches: 2, seed: 1, seats: [{ agent, config: { h: [1, , 3] } }, 'random'] });
    expect(holes.summary.scenario.seats[0]?.config).toEqual({ h: [1, { $hole: null }, 3] });
  });

  it('a --set of a seat written with a leading zero is refused: seat02 beside seat2 set one setting twice, the later winning (review 32c)', async () => {
    const text = 'game: tic-tac-toe\nmatches: 2\nseed: 1\nseats: [greedy, greedy]\n';
    await expect(parseScenario(text, 's.yaml', { set: ['seat2.maxNodes=5', 'seat02.maxNodes=7'] })).rejects.toThrow('--set seat02.maxNodes=7: seat02: write the seat as seat2, without leading zeros');
    await expect(parseScenario(text, 's.yaml', { set: ['seat00.maxNodes=7'] })).rejects.toThrow('--set seat00.maxNodes=7: seat00: seats count from 1: seat1 is the first');
    await expect(parseScenario(text, 's.yaml', { set: ['seat0099999999999999999999.c=1'] })).rejects.toThrow('seat0099999999999999999999: write the seat as seat99999999999999999999, without leading zeros');
    await expect(parseScenario(text, 's.yaml', { set: ['seat99999999999999999999.c=1'] })).rejects.toThrow('--set seat99999999999999999999.c=1: there is no seat 99999999999999999999; the scenario lists 2');
    expect((await parseScenario(text, 's.yaml', { set: ['seat2.maxNodes=5'] })).seats[1]?.config).toEqual({ maxNodes: 5 });
  });

  it("an agent's settings are handed frozen, so none of its matches can change what the next is handed, nor what the run records (review 32c: a push into a list setting was recorded as [0,1,1,1,1,1])", async () => {
    const parsed = await parseScenario('game: tic-tac-toe\nmatches: 2\nseed: 1\nseats: [{agent: greedy, config: {maxNodes: 5}}, random]\n', 's.yaml', { set: ['seat1.beam=2'] });
    for (const seat of parsed.seats) expect(Object.isFrozen(seat.config), seat.name).toBe(true);
    expect(parsed.seats[0]?.config).toEqual({ maxNodes: 5, beam: 2 });
    // The library's agent objects too.
    const handed: unknown[] = [];
    const agent = { create: (config: Readonly<Record<string, unknown>>) => (handed.push(config), { chooseAction: () => 0 }) };
    const result = await run({ game: 'tic-tac-toe', matches: 3, seed: 1, seats: [{ agent, config: { list: [0] } }, 'random'] });
    expect(handed.length).toBeGreaterThanOrEqual(3);
    for (const config of handed) expect([Object.isFrozen(config), Object.isFrozen((config as { list: unknown }).list)]).toEqual([true, true]);
    expect(result.summary.scenario.seats[0]?.config).toEqual({ list: [0] });
    // Bytes, a Date and what a Map holds, which freezing leaves changeable, are a fresh copy at every match (review 32d).
    const seen: string[] = [];
    const writer = {
      create: (config: Readonly<Record<string, unknown>>) => {
        const { b, d, m } = config as { b: Uint8Array; d: Date; m: Map<string, number[]> };
        seen.push(`${b[0]} ${d.getTime()} ${JSON.stringify(m.get('k'))}`);
        b[0] = (b[0] as number) + 1;
        d.setTime(d.getTime() + 1);
        m.get('k')?.push(1);
        return { chooseAction: () => 0 };
      },
    };
    const written = await run({ game: 'tic-tac-toe', matches: 3, seed: 1, seats: [{ agent: writer, config: { b: Uint8Array.of(1), d: new Date(5), m: new Map([['k', [0]]]) } }, 'random'] });
    expect(new Set(seen)).toEqual(new Set(['1 5 [0]']));
    expect(written.summary.scenario.seats[0]?.config).toEqual({ b: { $Uint8Array: [1] }, d: { $Date: 5 }, m: { $Map: [['k', [0]]] } });
    // A module's validateConfig may fill in its defaults (frozen after it); a write at create is refused, saying why (review 32e).
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-settings-'));
    writeFileSync(join(dir, 'fills.mjs'), "export default { id: 'fills', description: 'd', validateConfig(config) { config.depth ??= 2; return []; }, create: (config) => ({ chooseAction: (d) => config.depth % d.legalActions.length }) };\n");
    writeFileSync(join(dir, 'writes.mjs'), "export default { id: 'writes', description: 'd', validateConfig: () => [], create(config) { config.depth ??= 2; return { chooseAction: () => 0 }; } };\n");
    const fills = await run({ game: 'tic-tac-toe', matches: 2, seed: 1, seats: ['./fills.mjs', 'random'] }, { baseDir: dir });
    expect(fills.summary.scenario.seats[0]?.config).toEqual({ depth: 2 });
    await expect(run({ game: 'tic-tac-toe', matches: 2, seed: 1, seats: ['./writes.mjs', 'random'] }, { baseDir: dir })).rejects.toThrow(
      /agent module "\.\/writes\.mjs" threw while building an agent: Cannot add property depth, object is not extensible; an agent's settings are frozen \(one object for every match\): copy them to change them/,
    );
    // One that fills them in otherwise at each call (a seed from the clock, a count of its calls) is refused: every thread asks it, and the main thread's are recorded (review 32f).
    writeFileSync(join(dir, 'counts.mjs'), "let calls = 0;\nexport default { id: 'counts', description: 'd', validateConfig(config) { config.depth ??= ++calls; return []; }, create: () => ({ chooseAction: () => 0 }) };\n");
    await expect(run({ game: 'tic-tac-toe', matches: 2, seed: 1, seats: ['./counts.mjs', 'random'] }, { baseDir: dir })).rejects.toThrow(
      /^scenario: seats\[0\]\.config: validateConfig of agent "\.\/counts\.mjs" filled in the settings otherwise when asked again \(\{"depth":\d+\}, then \{"depth":\d+\}\); every worker thread asks it, so it must fill in only what the settings given decide$/,
    );
    let objectCalls = 0;
    const counting = { id: 'counting', description: 'd', validateConfig: (config: Record<string, unknown>) => ((config['depth'] ??= ++objectCalls), []), create: () => ({ chooseAction: () => 0 }) };
    await expect(run({ game: 'tic-tac-toe', matches: 2, seed: 1, seats: [{ agent: counting, config: {} }, 'random'] })).rejects.toThrow(/^scenario: seats\[0\]\.config: validateConfig of agent "counting" filled in the settings otherwise when asked again \(\{"depth":1\}, then \{"depth":2\}\)/);
    // An agent object's settings are read once: named, played and recorded alike (review 32e: a getter read twice named one value and played another).
    let reads = 0;
    const counted = { get x(): number { reads++; return reads; } };
    const named = await run({ game: 'tic-tac-toe', matches: 2, seed: 1, seats: [{ agent: { create: () => ({ chooseAction: () => 0 }) }, config: counted }, 'random'] });
    expect([named.summary.scenario.seats[0]?.name, named.summary.scenario.seats[0]?.config]).toEqual([`agent-object-1(x=${reads})`, { x: reads }]);
    // Its name says what it was given, as a refused resume shows it.
    expect(written.summary.scenario.seats[0]?.name).toBe('agent-object-1(b=Uint8Array [1],d=Date 1970-01-01T00:00:00.005Z,m=Map(1) {"k" => [0]})');
  });

  it('a YAML merge key (<<) in a YAML 1.2 scenario is named as one, with the two ways to write it (audit 32a: "unknown parameter; expected one of ...")', async () => {
    const note = 'a YAML merge key, which YAML 1.2 (a scenario\'s default) reads as a plain key: write the merged keys out, or begin the file with "%YAML 1.1" and "---" to merge';
    const inParams = 'game: coin-flip\nmatches: 10\nseed: 1\nparams:\n  <<: {winRate: 0.4}\nseats: [random, random]\n';
    await expect(parseScenario(inParams, 'm.yaml')).rejects.toThrow(`m.yaml: params.<<: unknown parameter: ${note}`);
    await expect(parseScenario('game: coin-flip\n<<: {matches: 10}\nmatches: 10\nseed: 1\nseats: [random, random]\n', 'm.yaml')).rejects.toThrow(`m.yaml: "<<" is not a field here: ${note}`);
    // As the note says, YAML 1.1 merges it.
    expect((await parseScenario(`%YAML 1.1\n---\n${inParams}`, 'm.yaml')).params).toEqual({ winRate: 0.4, drawRate: 0 });
  });

  it("the library's run() names NaN in a scenario object by its path, blamed on the object (no file of the caller's), and in its options", async () => {
    await expect(run({ game: 'coin-flip', matches: Number.NaN, seed: 1, seats: ['random', 'random'] })).rejects.toThrow(/^scenario: matches: got NaN; expected a finite number$/);
    await expect(run({ game: 'coin-flip', matches: 4, seed: 1, params: { winRate: Number.POSITIVE_INFINITY }, seats: ['random', 'random'] })).rejects.toThrow('scenario: params.winRate: expected a finite number, got Infinity');
    // A problem the schema finds is the object's too, not a made-up scenario.json's.
    await expect(run({ game: 'coin-flip', matches: 0, seed: 1, seats: ['random', 'random'] })).rejects.toThrow(/^scenario: matches: expected a whole number in 1\.\.1000000000, got 0$/);
    // A BigInt (JSON.stringify throws on one), and a whole number past 2^53 - 1 (the text would be refused "at line 1").
    await expect(run({ game: 'coin-flip', matches: 4, seed: 5n as unknown as number, seats: ['random', 'random'] })).rejects.toThrow(/^scenario: seed: got the BigInt 5n; expected a number$/);
    // A whole number past 2^53 - 1 is refused as a seed by the seed's bounds, naming the field, not "at line 1".
    await expect(run({ game: 'coin-flip', matches: 4, seed: 2 ** 53 + 2, seats: ['random', 'random'] })).rejects.toThrow(/^scenario: seed: expected a whole number in 0\.\.9007199254740991, got 9007199254740994$/);
    // Where a large number is fine (an agent setting of 1e21 or 1.5e300), it is taken as given, as a file's 1.5e300 is (review 23).
    const seen: unknown[] = [];
    const agent = { id: 'noting', description: '', validateConfig: () => [], create: (config: Readonly<Record<string, unknown>>) => (seen.push(config['x']), { chooseAction: () => 0 }) };
    for (const x of [1e21, 1.5e300, 1e20]) await run({ game: 'tic-tac-toe', matches: 1, seed: 1, seats: [{ agent, config: { x } }, 'random'] }, { workers: 0 });
    expect(seen).toEqual(expect.arrayContaining([1e21, 1.5e300, 1e20]));
    // A BigInt in an agent object's config is named too.
    await expect(run({ game: 'tic-tac-toe', matches: 1, seed: 1, seats: [{ agent, config: { w: Infinity, x: 5n } }, 'random'] } as never, { workers: 0 })).rejects.toThrow(/^scenario: seats\[0\]\.config\.x: got the BigInt 5n; expected a number$/);
    await expect(run({ game: 'coin-flip', matches: 4, seed: 1, params: { winRate: 1e20 }, seats: ['random', 'random'] })).rejects.toThrow(/^scenario: params\.winRate: /);
    await expect(run({ game: 'coin-flip', matches: 4, seed: 1, params: { winRate: 10n }, seats: ['random', 'random'] } as never)).rejects.toThrow('scenario: params.winRate: got the BigInt 10n');
    await expect(run({ game: 'coin-flip', matches: 4, seed: 1, seats: ['random', 'random'] }, { workers: Number.NaN })).rejects.toThrow('options: workers: expected a whole number in 0..256, got NaN');
  });
});
