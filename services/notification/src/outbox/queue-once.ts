import type { MessageStatus } from '@ferry/contracts/notification/v1';
import type { MessageKind } from '../generated/prisma/client.js';
import type { HandlerDeps } from '../handlers/deps.js';
import { messageStatus } from '../handlers/status.js';
import type { OutboxPayload } from './payload.js';

export interface OnceMail {
  idempotencyKey: string;
  kind: MessageKind;
  to: string;
  payload: OutboxPayload;
  /** Queued at, and due at. */
  at: Date;
}

/**
 * One outbox row per idempotency key: the first call queues the mail and pokes the relay
 * (`accepted`); a repeat changes nothing. Either way the answer carries the row's status.
 */
export async function queueOnce(
  deps: Pick<HandlerDeps, 'prisma' | 'poke'>,
  mail: OnceMail,
): Promise<{ accepted: boolean; status: MessageStatus }> {
  const { prisma } = deps;
  const created = await prisma.outboxMessage.createMany({
    data: [
      {
        idempotencyKey: mail.idempotencyKey,
        kind: mail.kind,
        to: mail.to,
        payload: mail.payload as object,
        nextAttemptAt: mail.at,
        createdAt: mail.at,
      },
    ],
    skipDuplicates: true,
  });
  const row = await prisma.outboxMessage.findUnique({
    where: { idempotencyKey: mail.idempotencyKey },
    select: { status: true },
  });
  const accepted = created.count === 1;
  if (accepted) deps.poke();
  return { accepted, status: messageStatus(row?.status ?? 'PENDING') };
}
