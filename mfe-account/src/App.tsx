import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ferry/shell-sdk';
import { AccountRoute } from './routes/AccountRoute';

/** Exposed as `mfe_account/App`: the account page at /account. */
export default function App(_props: RemoteAppProps) {
  return (
    <div data-remote="account" className="ferry-account">
      <Routes>
        <Route path="/account" element={<AccountRoute />} />
        {/* Standalone, the dev server opens at /; show the page there too. */}
        <Route path="*" element={<AccountRoute />} />
      </Routes>
    </div>
  );
}
