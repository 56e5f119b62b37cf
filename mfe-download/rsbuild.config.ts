import { remoteRsbuildConfig } from '@ferry/shell-sdk/rsbuild';
import mfConfig from './module-federation.config';

export default remoteRsbuildConfig({
  federation: mfConfig,
  devPort: Number(process.env.DOWNLOAD_DEV_PORT ?? 3002),
  env: process.env,
});
