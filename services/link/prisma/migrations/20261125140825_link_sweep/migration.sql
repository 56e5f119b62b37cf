-- AlterTable
ALTER TABLE "links" ADD COLUMN     "owner_locale" VARCHAR(35) NOT NULL DEFAULT '',
ADD COLUMN     "removed_at" TIMESTAMPTZ(3),
ADD COLUMN     "sweep_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "sweep_error" TEXT,
ADD COLUMN     "sweep_next_at" TIMESTAMPTZ(3),
ADD COLUMN     "sweep_step" VARCHAR(16);

-- CreateTable
CREATE TABLE "cleanup_notices" (
    "owner_sub" TEXT NOT NULL,
    "owner_email" TEXT NOT NULL,
    "locale" VARCHAR(35) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "relayed_at" TIMESTAMPTZ(3),

    CONSTRAINT "cleanup_notices_pkey" PRIMARY KEY ("owner_sub")
);

-- CreateIndex
CREATE INDEX "links_removed_at_expires_at_idx" ON "links"("removed_at", "expires_at");
