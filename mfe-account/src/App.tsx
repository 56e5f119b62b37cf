import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ferry/shell-sdk';
import { AccountRoute } from './routes/AccountRoute';
import { AdminRoute } from './routes/AdminRoute';

/** Exposed as `mfe_account/App`: the account page at /account, and the administrators' page at /admin. */
export default function App(_props: RemoteAppProps) {
  return (
    <div data-remote="account" className="ferry-account">
      <Routes>
        <Route path="/account" element={<AccountRoute />} />
        <Route path="/admin" element={<AdminRoute />} />
        {/* Standalone, the dev server opens at /; show the page there too. */}
        <Route path="*" element={<AccountRoute />} />
      </Routes>
    </div>
  );
}
