import { describe, expect, it } from 'vitest';
import { overlays } from './lib/inventory.js';
import { find, renderOverlay } from './lib/render.js';

describe('the ingress in front of the gateways', () => {
  it.each(overlays)(
    '%s: resends a GET whose gateway died to one other gateway, with the same X-Request-ID',
    (overlay) => {
      const ingress = find(renderOverlay(overlay), 'Ingress', 'ferry');
      // The gateways count a download once per request id (gateway: links/download-once.ts); the
      // controller keeps $req_id over a proxy_next_upstream resend. One resend at most.
      expect(ingress.metadata.annotations).toMatchObject({
        'nginx.ingress.kubernetes.io/proxy-next-upstream': 'error timeout',
        'nginx.ingress.kubernetes.io/proxy-next-upstream-tries': '2',
      });
    },
  );
});
