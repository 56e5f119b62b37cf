-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "checkout_opened_at" TIMESTAMPTZ(3);
