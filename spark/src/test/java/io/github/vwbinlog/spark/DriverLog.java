package io.github.vwbinlog.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * The warnings of the logger {@code io.github.vwbinlog.spark} (the driver's, in a local session) while it is open:
 * what {@link ReadReport} logs.
 */
final class DriverLog extends AbstractAppender implements AutoCloseable {
  private static final String LOGGER = "io.github.vwbinlog.spark";
  private final List<String> warnings = new ArrayList<>();

  private DriverLog() {
    super("vw-binlog-test", null, null, true, Property.EMPTY_ARRAY);
  }

  /** Starts capturing. */
  static DriverLog capture() {
    DriverLog log = new DriverLog();
    log.start();
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    Configuration config = context.getConfiguration();
    LoggerConfig logger = new LoggerConfig(LOGGER, Level.WARN, false);
    logger.addAppender(log, Level.WARN, null);
    config.addLogger(LOGGER, logger);
    context.updateLoggers();
    return log;
  }

  @Override
  public void append(LogEvent event) {
    synchronized (warnings) {
      warnings.add(event.getMessage().getFormattedMessage());
    }
  }

  /** The warnings so far. */
  List<String> warnings() {
    synchronized (warnings) {
      return new ArrayList<>(warnings);
    }
  }

  @Override
  public void close() {
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    context.getConfiguration().removeLogger(LOGGER);
    context.updateLoggers();
    stop();
  }
}
