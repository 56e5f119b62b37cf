import { remoteRsbuildConfig } from '@ferry/shell-sdk/rsbuild';
import mfConfig from './module-federation.config';

export default remoteRsbuildConfig({
  federation: mfConfig,
  devPort: Number(process.env.MARKETING_DEV_PORT ?? 3004),
  env: process.env,
});
