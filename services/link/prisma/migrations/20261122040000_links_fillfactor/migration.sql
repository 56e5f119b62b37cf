-- Download counts change a links row on every counting batch. Free room on each page lets
-- PostgreSQL update such a row in place (a HOT update: no new index entries), since no indexed
-- column changes. Applies to pages written from now on.
ALTER TABLE "links" SET (fillfactor = 70);
