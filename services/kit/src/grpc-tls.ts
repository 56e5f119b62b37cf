import * as grpc from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Mutual TLS between Ferry's pods. Each workload gets its certificate, key and the CA in the
 * cert-manager Secret format (`tls.crt`, `tls.key`, `ca.crt`), mounted as files; the paths come
 * from the environment. Servers require a client certificate signed by the CA; clients verify the
 * server's certificate against the same CA and present their own.
 */
export interface GrpcTlsFiles {
  certFile: string;
  keyFile: string;
  caFile: string;
  /** How often the files are read again, so a renewed certificate is used without a restart. Default 60 s. */
  refreshMs?: number;
}

export const DEFAULT_TLS_REFRESH_MS = 60_000;

/** The kit's TLS variables, for a service's config schema (spread into its z.object). */
export const grpcTlsEnv = {
  /** PEM certificate of this workload (cert-manager `tls.crt`). All three set, or none (plaintext). */
  GRPC_TLS_CERT_FILE: z.string().min(1).optional(),
  /** PEM private key of this workload (cert-manager `tls.key`). */
  GRPC_TLS_KEY_FILE: z.string().min(1).optional(),
  /** PEM CA that signs every workload's certificate (cert-manager `ca.crt`). */
  GRPC_TLS_CA_FILE: z.string().min(1).optional(),
  /** `production` refuses plaintext gRPC. */
  NODE_ENV: z.string().optional(),
};

export const GRPC_TLS_VARIABLES = ['GRPC_TLS_CERT_FILE', 'GRPC_TLS_KEY_FILE', 'GRPC_TLS_CA_FILE'] as const;

type TlsEnv = Partial<Record<(typeof GRPC_TLS_VARIABLES)[number] | 'NODE_ENV', string | undefined>>;

/**
 * The TLS files named by the environment, or undefined for plaintext (single-machine mode).
 * Throws when only some are set, or when none are set and NODE_ENV is production.
 */
export function grpcTlsFromEnv(source: TlsEnv = process.env): GrpcTlsFiles | undefined {
  const set = GRPC_TLS_VARIABLES.filter((name) => source[name]);
  if (set.length === 0) {
    if (source.NODE_ENV === 'production') {
      throw new Error(
        `NODE_ENV=production needs mutual TLS for gRPC: set ${GRPC_TLS_VARIABLES.join(', ')}; refusing plaintext`,
      );
    }
    return undefined;
  }
  if (set.length < GRPC_TLS_VARIABLES.length) {
    const missing = GRPC_TLS_VARIABLES.filter((name) => !source[name]);
    throw new Error(
      `gRPC TLS is half configured: ${missing.join(', ')} missing (set all three, or none for plaintext)`,
    );
  }
  return { certFile: source.GRPC_TLS_CERT_FILE!, keyFile: source.GRPC_TLS_KEY_FILE!, caFile: source.GRPC_TLS_CA_FILE! };
}

/** A zod refinement for a config schema that spreads grpcTlsEnv: the same rules as grpcTlsFromEnv. */
export function checkGrpcTlsEnv(config: TlsEnv, ctx: z.RefinementCtx): void {
  try {
    grpcTlsFromEnv(config);
  } catch (err) {
    const missing = GRPC_TLS_VARIABLES.find((name) => !config[name]) ?? 'GRPC_TLS_CERT_FILE';
    ctx.addIssue({ code: 'custom', path: [missing], message: (err as Error).message });
  }
}

/** Reads each file once now, so a bad mount fails at start rather than at the first call. */
function assertReadable(files: GrpcTlsFiles): void {
  const read = (path: string, what: string) => {
    try {
      readFileSync(path);
    } catch (err) {
      throw new Error(`gRPC TLS: cannot read the ${what} at ${path}: ${(err as Error).message}`);
    }
  };
  read(files.certFile, 'certificate');
  read(files.keyFile, 'private key');
  read(files.caFile, 'CA certificate');
}

/**
 * Watches the files (grpc-js's FileWatcherCertificateProvider): cert-manager renews the Secret,
 * the kubelet updates the mounted files, and new connections use the new certificate.
 */
function watchedFiles(files: GrpcTlsFiles): grpc.experimental.CertificateProvider {
  assertReadable(files);
  return new grpc.experimental.FileWatcherCertificateProvider({
    certificateFile: files.certFile,
    privateKeyFile: files.keyFile,
    caCertificateFile: files.caFile,
    refreshIntervalMs: files.refreshMs ?? DEFAULT_TLS_REFRESH_MS,
  });
}

/** Server credentials: TLS with a required client certificate signed by the CA, or plaintext when `files` is undefined. */
export function grpcServerCredentials(files: GrpcTlsFiles | undefined): grpc.ServerCredentials {
  if (!files) return grpc.ServerCredentials.createInsecure();
  const provider = watchedFiles(files);
  return grpc.experimental.createCertificateProviderServerCredentials(provider, provider, true);
}

/** Channel credentials: TLS presenting this workload's certificate and trusting only the CA, or plaintext. */
export function grpcChannelCredentials(files: GrpcTlsFiles | undefined): grpc.ChannelCredentials {
  if (!files) return grpc.credentials.createInsecure();
  const provider = watchedFiles(files);
  return grpc.experimental.createCertificateProviderChannelCredentials(provider, provider);
}
