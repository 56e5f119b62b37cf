import { preloadDialog } from '@ferry/shell-sdk/ui';

// Tests render dialogs in the same tick, as the browser does once a dialog's code has loaded.
await preloadDialog();
