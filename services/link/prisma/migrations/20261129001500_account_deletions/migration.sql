-- CreateTable
CREATE TABLE "account_deletions" (
    "owner_sub" TEXT NOT NULL,
    "owner_email" TEXT NOT NULL,
    "locale" VARCHAR(35) NOT NULL DEFAULT '',
    "trash_files" BOOLEAN NOT NULL,
    "step" VARCHAR(24) NOT NULL DEFAULT '',
    "requested_at" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "last_error" TEXT,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "account_deletions_pkey" PRIMARY KEY ("owner_sub")
);

-- CreateIndex
CREATE INDEX "account_deletions_finished_at_next_attempt_at_idx" ON "account_deletions"("finished_at", "next_attempt_at");
