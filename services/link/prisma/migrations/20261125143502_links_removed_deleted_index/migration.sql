-- CreateIndex
CREATE INDEX "links_removed_at_deleted_at_idx" ON "links"("removed_at", "deleted_at");
