// The test clock (docs/testing.md#a-fixed-clock): loaded with `node --import` into every process of
// a run that sets TEST_CLOCK_OFFSET_MS (Playwright's runner, its workers, the seed and the app
// servers; Vitest's workers and what they start), it moves `Date` by that offset, so every
// process of the run reads one clock that starts at a fixed time of day and then runs as time does.
// Timers, performance.now() and the database's own clock are left alone: the app reads time through
// Date only.
const offset = Number(process.env.TEST_CLOCK_OFFSET_MS);

if (Number.isFinite(offset) && offset !== 0 && !globalThis.Date.testClockOffset) {
  const RealDate = globalThis.Date;
  // A constructor sharing Date's prototype, not a subclass: every date, made here, by Node or
  // copied between threads, is an instance of it, and code that reads Date.prototype (date-fns's
  // TZDate copies its methods) finds Date's own methods.
  function Date(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return Reflect.construct(RealDate, args.length ? args : [RealDate.now() + offset], new.target);
  }
  Object.setPrototypeOf(Date, RealDate);
  Object.defineProperties(Date, {
    prototype: { value: RealDate.prototype },
    length: { value: RealDate.length },
    now: { value: () => RealDate.now() + offset, writable: true, configurable: true },
    testClockOffset: { value: offset },
  });
  Object.defineProperty(RealDate.prototype, "constructor", { value: Date, writable: true, configurable: true });
  globalThis.Date = Date;
}

/** The clock's start for a run beginning now: today (UTC) at 10:05, when no hour ends for 55 minutes. */
export function testClockOffset(now = Date.now(), start = { hour: 10, minute: 5 }) {
  const day = new Date(now);
  day.setUTCHours(start.hour, start.minute, 0, 0);
  return day.getTime() - now;
}

/** The environment that puts a child process, and all it starts, on the run's test clock. */
export function testClockEnvironment(env = process.env) {
  const preload = `--import=${new URL(import.meta.url).href}`;
  const options = env.NODE_OPTIONS ?? "";
  return {
    TEST_CLOCK_OFFSET_MS: env.TEST_CLOCK_OFFSET_MS ?? String(testClockOffset()),
    NODE_OPTIONS: options.includes(preload) ? options : `${options} ${preload}`.trim(),
  };
}
