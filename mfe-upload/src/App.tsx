import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ferry/shell-sdk';
import { UploadRoute } from './routes/UploadRoute';

/** Exposed as `mfe_upload/App`: the upload screen at /upload. */
export default function App(_props: RemoteAppProps) {
  return (
    <div data-remote="upload" className="ferry-upload">
      <Routes>
        <Route path="/upload" element={<UploadRoute />} />
        {/* Standalone, the dev server opens at /; show the screen there too. */}
        <Route path="*" element={<UploadRoute />} />
      </Routes>
    </div>
  );
}
