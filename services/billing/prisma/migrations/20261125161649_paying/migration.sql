-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "checkout_attempt" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "checkout_plan" "Plan",
ADD COLUMN     "checkout_session_id" TEXT,
ADD COLUMN     "clock_offset_ms" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "language" TEXT,
ADD COLUMN     "paid_starts_at" TIMESTAMPTZ(3),
ADD COLUMN     "past_due_since" TIMESTAMPTZ(3),
ADD COLUMN     "reminder_1d_sent_at" TIMESTAMPTZ(3),
ADD COLUMN     "reminder_7d_sent_at" TIMESTAMPTZ(3),
ADD COLUMN     "reminder_ended_sent_at" TIMESTAMPTZ(3),
ADD COLUMN     "stripe_status" TEXT,
ADD COLUMN     "stripe_test_clock_id" TEXT,
ADD COLUMN     "trial_ends_at" TIMESTAMPTZ(3);

-- Existing accounts: the trial ends 90 days after it started (a row without a start ended at its creation).
UPDATE "subscriptions"
SET "trial_ends_at" = CASE
  WHEN "trial_started_at" IS NOT NULL THEN "trial_started_at" + INTERVAL '90 days'
  WHEN "plan" = 'TRIAL' THEN "paid_until"
  ELSE "created_at"
END;

-- Trials that ended before reminders existed get none now.
UPDATE "subscriptions"
SET "reminder_7d_sent_at" = CURRENT_TIMESTAMP, "reminder_1d_sent_at" = CURRENT_TIMESTAMP, "reminder_ended_sent_at" = CURRENT_TIMESTAMP
WHERE "trial_ends_at" <= CURRENT_TIMESTAMP;
