import { describe, expect, it } from 'vitest';
import { AUTH_FLOW_TTL_MS, FlowSealer, flowCookieName, readCookie, type AuthFlowState } from './flow-cookie.js';

const flow: AuthFlowState = {
  state: 'abc',
  nonce: 'n',
  codeVerifier: 'v',
  silent: false,
  startedAt: 1_000_000,
  browser: 'binding-of-the-browser',
  next: '/upload',
};

describe('auth flow cookie', () => {
  it('round-trips and is opaque', () => {
    const sealer = new FlowSealer('secret-one');
    const sealed = sealer.seal(flow);
    expect(sealed).not.toContain('upload');
    expect(sealer.unseal(sealed, flow.startedAt + 1000)).toEqual(flow);
  });
  it('refuses another key, a tampered value and an expired flow', () => {
    const sealed = new FlowSealer('secret-one').seal(flow);
    expect(new FlowSealer('secret-two').unseal(sealed, flow.startedAt)).toBeUndefined();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA');
    expect(new FlowSealer('secret-one').unseal(tampered, flow.startedAt)).toBeUndefined();
    expect(new FlowSealer('secret-one').unseal(sealed, flow.startedAt + AUTH_FLOW_TTL_MS + 1)).toBeUndefined();
    expect(new FlowSealer('secret-one').unseal('garbage', flow.startedAt)).toBeUndefined();
  });
  it('refuses a flow that names no browser (sealed before the hand-over was bound to one)', () => {
    const { browser: _browser, ...unbound } = flow;
    const sealed = new FlowSealer('secret-one').seal(unbound as AuthFlowState);
    expect(new FlowSealer('secret-one').unseal(sealed, flow.startedAt)).toBeUndefined();
  });
  it('names the cookie after the state and reads it from a header', () => {
    expect(flowCookieName('a.b/c+d_e-f1234567890')).toBe('ferry_auth_abcd_e-f12345678');
    expect(readCookie('x=1; ferry_auth_a=b%3D; y=2', 'ferry_auth_a')).toBe('b=');
    expect(readCookie(undefined, 'x')).toBeUndefined();
  });
});
