-- AlterTable
ALTER TABLE "links" ADD COLUMN     "access_due_at" TIMESTAMPTZ(3),
ADD COLUMN     "unshared_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "links_access_due_at_idx" ON "links"("access_due_at");
