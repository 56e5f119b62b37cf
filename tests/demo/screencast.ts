import type { CDPSession, Page } from '@playwright/test';

/** One screencast frame and when it appears in the video (seconds from the video's start). */
export interface Frame {
  jpeg: Buffer;
  at: number;
}

/** A named moment of the video (seconds from its start): where a caption begins. */
export interface StepMark<Step extends string> {
  step: Step;
  at: number;
}

const nowSeconds = () => Date.now() / 1000;

/**
 * Records one video from the screencast of whichever page is followed (CDP `Page.startScreencast`).
 * Chromium sends a frame only when the page changes, stamped with the wall-clock time; each frame
 * stays on screen until the next one, so the video keeps the real pace. While paused (pages that
 * should not be shown, like the identity provider's), the video's clock stands still.
 */
export class ScreencastRecorder<Step extends string> {
  readonly frames: Frame[] = [];
  readonly steps: StepMark<Step>[] = [];
  private session: CDPSession | null = null;
  /** Video time recorded before the current run, and the wall-clock start of the current run. */
  private recorded = 0;
  private runningSince: number | null = null;

  private readonly size: { width: number; height: number };

  constructor(size: { width: number; height: number }) {
    this.size = size;
  }

  /** Video time now. */
  now(): number {
    return this.recorded + (this.runningSince === null ? 0 : nowSeconds() - this.runningSince);
  }

  /** Starts (or moves) the recording to this page. */
  async follow(page: Page): Promise<void> {
    await this.stopSession();
    const session = await page.context().newCDPSession(page);
    this.session = session;
    session.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
      void session.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
      if (this.session !== session || this.runningSince === null) return;
      const stamp = metadata.timestamp ?? nowSeconds();
      const at = Math.max(this.recorded + (stamp - this.runningSince), this.frames.at(-1)?.at ?? 0);
      this.frames.push({ jpeg: Buffer.from(data, 'base64'), at });
    });
    this.runningSince ??= nowSeconds();
    await session.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 92,
      maxWidth: this.size.width,
      maxHeight: this.size.height,
      everyNthFrame: 1,
    });
  }

  /** Stops the clock until the next `follow`. */
  async pause(): Promise<void> {
    await this.stopSession();
    if (this.runningSince !== null) this.recorded += nowSeconds() - this.runningSince;
    this.runningSince = null;
  }

  mark(step: Step): void {
    this.steps.push({ step, at: this.now() });
  }

  /** Ends the recording; returns the video's length in seconds. */
  async finish(): Promise<number> {
    await this.pause();
    return this.recorded;
  }

  private async stopSession(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (!session) return;
    await session.send('Page.stopScreencast').catch(() => undefined);
    await session.detach().catch(() => undefined);
  }
}
