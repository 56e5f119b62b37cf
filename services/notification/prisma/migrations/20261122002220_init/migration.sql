-- CreateEnum
CREATE TYPE "MessageKind" AS ENUM ('SHARE_RECEIVER', 'SHARE_UPLOADER_COPY', 'FIRST_DOWNLOAD');

-- CreateEnum
CREATE TYPE "OutboxStatus" AS ENUM ('PENDING', 'SENT', 'FAILED');

-- CreateTable
CREATE TABLE "outbox_messages" (
    "id" UUID NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "kind" "MessageKind" NOT NULL,
    "to" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "OutboxStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "share_request_id" UUID,

    CONSTRAINT "outbox_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "share_requests" (
    "id" UUID NOT NULL,
    "sender_sub" TEXT NOT NULL,
    "sender_email" TEXT NOT NULL,
    "slug" TEXT,
    "file_name" TEXT NOT NULL,
    "download_url" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "recipients" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "share_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "outbox_messages_idempotency_key_key" ON "outbox_messages"("idempotency_key");

-- CreateIndex
CREATE INDEX "outbox_messages_status_next_attempt_at_idx" ON "outbox_messages"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "share_requests_sender_sub_created_at_idx" ON "share_requests"("sender_sub", "created_at");

-- CreateIndex
CREATE INDEX "share_requests_created_at_idx" ON "share_requests"("created_at");

-- AddForeignKey
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_share_request_id_fkey" FOREIGN KEY ("share_request_id") REFERENCES "share_requests"("id") ON DELETE SET NULL ON UPDATE CASCADE;
