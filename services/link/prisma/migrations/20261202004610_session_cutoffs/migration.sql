-- CreateTable
CREATE TABLE "session_cutoffs" (
    "owner_sub" TEXT NOT NULL,
    "cut_off_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "session_cutoffs_pkey" PRIMARY KEY ("owner_sub")
);

-- CreateTable
CREATE TABLE "admitted_sessions" (
    "token_hash" VARCHAR(64) NOT NULL,
    "owner_sub" TEXT NOT NULL,
    "admitted_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "admitted_sessions_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "session_cutoffs_expires_at_idx" ON "session_cutoffs"("expires_at");

-- CreateIndex
CREATE INDEX "admitted_sessions_expires_at_idx" ON "admitted_sessions"("expires_at");
