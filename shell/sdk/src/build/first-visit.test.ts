// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { firstVisitFiles } from './first-visit.js';

describe('firstVisitFiles', () => {
  it("keeps the entry's own imports and the shared libraries it provides, not chunks loaded on demand or fallbacks", () => {
    const files = firstVisitFiles([
      { files: ['static/js/async/7.1.js'], origins: [{ moduleName: './src/index.tsx', request: './bootstrap' }] },
      {
        files: ['static/js/async/i.2.js'],
        origins: [{ moduleName: 'provide shared module (default) react@19.3.1 = …' }],
      },
      {
        files: ['static/js/async/f.3.js', 'static/css/async/f.3.css'],
        origins: [{ moduleName: './src/index.tsx', request: './bootstrap' }],
      },
      {
        files: ['static/js/async/e.4.js'],
        origins: [{ moduleName: './sdk/dist/ui/Dialog.js', request: './ModalSurface.js' }],
      },
      {
        files: ['static/js/async/p.5.js'],
        origins: [{ moduleName: 'consume shared module (default) react-dom@* (strict) (fallback: …)' }],
      },
      { files: ['static/js/index.6.js'], origins: [{ moduleName: '', request: './src/index.tsx' }] },
    ]);
    expect(files).toEqual({
      js: ['/static/js/async/7.1.js', '/static/js/async/f.3.js', '/static/js/async/i.2.js'],
      css: ['/static/css/async/f.3.css'],
    });
  });
});
