-- AlterTable
ALTER TABLE "links" ADD COLUMN     "file_count" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "link_files" (
    "link_id" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "drive_file_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "mime_type" VARCHAR(255) NOT NULL DEFAULT '',
    "download_count" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "link_files_pkey" PRIMARY KEY ("link_id","index")
);

-- AddForeignKey
ALTER TABLE "link_files" ADD CONSTRAINT "link_files_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
