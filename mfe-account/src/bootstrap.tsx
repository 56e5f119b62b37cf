import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneShell } from '@ferry/shell-sdk';
import App from './App';
import { NAMESPACE } from './i18n';

// Runs the remote alone (its own dev server or dist) with the SDK's stand-in for the shell.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <StandaloneShell namespaces={[NAMESPACE]}>
      <App mode="standalone" />
    </StandaloneShell>
  </StrictMode>,
);
