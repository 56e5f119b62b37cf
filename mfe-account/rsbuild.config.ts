import { remoteRsbuildConfig } from '@ferry/shell-sdk/rsbuild';
import mfConfig from './module-federation.config';

export default remoteRsbuildConfig({
  federation: mfConfig,
  devPort: Number(process.env.ACCOUNT_DEV_PORT ?? 3003),
  env: process.env,
});
