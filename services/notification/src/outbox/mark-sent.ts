import type { PrismaClient } from '../db.js';

/**
 * Records that SMTP accepted a row's mail: one plain UPDATE, sent to the database without any
 * query building or transaction around it, so it leaves the process as soon as it is issued.
 */
export async function markSent(prisma: PrismaClient, id: string, at: Date): Promise<void> {
  await prisma.$executeRaw`UPDATE outbox_messages SET status = 'SENT', sent_at = ${at}, last_error = NULL, sending_since = NULL WHERE id = ${id}::uuid`;
}
