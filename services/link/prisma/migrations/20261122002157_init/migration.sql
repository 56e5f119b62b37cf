-- CreateTable
CREATE TABLE "links" (
    "id" UUID NOT NULL,
    "slug" VARCHAR(63) NOT NULL,
    "drive_file_id" TEXT NOT NULL,
    "owner_sub" TEXT NOT NULL,
    "owner_email" TEXT NOT NULL,
    "owner_subdomain" VARCHAR(63) NOT NULL,
    "file_name" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),
    "notified_at" TIMESTAMPTZ(3),
    "download_count" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "download_batches" (
    "batch_id" TEXT NOT NULL,
    "downloads" BIGINT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "download_batches_pkey" PRIMARY KEY ("batch_id")
);

-- CreateTable
CREATE TABLE "first_download_outbox" (
    "id" UUID NOT NULL,
    "link_id" UUID NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "relayed_at" TIMESTAMPTZ(3),

    CONSTRAINT "first_download_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "links_slug_key" ON "links"("slug");

-- CreateIndex
CREATE INDEX "links_owner_sub_created_at_idx" ON "links"("owner_sub", "created_at" DESC);

-- CreateIndex
CREATE INDEX "links_drive_file_id_idx" ON "links"("drive_file_id");

-- CreateIndex
CREATE UNIQUE INDEX "first_download_outbox_link_id_key" ON "first_download_outbox"("link_id");

-- CreateIndex
CREATE UNIQUE INDEX "first_download_outbox_idempotency_key_key" ON "first_download_outbox"("idempotency_key");

-- CreateIndex
CREATE INDEX "first_download_outbox_relayed_at_next_attempt_at_idx" ON "first_download_outbox"("relayed_at", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "first_download_outbox" ADD CONSTRAINT "first_download_outbox_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
