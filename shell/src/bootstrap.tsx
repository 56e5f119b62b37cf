import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { initFerryI18n } from '@ferry/shell-sdk';
import { ShellApp } from './app/ShellApp';
import { fetchManifest } from './remotes/manifest';
import { createRemoteLoader } from './remotes/runtime';
import './styles.css';

// Translations and the remotes manifest load in parallel; the layout renders once both are in.
void initFerryI18n({ namespaces: ['shell'], defaultNamespace: 'shell' });
const manifest = fetchManifest(window.location.href);
const loader = createRemoteLoader(manifest);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<ShellApp i18n={i18next} manifest={manifest} loader={loader} />);
