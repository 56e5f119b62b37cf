import { Component, Suspense, lazy, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteAppProps, RemoteName } from '@ferry/shell-sdk';
import { PageShown } from '../app/prerendered';
import type { RemoteAppLoader } from './runtime';

const lazyApps = new WeakMap<RemoteAppLoader, Map<RemoteName, ComponentType<RemoteAppProps>>>();

/** One lazy component per loader and remote, so React keeps its identity across renders. */
function lazyRemoteApp(loader: RemoteAppLoader, name: RemoteName): ComponentType<RemoteAppProps> {
  let byName = lazyApps.get(loader);
  if (!byName) {
    byName = new Map();
    lazyApps.set(loader, byName);
  }
  let app = byName.get(name);
  if (!app) {
    app = lazy(() => loader(name));
    byName.set(name, app);
  }
  return app;
}

function forgetRemoteApp(loader: RemoteAppLoader, name: RemoteName): void {
  lazyApps.get(loader)?.delete(name);
}

function RemoteLoading() {
  const { t } = useTranslation('shell');
  return (
    <div className="remote-loading" role="status" aria-busy="true">
      {t('remote.loading')}
    </div>
  );
}

function RemoteFailed({ name, onRetry }: { name: RemoteName; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="remote-error" role="alert" data-remote-error={name}>
      <PageShown />
      <p>{t('remote.failed')}</p>
      <button type="button" onClick={onRetry}>
        {t('remote.retry')}
      </button>
    </div>
  );
}

interface BoundaryProps {
  name: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

/** Contains a remote's load or render failure so the rest of the shell keeps working. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[ferry] remote "${this.props.name}" failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <RemoteFailed
          name={this.props.name}
          onRetry={() => {
            this.props.onRetry();
            this.setState({ failed: false });
          }}
        />
      );
    }
    return this.props.children;
  }
}

/** Mounts a remote's `./App` with a loading state and an error boundary around it. */
export function RemoteSlot({ name, loader }: { name: RemoteName; loader: RemoteAppLoader }) {
  const App = lazyRemoteApp(loader, name);
  return (
    <RemoteErrorBoundary key={name} name={name} onRetry={() => forgetRemoteApp(loader, name)}>
      <Suspense fallback={<RemoteLoading />}>
        <div className="remote" data-remote-slot={name}>
          <App mode="host" />
          <PageShown />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
