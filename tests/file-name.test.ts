import { describe, expect, it } from 'vitest';
import { fileNamePart } from '../src/core/file-name.js';

describe('a name as part of a file name', () => {
  it('keeps letters, digits, ".", "_" and "-", makes each run of anything else one "_", and drops leading ".", "_" and "-" (review 31e: ls hid ._agent.mjs-vs-random)', () => {
    expect(fileNamePart('mcts:iterations=200')).toBe('mcts_iterations_200');
    expect(fileNamePart('./agent.mjs')).toBe('agent.mjs');
    expect(fileNamePart('../x/agent.mjs:depth=2')).toBe('x_agent.mjs_depth_2');
    expect(fileNamePart('/tmp/aw/hp.mjs')).toBe('tmp_aw_hp.mjs');
    expect(fileNamePart('-flag')).toBe('flag');
    expect(fileNamePart('_._a-b.c')).toBe('a-b.c');
    expect(fileNamePart('a..b__c--d')).toBe('a..b__c--d');
    expect(fileNamePart('é ü')).toBe('_');
    expect(fileNamePart('x é')).toBe('x_');
    expect(fileNamePart('...')).toBe('_');
    expect(fileNamePart('')).toBe('_');
  });
});
