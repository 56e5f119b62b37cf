import { approveDevice, DEFAULT_SCOPE, discover, signIn } from '@ferry/dev-identity';
import { OTHER_APP_CLIENT } from '../../scripts/lib/stack.ts';

/**
 * An access token that the stack's local provider issued to another app (`other-app`, as
 * scripts/lib/stack.ts registers it) for `email`, with only the sign-in scopes: valid at the
 * provider, for the same person, and not Ferry's.
 */
export async function signInAsOtherApp(stack: { identityIssuer: string }, email: string): Promise<string> {
  const tokens = await signIn({
    issuer: stack.identityIssuer,
    clientId: OTHER_APP_CLIENT.clientId,
    redirectUri: OTHER_APP_CLIENT.redirectUri,
    scope: 'openid email profile',
    email,
  });
  return tokens.access_token;
}

/**
 * An access token of the command-line sender's client (`ferry-send`) for `email`, by the device
 * authorization grant (RFC 8628) as `ferry-send` signs in: the code approved at the provider as
 * its user would, then redeemed (an approved code is answered at once, so one poll).
 */
export async function signInAsCli(stack: { identityIssuer: string }, email: string): Promise<string> {
  const d = (await discover(stack.identityIssuer)) as Awaited<ReturnType<typeof discover>> & {
    device_authorization_endpoint: string;
  };
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const start = await fetch(d.device_authorization_endpoint, form({ client_id: 'ferry-send', scope: DEFAULT_SCOPE }));
  if (!start.ok) throw new Error(`device authorization: HTTP ${start.status} ${await start.text()}`);
  const device = (await start.json()) as { device_code: string; verification_uri_complete: string };
  await approveDevice({ verificationUriComplete: device.verification_uri_complete, email });
  const res = await fetch(
    d.token_endpoint,
    form({
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: device.device_code,
      client_id: 'ferry-send',
    }),
  );
  const body = (await res.json()) as { access_token?: string; error?: string };
  if (!res.ok || !body.access_token) throw new Error(`device token: HTTP ${res.status} ${body.error ?? ''}`);
  return body.access_token;
}
