import { signIn } from '@ferry/dev-identity';

/**
 * An access token of the browser app's public client (`ferry-web`, as scripts/lib/stack.ts
 * registers it) for `email`, straight from the stack's local identity provider with the scopes the
 * upload page asks for: what a signed-in page holds, without a browser.
 */
export async function signInAsWebApp(
  stack: { baseUrl: string; identityIssuer: string },
  email: string,
): Promise<string> {
  const tokens = await signIn({
    issuer: stack.identityIssuer,
    clientId: 'ferry-web',
    redirectUri: `${stack.baseUrl}/auth/callback`,
    email,
  });
  return tokens.access_token;
}
