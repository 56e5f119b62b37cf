import * as grpc from '@grpc/grpc-js';
import { LinkTestClockServiceService } from '@ferry/contracts/link/v1/test-clock';
import { grpcError, unary, type GrpcServiceBinding, type Logger, type ServicePolicies } from '@ferry/service-kit';
import { MAX_CLOCK_OFFSET_MS, type LinkClock } from '../clock.js';

export const TEST_CLOCK_SERVICE_NAME = 'ferry.link.v1.LinkTestClockService';

/** Only a test suite, with its own key (TEST_CALLER_ASSERTION_PUBLIC_KEY); never the gateway, never for a user. */
const testClockPolicies: ServicePolicies<typeof LinkTestClockServiceService> = {
  setClockOffset: { callers: ['test'], user: 'none' },
};

/**
 * The test clock (LINK_TEST_CLOCK=1): moves the handlers' now, so a test records downloads on the
 * days it chooses. Not registered at all when the flag is off (the RPC is then UNIMPLEMENTED).
 */
export function testClockBinding(clock: LinkClock, logger: Logger): GrpcServiceBinding {
  return {
    name: TEST_CLOCK_SERVICE_NAME,
    definition: LinkTestClockServiceService,
    policies: testClockPolicies,
    implementation: {
      setClockOffset: unary(logger, async (req: { offsetSeconds: string }) => {
        const seconds = /^\d{1,12}$/.test(req.offsetSeconds) ? Number(req.offsetSeconds) : Number.NaN;
        if (!(seconds * 1000 <= MAX_CLOCK_OFFSET_MS))
          throw grpcError(
            grpc.status.INVALID_ARGUMENT,
            `offset_seconds must be 0 to ${MAX_CLOCK_OFFSET_MS / 1000} (the clock never runs behind the wall clock)`,
          );
        const now = clock.setOffset(seconds * 1000);
        logger.warn({ offsetSeconds: seconds, now: now.toISOString() }, 'test clock moved');
        return { now };
      }),
    },
  };
}
