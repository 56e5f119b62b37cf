export { ConfigError, loadConfig, runMain, env, type RunMainOptions } from './config.js';
export { createLogger, type Logger } from './logger.js';
export { ERROR_CODE_METADATA, grpcError, isGrpcError, RETRY_AFTER_METADATA, unimplemented } from './errors.js';
export { unary, clientStreaming, notImplemented } from './handlers.js';
export {
  startGrpcServer,
  DEFAULT_SHUTDOWN_GRACE_MS,
  type GrpcServiceBinding,
  type StartGrpcServerOptions,
  type RunningGrpcServer,
} from './grpc-server.js';
export { onShutdownSignals, type ShutdownSignalOptions } from './shutdown.js';
export { createGrpcClient, clientChannelOptions, deadline, checkHealth, type GrpcClientConstructor, type HealthState } from './grpc-client.js';
