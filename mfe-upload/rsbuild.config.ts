import { remoteRsbuildConfig } from '@ferry/shell-sdk/rsbuild';
import mfConfig from './module-federation.config';

export default remoteRsbuildConfig({
  federation: mfConfig,
  devPort: Number(process.env.UPLOAD_DEV_PORT ?? 3001),
  env: process.env,
});
