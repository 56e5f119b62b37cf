import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ferry/shell-sdk';
import { BuildLabel } from './components/BuildLabel';
import { FaqRoute } from './routes/FaqRoute';
import { LandingRoute } from './routes/LandingRoute';
import { LegalRoute } from './routes/LegalRoute';
import '@ferry/shell-sdk/tokens.css';
import './marketing.css';

/** Exposed as `mfe_marketing/App`: the landing page, FAQ, privacy and terms. */
export default function App(_props: RemoteAppProps) {
  return (
    <div data-remote="marketing" className="ferry-marketing">
      <Routes>
        <Route path="/" element={<LandingRoute />} />
        <Route path="/faq" element={<FaqRoute />} />
        <Route path="/privacy" element={<LegalRoute page="privacy" />} />
        <Route path="/terms" element={<LegalRoute page="terms" />} />
        <Route path="*" element={null} />
      </Routes>
      <BuildLabel />
    </div>
  );
}
