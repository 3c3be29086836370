// The process's one logger (docs/operations.md#logs): pino underneath, one JSON
// line per event on stdout, with the context that says whose event it is (shop, topic, orderId,
// requestId, …) as fields, and an Error under `err` written with its message and stack.
import pino from "pino";

export type LogFields = Record<string, unknown>;
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds these fields to every line it writes. */
  child(fields: LogFields): Logger;
}

export interface LoggerOptions {
  /** The lowest level written; "silent" writes nothing. */
  level?: LogLevel;
  /** Where each line goes (without its newline); stdout when omitted. */
  write?: (line: string) => void;
  /** Fields on every line. */
  fields?: LogFields;
}

const LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "silent"];

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === "string" && (LEVELS as readonly string[]).includes(value);
}

/**
 * The level the process logs at: LOG_LEVEL when it names a level; otherwise "info", except under
 * NODE_ENV=test, where the suites would drown in their own noise ("silent").
 */
export function levelFromEnv(env: Record<string, string | undefined> = process.env): LogLevel {
  const wanted = env.LOG_LEVEL?.trim().toLowerCase();
  if (isLogLevel(wanted)) return wanted;
  return env.NODE_ENV === "test" ? "silent" : "info";
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const write = options.write;
  const destination = write
    ? { write: (chunk: string) => write(chunk.endsWith("\n") ? chunk.slice(0, -1) : chunk) }
    : pino.destination({ dest: 1, sync: true });
  const base = pino(
    {
      level: options.level ?? "info",
      base: options.fields ?? {},
      messageKey: "msg",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // pino's standard error serializer: {type, message, stack (with "caused by: …")}, one JSON line.
      // `err` is the field for an Error; `error` is read the same way so a slip does not lose a stack.
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    destination,
  );
  return wrap(base);
}

function wrap(inner: pino.Logger): Logger {
  // pino formats printf-style (%s, %d) only when arguments follow the message; we never pass any,
  // so a message containing "%" is written as it is.
  return {
    debug: (message, fields) => inner.debug(fields ?? {}, message),
    info: (message, fields) => inner.info(fields ?? {}, message),
    warn: (message, fields) => inner.warn(fields ?? {}, message),
    error: (message, fields) => inner.error(fields ?? {}, message),
    child: (fields) => wrap(inner.child(fields)),
  };
}

/** A logger made on its first line, so what it reads then (LOG_LEVEL) has been loaded by then. */
function lazy(make: () => Logger): Logger {
  let made: Logger | undefined;
  const get = () => (made ??= make());
  return {
    debug: (message, fields) => get().debug(message, fields),
    info: (message, fields) => get().info(message, fields),
    warn: (message, fields) => get().warn(message, fields),
    error: (message, fields) => get().error(message, fields),
    child: (fields) => lazy(() => get().child(fields)),
  };
}

/**
 * The process's logger. Its level is read at its first line, not at import: the server reads
 * .env when it boots (getEnv), after this module is imported, and LOG_LEVEL may be set there.
 */
export const logger: Logger = lazy(() => createLogger({ level: levelFromEnv() }));
