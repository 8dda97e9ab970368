import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installProcessGuards } from './process-guards.js';

describe('process guards', () => {
  const setUp = () => {
    const target = new EventEmitter();
    const logged: { level: string; message: string }[] = [];
    const closed: [string, number][] = [];
    installProcessGuards(
      target,
      {
        error: (_details, message) => logged.push({ level: 'error', message }),
        fatal: (_details, message) => logged.push({ level: 'fatal', message }),
      },
      (reason, exitCode) => closed.push([reason, exitCode]),
    );
    return { target, logged, closed };
  };

  it('logs an unhandled rejection and keeps serving', () => {
    const { target, logged, closed } = setUp();
    target.emit('unhandledRejection', new Error('forgotten await'));
    expect(logged).toEqual([{ level: 'error', message: expect.stringContaining('keeps serving') }]);
    expect(closed).toEqual([]);
  });

  it('closes gracefully with exit code 1 on an uncaught exception, for the supervisor to restart', () => {
    const { target, logged, closed } = setUp();
    target.emit('uncaughtException', new Error('boom'));
    expect(logged[0]?.level).toBe('fatal');
    expect(closed).toEqual([['uncaught exception', 1]]);
  });
});
