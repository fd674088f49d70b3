package io.github.vwbinlog;

/**
 * Receives every {@link Diagnostic}: each skipped message, event, interaction or outcome, with its reason and offset.
 * Called on the thread that reads; an implementation that throws stops the reading with its exception.
 *
 * <pre>{@code
 * List<Diagnostic> seen = new ArrayList<>();
 * ReadOptions options = ReadOptions.defaults().withListener(seen::add);
 * }</pre>
 */
@FunctionalInterface
public interface DiagnosticListener {

  /** Receives one diagnostic. */
  void report(Diagnostic diagnostic);

  /**
   * The default listener: logs to the {@code System.Logger} named {@code io.github.vwbinlog}, errors at WARNING and
   * notices at DEBUG.
   */
  static DiagnosticListener logging() {
    return LoggingListener.INSTANCE;
  }

  /** A listener that ignores everything (the counts kept by the joiner still see every diagnostic). */
  static DiagnosticListener ignoring() {
    return d -> {};
  }
}

/** The {@link DiagnosticListener#logging()} implementation. */
final class LoggingListener implements DiagnosticListener {
  static final LoggingListener INSTANCE = new LoggingListener();

  private LoggingListener() {}

  /**
   * Looked up at the first diagnostic: starting the logging backend loads about 90 classes that a program which never
   * logs does not need.
   */
  private static final class Logger {
    static final System.Logger LOGGER = System.getLogger("io.github.vwbinlog");
  }

  @Override
  public void report(Diagnostic d) {
    System.Logger.Level level = d.severity() == Severity.ERROR ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG;
    if (Logger.LOGGER.isLoggable(level)) {
      Logger.LOGGER.log(level, d.toString());
    }
  }
}
