-- AlterTable
ALTER TABLE "links" ADD COLUMN     "download_limit" INTEGER,
ADD COLUMN     "password_hash" VARCHAR(200);

-- CreateTable
CREATE TABLE "unlock_tokens" (
    "token_hash" CHAR(64) NOT NULL,
    "link_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "unlock_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "used_actions" (
    "action_id" VARCHAR(64) NOT NULL,
    "link_id" UUID NOT NULL,
    "used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "used_actions_pkey" PRIMARY KEY ("action_id")
);

-- CreateIndex
CREATE INDEX "unlock_tokens_expires_at_idx" ON "unlock_tokens"("expires_at");
