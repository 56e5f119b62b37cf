import { describe, expect, it } from 'vitest';
import { classifyHost, defaultRootDomain, rootOrigin } from './host';

describe('classifyHost', () => {
  it('recognises the bare root host and www', () => {
    expect(classifyHost('ferry.app', 'ferry.app')).toEqual({ kind: 'root' });
    expect(classifyHost('WWW.Ferry.App', 'ferry.app')).toEqual({ kind: 'root' });
    expect(classifyHost('localhost', 'localhost')).toEqual({ kind: 'root' });
  });

  it('recognises a sender subdomain, including *.localhost in development', () => {
    expect(classifyHost('anna.ferry.app', 'ferry.app')).toEqual({ kind: 'sender', subdomain: 'anna' });
    expect(classifyHost('studio-42.localhost', 'localhost')).toEqual({ kind: 'sender', subdomain: 'studio-42' });
  });

  it('treats deeper subdomains and foreign hosts as other hosts', () => {
    expect(classifyHost('a.b.ferry.app', 'ferry.app')).toEqual({ kind: 'other' });
    expect(classifyHost('notferry.app', 'ferry.app')).toEqual({ kind: 'other' });
    expect(classifyHost('127.0.0.1', 'localhost')).toEqual({ kind: 'other' });
  });
});

describe('defaultRootDomain / rootOrigin', () => {
  it('uses localhost for *.localhost and the page host otherwise', () => {
    expect(defaultRootDomain('anna.localhost')).toBe('localhost');
    expect(defaultRootDomain('ferry.example')).toBe('ferry.example');
  });

  it('keeps protocol and port', () => {
    expect(rootOrigin({ protocol: 'http:', port: '8080' }, 'localhost')).toBe('http://localhost:8080');
    expect(rootOrigin({ protocol: 'https:', port: '' }, 'ferry.app')).toBe('https://ferry.app');
  });
});
