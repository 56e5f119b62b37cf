export { ConfigError, parseEnv, runMain, env, type RunMainOptions } from './config.js';
export { createLogger, type Logger } from './logger.js';
export { tracingEnv, type TracingEnv } from './tracing-env.js';
export { ERROR_CODE_METADATA, grpcError, isGrpcError, RETRY_AFTER_METADATA } from './errors.js';
export { unary, clientStreaming } from './handlers.js';
export { unaryCall, type UnaryCallOptions, type UnaryInvoke } from './unary-call.js';
export {
  startGrpcServer,
  DEFAULT_SHUTDOWN_GRACE_MS,
  type GrpcServiceBinding,
  type StartGrpcServerOptions,
  type RunningGrpcServer,
} from './grpc-server.js';
export {
  grpcTlsEnv,
  grpcTlsFromEnv,
  checkGrpcTlsEnv,
  grpcServerCredentials,
  grpcChannelCredentials,
  GRPC_TLS_VARIABLES,
  type GrpcTlsFiles,
} from './grpc-tls.js';
export { onShutdownSignals, type ShutdownSignalOptions } from './shutdown.js';
export {
  createGrpcClient,
  clientChannelOptions,
  deadline,
  checkHealth,
  actFor,
  callerAssertionInterceptor,
  callerAssertionOptions,
  type GrpcClientConstructor,
  type HealthState,
} from './grpc-client.js';
export {
  createCallerSigner,
  createCallerVerifier,
  PRINCIPALS,
  MAX_ASSERTION_LIFETIME_S,
  type Principal,
  type AssertedUser,
  type CallerIdentity,
  type CallerSigner,
  type CallerVerifier,
} from './caller-assertion.js';
export {
  verifiedCaller,
  verifiedUser,
  GATEWAY_FOR_ADMIN,
  GATEWAY_FOR_USER,
  GATEWAY_SERVICE,
  LINK_SERVICE,
  BILLING_SERVICE,
  type RpcPolicy,
  type ServicePolicies,
} from './caller-policy.js';
export { startLeasedLoop, type LeasedLoop, type LeasedLoopOptions } from './leased-loop.js';
export { claimDueRows, markRows, type DueRowsQuery, type RawSqlClient } from './due-rows.js';
export {
  createMetricsRegistry,
  startMetricsServer,
  readOrSkip,
  registerOutboxMetrics,
  METRIC_PREFIX,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type MetricsServer,
  type OutboxBacklog,
  type StartMetricsServerOptions,
} from './metrics.js';
export {
  actionSigner,
  ACTION_LIFETIME_MS,
  type ActionClaims,
  type ActionName,
  type ActionRefusal,
  type ActionSigner,
} from './signed-action.js';
