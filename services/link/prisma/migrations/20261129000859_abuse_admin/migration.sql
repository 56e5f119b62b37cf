-- AlterTable
ALTER TABLE "links" ADD COLUMN     "disabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "owner_suspended_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "abuse_reports" (
    "id" UUID NOT NULL,
    "request_id" VARCHAR(64) NOT NULL,
    "slug" VARCHAR(63) NOT NULL,
    "reason" VARCHAR(16) NOT NULL,
    "details" TEXT NOT NULL DEFAULT '',
    "reply_to" VARCHAR(254) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "abuse_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_suspensions" (
    "email" VARCHAR(254) NOT NULL,
    "reason" TEXT NOT NULL,
    "suspended_by" VARCHAR(254) NOT NULL,
    "suspended_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_suspensions_pkey" PRIMARY KEY ("email")
);

-- CreateTable
CREATE TABLE "admin_actions" (
    "id" BIGSERIAL NOT NULL,
    "actor" VARCHAR(254) NOT NULL,
    "action" VARCHAR(32) NOT NULL,
    "target" VARCHAR(254) NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_actions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "abuse_reports_request_id_key" ON "abuse_reports"("request_id");

-- CreateIndex
CREATE INDEX "abuse_reports_created_at_idx" ON "abuse_reports"("created_at" DESC);
