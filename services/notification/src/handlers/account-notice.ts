import * as grpc from '@grpc/grpc-js';
import { grpcError, unary } from '@ferry/service-kit';
import {
  AccountNoticeKind,
  type NotificationServiceServer,
  type SendAccountNoticeRequest,
  type SendAccountNoticeResponse,
} from '@ferry/contracts/notification/v1';
import { isMailAddress, normaliseLanguage } from '@ferry/rules';
import type { AccountNoticeType } from '../mail/account-notice-strings.js';
import { renderAccountNotice } from '../mail/templates.js';
import type { OutboxPayload } from '../outbox/payload.js';
import { queueOnce } from '../outbox/queue-once.js';
import type { HandlerDeps } from './deps.js';

const TYPES: Partial<Record<AccountNoticeKind, AccountNoticeType>> = {
  [AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_7_DAYS]: 'trial-ends-in-7-days',
  [AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_1_DAY]: 'trial-ends-in-1-day',
  [AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDED]: 'trial-ended',
};

/** `<type>/<account sub>/<trial end, ms>`: one mail per kind and trial. */
const KEY = /^(trial-ends-in-7-days|trial-ends-in-1-day|trial-ended)\/[^/\s]{1,255}\/\d{1,15}$/;

/**
 * The billing service's trial reminders: one mail in the account's language with a button to the
 * account page's plans, queued in the outbox once per idempotency key (a repeat queues nothing).
 */
export function accountNoticeHandlers(deps: HandlerDeps): Pick<NotificationServiceServer, 'sendAccountNotice'> {
  const { logger, now } = deps;

  async function sendAccountNotice(req: SendAccountNoticeRequest): Promise<SendAccountNoticeResponse> {
    const type = TYPES[req.kind];
    if (!type) throw grpcError(grpc.status.INVALID_ARGUMENT, 'kind must be a trial reminder');
    const key = KEY.exec(req.idempotencyKey);
    if (!key || key[1] !== type)
      throw grpcError(grpc.status.INVALID_ARGUMENT, `idempotency_key must be ${type}/<account>/<ms>`);
    const to = req.email.trim().toLowerCase();
    if (!isMailAddress(to)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'email is not a valid address');
    if (!req.trialEndsAt) throw grpcError(grpc.status.INVALID_ARGUMENT, 'trial_ends_at is required');
    let accountUrl: URL;
    try {
      accountUrl = new URL(req.accountUrl);
    } catch {
      throw grpcError(grpc.status.INVALID_ARGUMENT, 'account_url is not a URL');
    }
    // Mails link only to Ferry itself.
    if (accountUrl.origin !== deps.publicOrigin)
      throw grpcError(grpc.status.INVALID_ARGUMENT, "account_url must be on Ferry's public origin");
    const at = now();
    const lang = normaliseLanguage(req.language);
    const rendered = renderAccountNotice({
      lang,
      type,
      trialEndsAt: req.trialEndsAt,
      accountUrl: accountUrl.href,
      year: at.getUTCFullYear(),
    });
    const payload: OutboxPayload = { ...rendered, type, lang };
    const { accepted, status } = await queueOnce(deps, {
      idempotencyKey: req.idempotencyKey,
      kind: 'ACCOUNT_NOTICE',
      to,
      payload,
      at,
    });
    logger.info({ type, accepted }, accepted ? 'trial reminder queued' : 'trial reminder already recorded');
    return { accepted, status };
  }

  return { sendAccountNotice: unary(logger, sendAccountNotice) };
}
