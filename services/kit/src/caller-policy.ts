import * as grpc from '@grpc/grpc-js';
import type { CallerIdentity, CallerVerifier, AssertedUser, Principal } from './caller-assertion.js';
import { grpcError } from './errors.js';

/** Who may call one RPC, and whether the call must act for a signed-in user. */
export interface RpcPolicy {
  callers: readonly Principal[];
  /**
   * 'required': only with a user assertion; 'admin': only with the assertion of a user the gateway
   * verified as an administrator; 'none': only with the caller's own service identity.
   */
  user: 'required' | 'admin' | 'none';
}

/** One policy per method of a service definition (keyed like the definition, e.g. `resolveLink`). */
export type ServicePolicies<D extends grpc.ServiceDefinition = grpc.ServiceDefinition> = {
  readonly [K in keyof D]: RpcPolicy;
};

/** The gateway, acting for the signed-in user. */
export const GATEWAY_FOR_USER: RpcPolicy = { callers: ['gateway'], user: 'required' };
/** The gateway, acting for a signed-in user it verified as an administrator. */
export const GATEWAY_FOR_ADMIN: RpcPolicy = { callers: ['gateway'], user: 'admin' };
/** The gateway with its own identity (public pages, batches, webhooks). */
export const GATEWAY_SERVICE: RpcPolicy = { callers: ['gateway'], user: 'none' };
/** The link service with its own identity. */
export const LINK_SERVICE: RpcPolicy = { callers: ['link'], user: 'none' };
/** The billing service with its own identity. */
export const BILLING_SERVICE: RpcPolicy = { callers: ['billing'], user: 'none' };

/** Every method of `definition` that `policies` leaves out; a server with any of them must not start. */
export function methodsWithoutPolicy(
  definition: grpc.ServiceDefinition,
  policies: Partial<Record<string, RpcPolicy>>,
): string[] {
  return Object.keys(definition).filter((method) => !policies[method]);
}

const verified = new WeakMap<object, CallerIdentity>();

/** The verified caller of a call that passed its RPC's policy. */
export function verifiedCaller(call: object): CallerIdentity {
  const identity = verified.get(call);
  if (!identity) throw grpcError(grpc.status.UNAUTHENTICATED, 'no verified caller');
  return identity;
}

/** The verified user of a call whose policy requires one (never the request's deprecated `caller` field). */
export function verifiedUser(call: object): AssertedUser {
  const user = verified.get(call)?.user;
  if (!user) throw grpcError(grpc.status.UNAUTHENTICATED, 'a verified user is required');
  return user;
}

/** PERMISSION_DENIED unless the identity is allowed by the policy. */
export function authorize(identity: CallerIdentity, policy: RpcPolicy, rpc: string): void {
  if (!policy.callers.includes(identity.principal))
    throw grpcError(grpc.status.PERMISSION_DENIED, `${identity.principal} may not call ${rpc}`);
  if (policy.user !== 'none' && !identity.user)
    throw grpcError(grpc.status.PERMISSION_DENIED, `${rpc} must act for a signed-in user`);
  if (policy.user === 'admin' && identity.user?.admin !== true)
    throw grpcError(grpc.status.PERMISSION_DENIED, `${rpc} must act for an administrator`);
  if (policy.user === 'none' && identity.user)
    throw grpcError(grpc.status.PERMISSION_DENIED, `${rpc} takes no user assertion`);
}

function unimplementedHandler(rpc: string): AnyHandler {
  return (call, callback) => {
    const err = grpcError(grpc.status.UNIMPLEMENTED, `${rpc} is not implemented`);
    if (callback) callback(err);
    else call.emit('error', err);
  };
}

type AnyHandler = (
  call: { metadata: grpc.Metadata; emit(event: 'error', err: unknown): boolean },
  callback?: (err: grpc.ServiceError) => void,
) => void;

/**
 * Wraps every handler of a service so it runs only for a caller whose assertion verifies for
 * `audience` and whom the method's policy allows. Refused calls never reach the handler.
 */
export function authenticateService(
  audience: string,
  definition: grpc.ServiceDefinition,
  implementation: grpc.UntypedServiceImplementation,
  policies: Partial<Record<string, RpcPolicy>>,
  verifier: CallerVerifier,
): grpc.UntypedServiceImplementation {
  const wrapped: grpc.UntypedServiceImplementation = {};
  for (const [method, def] of Object.entries(definition)) {
    const policy = policies[method];
    if (!policy) throw new Error(`${def.path} has no caller policy`);
    const rpc = def.path;
    const inner = (implementation[method] ?? unimplementedHandler(rpc)) as unknown as AnyHandler;
    const refuse = (call: Parameters<AnyHandler>[0], callback: Parameters<AnyHandler>[1], err: unknown) => {
      const code = (err as { code?: unknown } | null)?.code;
      const status =
        code === grpc.status.PERMISSION_DENIED || code === grpc.status.UNAUTHENTICATED
          ? (err as grpc.ServiceError)
          : grpcError(grpc.status.UNAUTHENTICATED, 'caller assertion refused');
      if (def.responseStream || !callback) call.emit('error', status);
      else callback(status);
    };
    const run = (call: Parameters<AnyHandler>[0], callback: Parameters<AnyHandler>[1], identity: CallerIdentity) => {
      try {
        authorize(identity, policy, rpc);
      } catch (err) {
        refuse(call, callback, err);
        return;
      }
      verified.set(call, identity);
      inner(call, callback);
    };
    const guarded: AnyHandler = (call, callback) => {
      let identity: CallerIdentity | Promise<CallerIdentity>;
      try {
        identity = verifier.verify(call.metadata, audience);
      } catch (err) {
        refuse(call, callback, err);
        return;
      }
      if (identity instanceof Promise)
        identity.then(
          (id) => run(call, callback, id),
          (err: unknown) => refuse(call, callback, err),
        );
      else run(call, callback, identity);
    };
    wrapped[method] = guarded as unknown as grpc.UntypedHandleCall;
  }
  return wrapped;
}
