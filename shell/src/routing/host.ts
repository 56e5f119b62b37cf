// The host rules are @ferry/rules' (the gateway classifies hosts with the same ones).
export { classifyHost, defaultRootDomain } from '@ferry/rules';

/** Origin of the root host, keeping the page's protocol and port. */
export function rootOrigin(location: { protocol: string; port: string }, rootDomain: string): string {
  return `${location.protocol}//${rootDomain}${location.port ? `:${location.port}` : ''}`;
}
