/**
 * The tracing bootstrap, loaded before the service's own modules:
 *   node --import @ferry/service-kit/tracing dist/main.js
 * ESM instrumentation needs its loader hook registered before express, grpc-js and the Prisma
 * client are imported, hence a preloaded module rather than a call in main. With
 * OTEL_EXPORTER_OTLP_ENDPOINT unset it loads nothing else and costs nothing.
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { ConfigError, parseEnv } = await import('./config.js');
  const { tracingEnvSchema } = await import('./tracing-env.js');
  try {
    const config = parseEnv(tracingEnvSchema);
    const { startTracing } = await import('./tracing-sdk.js');
    await startTracing(config);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}

export {};
