import { describe, expect, it } from 'vitest';
import { barProgress, lineProgress } from '../src/progress';

function sink() {
  const chunks: string[] = [];
  return { chunks, stream: { write: (s: string) => chunks.push(s) > 0 } as unknown as NodeJS.WriteStream };
}

describe('progress', () => {
  it('piped: one plain line at each further tenth, never a carriage return', () => {
    const { chunks, stream } = sink();
    const p = lineProgress(stream, 'big.bin');
    p.phase('Starting the upload…');
    for (let sent = 0; sent <= 100; sent += 5) p.bytes(sent * 1024, 100 * 1024);
    p.done();
    const text = chunks.join('');
    expect(text).not.toContain('\r');
    expect(text.split('\n').filter((l) => l.startsWith('big.bin: '))).toHaveLength(11);
    expect(text).toContain('big.bin: 50% (50 KB of 100 KB)\n');
  });

  it('on a terminal: a bar redrawn in place, ended by a newline', () => {
    const { chunks, stream } = sink();
    const p = barProgress(stream, 'big.bin');
    p.bytes(0, 1000);
    p.bytes(500, 1000);
    p.bytes(500, 1000);
    p.bytes(1000, 1000);
    p.done();
    expect(chunks).toHaveLength(4);
    expect(chunks[1]).toMatch(/^\rbig\.bin \[#{15}\.{15}\] {2}50% /);
    expect(chunks[2]).toMatch(/^\rbig\.bin \[#{30}\] 100% /);
    expect(chunks[3]).toBe('\n');
  });
});
