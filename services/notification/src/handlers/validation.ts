import * as grpc from '@grpc/grpc-js';
import { grpcError, verifiedUser } from '@ferry/service-kit';
import {
  displayFileName,
  hasLineBreakOrControl,
  INVALID_RECIPIENTS_MESSAGE,
  isMailAddress,
  MAX_SHARE_MESSAGE_LENGTH,
  normalizeAddress,
  parseRecipients,
  shareMessageProblem,
  subdomainOfHost,
} from '@ferry/rules';

/** Spec §8 texts, shared with the gateway's answers. */
export const SENDER_UNKNOWN_MESSAGE = 'Unable to determine sender email.';
export const URL_UNKNOWN_MESSAGE = 'Unable to determine download URL.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const invalid = (message: string) => grpcError(grpc.status.INVALID_ARGUMENT, message);

/** The signed-in sender: the user of the gateway's verified caller assertion, never a request field. */
export function requireSender(call: object): { sub: string; email: string } {
  const caller = verifiedUser(call);
  const email = caller.email.trim();
  if (!isMailAddress(email)) throw invalid(SENDER_UNKNOWN_MESSAGE);
  return { sub: caller.sub, email };
}

export function requireShareRequestId(id: string): string {
  if (!UUID.test(id)) throw invalid('share_request_id must be a UUID');
  return id.toLowerCase();
}

/** The spec §5 recipients rule, at most `max`; the addresses in their canonical (lower-case) form. */
export function requireRecipients(list: string[], max: number): string[] {
  const parsed = parseRecipients(list, max);
  if (parsed.ok) return parsed.recipients.map(normalizeAddress);
  throw invalid(
    parsed.problem === 'too-many' ? `At most ${parsed.max} recipients per e-mail` : INVALID_RECIPIENTS_MESSAGE,
  );
}

/**
 * The download URL must be an http(s) URL on Ferry's own origin or a sender's subdomain of it
 * (`https://alice.ferry.app/{slug}`): mails never carry foreign links.
 */
export function requireDownloadUrl(value: string, publicOrigin: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(URL_UNKNOWN_MESSAGE);
  }
  const root = new URL(publicOrigin);
  const onFerry =
    url.origin === root.origin ||
    (url.protocol === root.protocol && url.port === root.port && subdomainOfHost(url.host, root.host) !== undefined);
  if (!onFerry || url.username || url.password || hasLineBreakOrControl(value)) throw invalid(URL_UNKNOWN_MESSAGE);
  return url.href;
}

/**
 * The file name a share mail shows. It comes from the link service (the drive's name), not from
 * the user, so it is cleaned by the shared rule (one line, no controls or bidi controls, long
 * names elided) rather than refused: a refusal would name a field the user never sent.
 */
export function requireFileName(value: string): string {
  return displayFileName(value);
}

export function requireMessage(value: string): string {
  const problem = shareMessageProblem(value);
  if (problem === 'too-long') throw invalid(`The message may have at most ${MAX_SHARE_MESSAGE_LENGTH} characters`);
  if (problem === 'control') throw invalid('The message may not contain control characters or carriage returns');
  return value.trim();
}
