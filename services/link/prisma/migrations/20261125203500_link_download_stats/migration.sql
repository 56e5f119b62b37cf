-- AlterTable
ALTER TABLE "links" ADD COLUMN     "first_downloaded_at" TIMESTAMPTZ(3),
ADD COLUMN     "last_downloaded_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "link_download_buckets" (
    "link_id" UUID NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "downloads" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "link_download_buckets_pkey" PRIMARY KEY ("link_id","bucket_start")
);
