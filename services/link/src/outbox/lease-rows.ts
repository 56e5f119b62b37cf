import { Prisma } from '../generated/prisma/client.js';
import type { PrismaClient } from '../db.js';

/**
 * Which rows of a table a loop leases, and in what order. Table, column and RETURNING texts are
 * constants of the code, put into the SQL as they are; only `due`'s values are parameters.
 */
export interface LeaseQuery {
  table: string;
  /** The key column the lease selects rows by. */
  key: string;
  /** The column the lease moves to the end of the lease: a leased row is not due until then. */
  leaseColumn: string;
  /** The condition of a due row at `at`. */
  due: (at: Date) => Prisma.Sql;
  orderBy: string;
  page: number;
  /** The RETURNING list (aliased to the row type's field names). */
  returning: string;
}

/**
 * Leases a page of due rows in one statement: their lease column moves to `at + leaseMs`, and
 * FOR UPDATE SKIP LOCKED makes concurrent passes and replicas take different rows. A process that
 * dies holding a lease leaves its rows due again when the lease ends.
 */
export function leaseDueRows<Row>(prisma: PrismaClient, query: LeaseQuery, at: Date, leaseMs: number): Promise<Row[]> {
  const table = Prisma.raw(query.table);
  const key = Prisma.raw(query.key);
  return prisma.$queryRaw<Row[]>(Prisma.sql`
    UPDATE ${table} SET ${Prisma.raw(query.leaseColumn)} = ${new Date(at.getTime() + leaseMs)}
    WHERE ${key} IN (
      SELECT ${key} FROM ${table}
      WHERE ${query.due(at)}
      ORDER BY ${Prisma.raw(query.orderBy)} LIMIT ${query.page}
      FOR UPDATE SKIP LOCKED)
    RETURNING ${Prisma.raw(query.returning)}`);
}
