import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ferry/shell-sdk';
import { DownloadRoute, MissingSlugRoute } from './routes/DownloadRoute';
import '@ferry/shell-sdk/tokens.css';
import '@ferry/shell-sdk/address.css';
import './download.css';

/** Exposed as `mfe_download/App`: the public download page at /d/:slug, /r/:slug and /:slug. */
export default function App(_props: RemoteAppProps) {
  return (
    <div data-remote="download" className="ferry-download">
      <Routes>
        <Route path="/d/:slug" element={<DownloadRoute />} />
        <Route path="/r/:slug" element={<DownloadRoute />} />
        <Route path="/:slug" element={<DownloadRoute />} />
        <Route path="*" element={<MissingSlugRoute />} />
      </Routes>
    </div>
  );
}
