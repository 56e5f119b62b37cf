/**
 * The outbox pattern every relay of Ferry shares: claim a page of due rows in one statement, work
 * on them, then mark the finished ones. Plain SQL through the raw-query methods every generated
 * Prisma client has, so the kit needs no Prisma of its own. Table, column and SQL texts are
 * constants of the calling code, put into the statement as they are; only times and keys are
 * parameters.
 */

/** The raw-SQL methods of a Prisma client. */
export interface RawSqlClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

/** Which rows of a table a loop claims, and what the claim writes. */
export interface DueRowsQuery {
  table: string;
  /** The key column. */
  key: string;
  /** Moved to the end of the lease by the claim: a claimed row is not due again until then. */
  leaseColumn: string;
  /** The condition of a due row; `$1` stands for the time of the pass. */
  due: string;
  orderBy: string;
  page: number;
  /** Further assignments of the claim, e.g. `attempts = attempts + 1, sending_since = $1`. */
  set?: string;
  /** Columns of the row as it was before the claim, returned under these field names. */
  before?: Record<string, string>;
  /** The RETURNING list (aliased to the row type's field names); values are those after the claim. */
  returning: string;
}

/**
 * Claims up to `page` due rows: their lease column moves to `at + leaseMs` (plus `set`), and
 * FOR UPDATE SKIP LOCKED makes concurrent passes and replicas take different rows. A process that
 * dies holding a claim leaves its rows due again when the lease ends.
 */
export function claimDueRows<Row>(db: RawSqlClient, query: DueRowsQuery, at: Date, leaseMs: number): Promise<Row[]> {
  const before = Object.entries(query.before ?? {});
  const carried = before.map(([field, column]) => `, ${column} AS "${field}"`).join('');
  const returned = before.map(([field]) => `, claimed."${field}"`).join('');
  return db.$queryRawUnsafe<Row[]>(
    `UPDATE ${query.table} SET ${query.leaseColumn} = $2${query.set ? `, ${query.set}` : ''}
     FROM (SELECT ${query.key} AS claimed_key${carried} FROM ${query.table}
           WHERE ${query.due}
           ORDER BY ${query.orderBy} LIMIT ${query.page}
           FOR UPDATE SKIP LOCKED) AS claimed
     WHERE ${query.table}.${query.key} = claimed.claimed_key
     RETURNING ${query.returning}${returned}`,
    at,
    new Date(at.getTime() + leaseMs),
  );
}

/**
 * One plain UPDATE of the rows with these keys (`set` may use `$2`, `$3`, … for `values`). Nothing
 * is built or wrapped in a transaction around it, so it leaves the process as soon as it is issued:
 * a relay marks a row sent in the same tick that read the receiver's acknowledgement.
 */
export async function markRows(
  db: RawSqlClient,
  target: { table: string; key: string; keyType?: 'uuid' | 'text' },
  keys: readonly string[],
  set: string,
  ...values: unknown[]
): Promise<number> {
  if (keys.length === 0) return 0;
  return db.$executeRawUnsafe(
    `UPDATE ${target.table} SET ${set} WHERE ${target.key} = ANY($1::${target.keyType ?? 'uuid'}[])`,
    [...keys],
    ...values,
  );
}
