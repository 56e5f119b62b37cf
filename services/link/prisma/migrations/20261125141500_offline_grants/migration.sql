-- CreateTable
CREATE TABLE "offline_grants" (
    "owner_sub" TEXT NOT NULL,
    "key_id" VARCHAR(32) NOT NULL,
    "sealed" BYTEA NOT NULL,
    "scope" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "offline_grants_pkey" PRIMARY KEY ("owner_sub")
);
