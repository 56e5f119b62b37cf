import { useEffect, useMemo, useRef, useState } from 'react';
import type { ShellAuth } from '@ferry/shell-sdk';
import { ProductApi, type PublicConfig } from '../api/product-api';
import { DriveClient } from '../drive/drive-client';
import { MULTI_FILE_THRESHOLD_BYTES } from '@ferry/rules';
import { THRESHOLD_OVERRIDE_KEY } from '../upload/constants';
import { effectiveThreshold } from '../upload/plan';

function readOverride(): string | null {
  try {
    return window.localStorage.getItem(THRESHOLD_OVERRIDE_KEY);
  } catch {
    return null;
  }
}

/** The run-time config (`GET /api/config`), and the Drive and product API clients with the current token. */
export function useDrive(auth: ShellAuth | null) {
  const tokenRef = useRef<string | null>(auth?.token ?? null);
  tokenRef.current = auth?.token ?? null;
  const [config, setConfig] = useState<PublicConfig | null>(null);
  const [configError, setConfigError] = useState(false);
  const api = useMemo(() => new ProductApi(() => tokenRef.current), []);

  useEffect(() => {
    let live = true;
    api
      .config()
      .then((c) => live && setConfig(c))
      .catch(() => live && setConfigError(true));
    return () => {
      live = false;
    };
  }, [api]);

  const drive = useMemo(
    () => (config ? new DriveClient({ rootUrl: config.driveRootUrl, getToken: () => tokenRef.current }) : null),
    [config],
  );
  const threshold = effectiveThreshold(
    config?.uploadFolderThresholdBytes ?? MULTI_FILE_THRESHOLD_BYTES,
    readOverride(),
  );
  return { configError, drive, api, threshold };
}
