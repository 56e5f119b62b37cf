import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/** A subset of RFC 7591 client metadata; any other oidc-provider client field passes through. */
const ClientSchema = z.looseObject({
  client_id: z.string().min(1),
  client_secret: z.string().min(1).optional(),
  redirect_uris: z.array(z.url()).default([]),
  post_logout_redirect_uris: z.array(z.url()).optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  token_endpoint_auth_method: z.string().optional(),
});
const ClientsSchema = z.array(ClientSchema).min(1);

export type ClientConfig = z.infer<typeof ClientSchema>;

/**
 * IDENTITY_CLIENTS is either inline JSON (starts with `[`) or a path to a JSON file holding an
 * array of client metadata objects.
 */
export function loadClients(value: string, cwd = process.cwd()): ClientConfig[] {
  const trimmed = value.trim();
  let text: string;
  if (trimmed.startsWith('[')) {
    text = trimmed;
  } else {
    const path = resolve(cwd, trimmed);
    if (!existsSync(path)) throw new Error(`IDENTITY_CLIENTS: file not found: ${path}`);
    text = readFileSync(path, 'utf8');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`IDENTITY_CLIENTS: not valid JSON (${(e as Error).message})`);
  }
  const parsed = ClientsSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `IDENTITY_CLIENTS: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data.map(normaliseClient);
}

/** Fills in the grant/response types each kind of client needs so the JSON can stay short. */
function normaliseClient(c: ClientConfig): ClientConfig {
  const isPublic = c.token_endpoint_auth_method === 'none' || !c.client_secret;
  const isResourceServer = c.redirect_uris.length === 0;
  const out: ClientConfig = { ...c };
  if (isPublic && !out.token_endpoint_auth_method) out.token_endpoint_auth_method = 'none';
  if (isResourceServer) {
    out.grant_types ??= [];
    out.response_types ??= [];
  } else {
    out.grant_types ??= ['authorization_code', 'refresh_token'];
    out.response_types ??= ['code'];
  }
  return out;
}
