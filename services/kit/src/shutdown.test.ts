import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { onShutdownSignals } from './shutdown.js';

const logger = pino({ level: 'silent' });

describe('onShutdownSignals', () => {
  it('runs every step once in order, then exits 0', async () => {
    const ran: string[] = [];
    const exited = new Promise<number>((resolve) => {
      onShutdownSignals(logger, [async () => void ran.push('server'), async () => void ran.push('db')], {
        signals: ['SIGUSR2'],
        exit: resolve,
      });
    });
    process.emit('SIGUSR2', 'SIGUSR2');
    process.emit('SIGUSR2', 'SIGUSR2');
    expect(await exited).toBe(0);
    expect(ran).toEqual(['server', 'db']);
    expect(process.listenerCount('SIGUSR2')).toBe(0);
  });

  it('still runs later steps after a failing one, and exits 1', async () => {
    const ran: string[] = [];
    const exited = new Promise<number>((resolve) => {
      onShutdownSignals(
        logger,
        [
          async () => {
            throw new Error('boom');
          },
          async () => void ran.push('db'),
        ],
        { signals: ['SIGUSR2'], exit: resolve },
      );
    });
    process.emit('SIGUSR2', 'SIGUSR2');
    expect(await exited).toBe(1);
    expect(ran).toEqual(['db']);
  });
});
