import { uploadShape } from '@ferry/rules';
import { queueBytes, type QueueItem } from './queue';

export type UploadPlan =
  | { kind: 'single'; item: QueueItem }
  | { kind: 'zip'; items: QueueItem[]; name: string }
  | { kind: 'folder'; items: QueueItem[]; name: string };

/**
 * Spec §9 threshold rule (@ferry/rules uploadShape): one file is uploaded as it is; several files
 * totalling less than the threshold are zipped without compression; the threshold or more become a
 * folder, one transfer link for all its files.
 */
export function planUpload(queue: readonly QueueItem[], threshold: number, now: Date, firstName: string): UploadPlan {
  if (queue.length === 0) throw new Error('empty queue');
  const shape = uploadShape(queue.length, queueBytes(queue), threshold);
  if (shape === 'single') return { kind: 'single', item: queue[0]! };
  const base = `upload_${datePart(now)}_${safeFirstName(firstName)}_${queue.length}_files`;
  if (shape === 'folder') return { kind: 'folder', items: [...queue], name: base };
  return { kind: 'zip', items: [...queue], name: `${base}.zip` };
}

/** upload_{date}_…: the local date as YYYY-MM-DD. */
export function datePart(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The first name from the profile name, else the e-mail's local part up to a dot; file-name safe. */
export function firstNameOf(user: { name?: string; email?: string } | null | undefined): string {
  const fromName = user?.name?.trim().split(/\s+/)[0];
  const fromEmail = user?.email?.split('@')[0]?.split(/[._+-]/)[0];
  return safeFirstName(fromName || fromEmail || 'user');
}

function safeFirstName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]/g, '')
    .toLowerCase()
    .slice(0, 32);
  return cleaned || 'user';
}

/** The configured threshold, lowered by a local-storage override (tests and debugging only). */
export function effectiveThreshold(configured: number, override: string | null | undefined): number {
  const n = override ? Number(override) : NaN;
  return Number.isFinite(n) && n > 0 ? n : configured;
}
