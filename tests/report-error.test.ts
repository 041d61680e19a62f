/**
 * An internal failure (a bug: anything but bad input or a failed match) is exit 1 with what
 * reproduces it: the command line and the versions it ran on, then where it was thrown.
 */
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../src/cli/command.js';
import { reportError } from '../src/cli/report-error.js';
import { HORDELAB_VERSION } from '../src/version.js';

function capture(): { io: CliIo; stderr: () => string } {
  let text = '';
  const io = { stderr: { write: (chunk: string) => void (text += chunk) }, stdout: { write: () => undefined } } as unknown as CliIo;
  return { io, stderr: () => text };
}

describe('an internal failure', () => {
  it('says what was thrown, the command line that reproduces it with the versions, then the stack', () => {
    const { io, stderr } = capture();
    const code = reportError(new RangeError('confidence must be in (0, 1), got 0'), io, '<scenario>', [], undefined, 'hordelab plan --rate 0.5 --vs 0.55');
    expect(code).toBe(1);
    const lines = stderr().trimEnd().split('\n');
    expect(lines[0]).toBe('hordelab: internal failure: RangeError: confidence must be in (0, 1), got 0');
    expect(lines[1]).toBe(`  reproduce: hordelab plan --rate 0.5 --vs 0.55 (hordelab ${HORDELAB_VERSION}, Node ${process.version})`);
    expect(lines[2]).toBe('  where it was thrown:');
    expect(lines[3]).toBe('    RangeError: confidence must be in (0, 1), got 0');
    expect(lines[4]).toMatch(/^ {4}at .*report-error\.test\.ts:\d+:\d+/);
  });

  it('takes anything thrown, and says no command line where none was given', () => {
    const { io, stderr } = capture();
    expect(reportError('not an Error', io)).toBe(1);
    expect(stderr()).toBe('hordelab: internal failure: not an Error\n');
  });
});
