package io.github.vwbinlog.spark;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.AccumulatorV2;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a lenient read skipped that its user would otherwise not see, told on the driver's log: a file that is not a
 * joined binary log (no message can be read), a multistep log read without {@code multistep=true} (its episodes are
 * skipped, so it has no rows). The tasks add a note; Spark brings the notes of each finished task to the driver, whose
 * copy of this accumulator logs each note once, as a warning of the logger {@code io.github.vwbinlog.spark}. The
 * details, per offset, are in the {@code diagnostics} view.
 *
 * <p>An accumulator of the driver, registered for one read; its copies on the executors only collect.
 */
final class ReadReport extends AccumulatorV2<String, List<String>> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger("io.github.vwbinlog.spark");

  /** The notes, in the order they came; on the driver, those already logged. */
  private final Set<String> notes = new LinkedHashSet<>();

  /** A report registered with the active session's context, named after the read (Spark's UI shows it). */
  static ReadReport registered(String read) {
    ReadReport report = new ReadReport();
    SparkSession.active().sparkContext().register(report, read);
    return report;
  }

  @Override
  public boolean isZero() {
    synchronized (notes) {
      return notes.isEmpty();
    }
  }

  @Override
  public AccumulatorV2<String, List<String>> copy() {
    ReadReport copy = new ReadReport();
    synchronized (notes) {
      copy.notes.addAll(notes);
    }
    return copy;
  }

  @Override
  public void reset() {
    synchronized (notes) {
      notes.clear();
    }
  }

  /** A note of a task. */
  @Override
  public void add(String note) {
    synchronized (notes) {
      notes.add(note);
    }
  }

  /** On the driver: the notes of a finished task; a new one is logged. */
  @Override
  public void merge(AccumulatorV2<String, List<String>> other) {
    for (String note : other.value()) {
      boolean added;
      synchronized (notes) {
        added = notes.add(note);
      }
      if (added) {
        LOG.warn(note);
      }
    }
  }

  @Override
  public List<String> value() {
    synchronized (notes) {
      return new ArrayList<>(notes);
    }
  }
}
