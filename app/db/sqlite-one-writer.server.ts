/**
 * SQLite's one writer path (docs/architecture.md#glossary). Every statement of the
 * process goes through Prisma's one SQLite connection, and the connection is held by one piece of
 * work at a time: a transaction holds it from its BEGIN IMMEDIATE to its COMMIT or ROLLBACK, and
 * a statement outside a transaction waits (with the event loop free) until no transaction is
 * open. So no statement of this process ever meets a write lock this process holds, and a
 * statement never runs inside a transaction that another request opened.
 *
 * Another process's lock (a second app process, a backup, the sqlite3 shell) is never waited for
 * inside SQLite: the connection's busy timeout is 0, and a statement or BEGIN that SQLite refuses
 * with SQLITE_BUSY gives its turn back and is tried again after a short sleep of the event loop,
 * up to `busyWaitMs`; then it fails with SQLITE_BUSY, which a request answers 503
 * (app/http/busy-database.server.ts) and a worker's loop backs off from.
 */
import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from "@prisma/driver-adapter-utils";

/** The longest pause between tries while another process holds SQLite's writer. */
const BUSY_POLL_MAX_MS = 25;

/** SQLite refused the statement because another connection holds the lock (SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT, ...). */
function isSqliteBusy(error: unknown): boolean {
  const cause = (error as { cause?: { originalCode?: unknown } } | null)?.cause;
  const code = cause?.originalCode ?? (error as { code?: unknown } | null)?.code;
  return /^SQLITE_BUSY/.test(String(code));
}

/** The error a statement fails with when SQLite's writer stayed held past the wait (a webhook's 503). */
function busyError(): DriverAdapterError {
  return new DriverAdapterError({
    kind: "SocketTimeout",
    originalCode: "SQLITE_BUSY",
    originalMessage: "database is locked",
  });
}

/**
 * One holder at a time, in the order they asked: `acquire` resolves to the release.
 */
function connectionTurn() {
  let tail: Promise<void> = Promise.resolve();
  const turn = {
    async acquire(deadline: number): Promise<() => void> {
      let release!: () => void;
      const previous = tail;
      const mine = new Promise<void>((resolve) => (release = resolve));
      tail = previous.then(() => mine);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), Math.max(0, deadline - Date.now()));
      });
      const outcome = await Promise.race([previous.then(() => "turn" as const), timedOut]);
      clearTimeout(timer);
      if (outcome === "timeout") {
        // give the place back: whoever waits behind this one goes on once `previous` ends
        release();
        throw busyError();
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
  };
  return turn;
}

/**
 * Runs `run` in a turn at the connection, tried again while SQLite says another connection holds
 * the lock, until `deadline`; between tries the turn is given back, so that other work (reads
 * above all, which the write-ahead log lets through) goes on while this one waits. Resolves to
 * `run`'s value and the turn's release, still held.
 */
async function turnWhileBusy<T>(
  turn: ReturnType<typeof connectionTurn>,
  deadline: number,
  run: () => Promise<T>,
): Promise<{ value: T; release: () => void }> {
  for (let attempt = 0; ; attempt += 1) {
    const release = await turn.acquire(deadline);
    try {
      return { value: await run(), release };
    } catch (error) {
      release();
      if (!isSqliteBusy(error)) throw error;
      if (Date.now() >= deadline) throw busyError();
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(2 ** attempt, BUSY_POLL_MAX_MS)));
  }
}

/**
 * Prisma's SQLite adapter factory with the one writer path around its connection. The factory's
 * own connection must have a busy timeout of 0 (`timeout: 0`): waiting is done here.
 */
export function oneWriter(factory: SqlDriverAdapterFactory, options: { busyWaitMs: number }): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect(): Promise<SqlDriverAdapter> {
      const adapter = await factory.connect();
      const turn = connectionTurn();
      /** A statement outside a transaction: its turn at the connection, then the statement, tried again while busy. */
      const alone =
        <R>(method: (query: SqlQuery) => Promise<R>) =>
        async (query: SqlQuery): Promise<R> => {
          const { value, release } = await turnWhileBusy(turn, Date.now() + options.busyWaitMs, () => method(query));
          release();
          return value;
        };
      const queryRaw = adapter.queryRaw.bind(adapter);
      const executeRaw = adapter.executeRaw.bind(adapter);
      const oneAtATime: Partial<SqlDriverAdapter> = {
        queryRaw: alone(queryRaw),
        executeRaw: alone(executeRaw),
        async executeScript(script: string) {
          const { release } = await turnWhileBusy(turn, Date.now() + options.busyWaitMs, () =>
            adapter.executeScript(script),
          );
          release();
        },
        async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
          if (isolationLevel && isolationLevel !== "SERIALIZABLE") {
            throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
          }
          // the write lock from the start: no statement inside meets another connection's lock
          const { release } = await turnWhileBusy(turn, Date.now() + options.busyWaitMs, () =>
            executeRaw({ sql: "BEGIN IMMEDIATE", args: [], argTypes: [] }),
          );
          // Prisma sends COMMIT or ROLLBACK through the transaction's own executeRaw, then calls these
          return {
            provider: adapter.provider,
            adapterName: adapter.adapterName,
            options: { usePhantomQuery: false },
            queryRaw,
            executeRaw,
            commit: async () => release(),
            rollback: async () => release(),
          };
        },
      };
      return new Proxy(adapter, {
        get(target, property) {
          if (property in oneAtATime) return oneAtATime[property as keyof SqlDriverAdapter];
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    },
  };
}
