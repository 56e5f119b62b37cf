import { useState } from 'react';
import type { TransferFile } from '../lib/share-info';
import { PasswordForm } from './PasswordForm';
import { TransferFiles } from './TransferFiles';

/** The token of the gateway's download URL that an unlock answered with. */
function tokenOf(downloadUrl: string): string | undefined {
  try {
    return new URL(downloadUrl, window.location.href).searchParams.get('token') ?? undefined;
  } catch {
    return undefined;
  }
}

/** A transfer on the download page: its password first when it has one (one unlock covers every file), then its files. */
export function TransferPanel({
  files,
  slug,
  passwordRequired,
}: {
  files: readonly TransferFile[];
  slug: string;
  passwordRequired: boolean;
}) {
  const [token, setToken] = useState<string>();
  if (passwordRequired && token === undefined)
    return <PasswordForm slug={slug} onUnlocked={(url) => setToken(tokenOf(url) ?? '')} />;
  return <TransferFiles files={files} slug={slug} token={token} />;
}
