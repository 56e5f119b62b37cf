import { createPrivateKey } from 'node:crypto';
import { LinkTestClockServiceClient } from '@ferry/contracts/link/v1/test-clock';
import { callerAssertionOptions, createCallerSigner, createGrpcClient, unaryCall } from '@ferry/service-kit';

interface LinkTestClock {
  /** Runs the link service's clock `seconds` ahead of the wall clock (0: back on it); answers its new now. */
  setOffset(seconds: number): Promise<Date>;
  close(): void;
}

/**
 * The link service's test clock (LINK_TEST_CLOCK=1, served only to the `test` principal): the
 * stack's link address and the test caller's private key (FERRY_TEST_CALLER_KEY, or
 * `SuiteStack.testCallerKey` of a suite's own stack).
 */
export function linkTestClock(linkAddr: string, testCallerKey: string): LinkTestClock {
  // A key passed through a shell may have its line breaks written as a literal \n.
  const privateKey = createPrivateKey(testCallerKey.replace(/\\n/g, '\n'));
  const signer = createCallerSigner({ issuer: 'test', privateKey });
  const client = createGrpcClient(
    LinkTestClockServiceClient,
    linkAddr,
    callerAssertionOptions(signer, 'ferry.link.v1.LinkTestClockService'),
  );
  return {
    async setOffset(seconds) {
      const res = await unaryCall<{ now?: Date }>(
        (md, opts, cb) => client.setClockOffset({ offsetSeconds: String(seconds) }, md, opts, cb),
        { deadlineMs: 5_000 },
      );
      if (!res.now) throw new Error('the test clock answered without its now');
      return res.now;
    },
    close: () => client.close(),
  };
}
