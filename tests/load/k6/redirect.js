// k6 scenario for the download redirect GET /api/d/{slug} (run where k6 is installed; see ../README.md).
//
//   k6 run -e BASE_URL=https://ferry.example.com -e SLUGS=abcDEF12345,ghiJKL67890 tests/load/k6/redirect.js
//   k6 run -e BASE_URL=http://localhost:8080 -e SLUGS_FILE=/tmp/slugs.txt -e RATE=2000 tests/load/k6/redirect.js
//
// Constant arrival rate (an open model: a slow server gets no relief from fewer requests), redirects
// not followed (the default of 10 would load-test the drive), only 302 counts as success, bodies
// discarded, and one `name` tag so random slugs do not create a metric series each.
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
const RATE = Number(__ENV.RATE || 1000);
const DURATION = __ENV.DURATION || '1m';
const slugs = __ENV.SLUGS_FILE
  ? open(__ENV.SLUGS_FILE)
      .split(/\s+/)
      .filter((s) => s.length > 0)
  : (__ENV.SLUGS || '').split(',').filter((s) => s.length > 0);
if (slugs.length === 0) throw new Error('give SLUGS=a,b,c or SLUGS_FILE=<one slug per line>');

export const options = {
  discardResponseBodies: true,
  maxRedirects: 0,
  scenarios: {
    redirect: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: Number(__ENV.VUS || 100),
      maxVUs: Number(__ENV.MAX_VUS || 1000),
    },
  },
  thresholds: {
    // Every planned iteration ran: the server kept up with the arrival rate.
    dropped_iterations: ['count==0'],
    http_req_failed: ['rate==0'],
    'http_req_duration{name:redirect}': ['p(99)<20'],
    'checks{check:302 to the drive}': ['rate==1'],
  },
};

http.setResponseCallback(http.expectedStatuses(302));

export default function () {
  const slug = slugs[exec.scenario.iterationInTest % slugs.length];
  const res = http.get(`${BASE_URL}/api/d/${slug}`, { tags: { name: 'redirect' } });
  check(res, { '302 to the drive': (r) => r.status === 302 && typeof r.headers.Location === 'string' });
}
