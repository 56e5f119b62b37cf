/*
  Warnings:

  - The primary key for the `short_codes` table will be changed. If it partially fails, the table could be left without primary key constraint.

*/
-- AlterTable
ALTER TABLE "short_codes" DROP CONSTRAINT "short_codes_pkey",
ADD CONSTRAINT "short_codes_pkey" PRIMARY KEY ("subdomain", "code");

-- CreateTable
CREATE TABLE "subdomain_owners" (
    "subdomain" VARCHAR(63) NOT NULL,
    "owner_sub" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subdomain_owners_pkey" PRIMARY KEY ("subdomain")
);

-- CreateIndex
CREATE UNIQUE INDEX "subdomain_owners_owner_sub_key" ON "subdomain_owners"("owner_sub");

-- Existing links keep their subdomain: each one goes to the account with the earliest link on it
-- (an account already holding one keeps its first).
INSERT INTO "subdomain_owners" ("subdomain", "owner_sub", "created_at")
SELECT DISTINCT ON ("owner_subdomain") "owner_subdomain", "owner_sub", "created_at"
FROM "links"
WHERE "owner_subdomain" <> ''
ORDER BY "owner_subdomain", "created_at"
ON CONFLICT DO NOTHING;

-- A link is served on its owner's subdomain only; links of an account that owns none are served on the root host.
UPDATE "links" AS l
SET "owner_subdomain" = COALESCE((SELECT o."subdomain" FROM "subdomain_owners" AS o WHERE o."owner_sub" = l."owner_sub"), '')
WHERE l."owner_subdomain" IS DISTINCT FROM COALESCE((SELECT o."subdomain" FROM "subdomain_owners" AS o WHERE o."owner_sub" = l."owner_sub"), '');
