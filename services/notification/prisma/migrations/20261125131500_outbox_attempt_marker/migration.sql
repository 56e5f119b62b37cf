-- AlterTable
ALTER TABLE "outbox_messages" ADD COLUMN     "message_id" TEXT,
ADD COLUMN     "sending_since" TIMESTAMPTZ(3);
