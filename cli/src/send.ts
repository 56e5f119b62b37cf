import { MULTI_FILE_THRESHOLD_BYTES } from '@ferry/rules';
import { ProductApi } from '../../mfe-upload/src/api/product-api.ts';
import { DriveClient, DriveError } from '../../mfe-upload/src/drive/drive-client';
import { runUpload, type UploadedItem } from '../../mfe-upload/src/upload/engine';
import type { Phase } from '../../mfe-upload/src/upload/phase';
import { firstNameOf, planUpload } from '../../mfe-upload/src/upload/plan';
import type { SendArgs } from './args';
import { collect } from './collect';
import type { Progress } from './progress';
import type { Session } from './sign-in';

export interface SendContext {
  /** Ferry's public origin, e.g. https://ferry.example or http://localhost:8080. */
  ferryUrl: string;
  session: Session;
  progress: (label: string) => Progress;
  /** The link's password when --password was given. */
  password?: string;
  log: (line: string) => void;
}

/** One link made: the uploaded entry's path and the link to share. */
export interface SentLink {
  name: string;
  url: string;
}

const PHASE_TEXT: Partial<Record<Phase, string>> = {
  preparing: 'Preparing…',
  zipping: 'Zipping…',
  init: 'Starting the upload…',
  finalizing: 'Making the link…',
};

/** The relative paths of the public API, sent to Ferry's origin. */
function fetchAt(origin: string): typeof fetch {
  return (input, init) => fetch(new URL(String(input), origin), init);
}

/**
 * Uploads the named files and folders to the user's drive with the browser's own upload engine
 * (the same plan, chunk rule, retries and link calls), then protects and mails the links when asked.
 */
export async function send(args: SendArgs, ctx: SendContext): Promise<SentLink[]> {
  const queue = await collect(args.paths);
  await ctx.session.ensure();
  const getToken = () => ctx.session.accessToken;
  const api = new ProductApi(getToken, fetchAt(ctx.ferryUrl));
  const config = await api.config();
  const drive = new DriveClient({ rootUrl: config.driveRootUrl, getToken });
  const plan = planUpload(
    queue,
    config.uploadFolderThresholdBytes ?? MULTI_FILE_THRESHOLD_BYTES,
    new Date(),
    firstNameOf(ctx.session.user),
  );
  const label = plan.kind === 'single' ? plan.item.path : plan.name;
  const progress = ctx.progress(label);
  let items: UploadedItem[];
  try {
    items = await runUpload(plan, {
      drive,
      api,
      user: ctx.session.user,
      signal: new AbortController().signal,
      ensureFreshToken: () => ctx.session.ensure(),
      relogin: () => ctx.session.renew(),
      onPhase: (phase) => {
        const text = PHASE_TEXT[phase];
        if (text) progress.phase(text);
      },
      onProgress: (sent, total) => progress.bytes(sent, total),
      locale: Intl.DateTimeFormat().resolvedOptions().locale,
      ...(args.validityMs ? { validityMs: args.validityMs } : {}),
    });
  } catch (err) {
    if (err instanceof DriveError) throw new Error(`The drive refused: ${err.message} (HTTP ${err.status})`);
    throw err;
  } finally {
    progress.done();
  }
  const links: SentLink[] = [];
  for (const item of items) {
    if (!item.shortUrl) continue;
    if (item.shortId && ctx.password !== undefined) await api.setAccess(item.shortId, { password: ctx.password });
    if (item.shortId && args.emails.length > 0) await shareByMail(ctx, getToken(), item.shortId, args.emails);
    links.push({ name: item.file.name, url: item.shortUrl });
  }
  return links;
}

/** POST /api/share-email: the recipients get the link, the sender a copy. */
async function shareByMail(ctx: SendContext, token: string, slug: string, recipients: string[]): Promise<void> {
  const res = await fetch(new URL('/api/share-email', ctx.ferryUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ slug, recipients, requestId: crypto.randomUUID() }),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new Error(`Mailing the link failed: ${body.error ?? `HTTP ${res.status}`}`);
  }
  ctx.log(`Mailed to ${recipients.join(', ')}`);
}
