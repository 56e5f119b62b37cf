-- CreateTable
CREATE TABLE "short_codes" (
    "code" VARCHAR(2048) NOT NULL,
    "link_id" UUID NOT NULL,
    "subdomain" VARCHAR(63) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "short_codes_pkey" PRIMARY KEY ("code")
);

-- CreateIndex
CREATE INDEX "short_codes_link_id_idx" ON "short_codes"("link_id");

-- AddForeignKey
ALTER TABLE "short_codes" ADD CONSTRAINT "short_codes_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
