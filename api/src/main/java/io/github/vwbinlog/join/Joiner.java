package io.github.vwbinlog.join;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.spi.Providers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Joins a whole log: applies its CHECKPOINTs (and the sticky overrides of {@link JoinOptions}), groups the events of
 * each REGULAR message by id, and yields one {@link JoinResult} per joined event in VW's order (SPEC §3, §4). Every
 * message, event, interaction or outcome it skips is reported to the read options' listener and counted in
 * {@link #summary()}. Framing problems end the log as VW ends it, reported as errors, unless
 * {@link JoinFeature#STRICT} makes them throw.
 *
 * <p>Not thread-safe; iterate once.
 *
 * <pre>{@code
 * try (Joiner joiner = Joiner.open(Path.of("joined.log"), JoinOptions.defaults())) {
 *   for (JoinResult r : joiner) {
 *     System.out.println(r.id() + " " + r.reward());
 *   }
 *   System.out.println(joiner.summary());
 * }
 * }</pre>
 */
public interface Joiner extends Iterable<JoinResult>, AutoCloseable {

  /**
   * Opens a file. Every diagnostic, the reader's included (unknown message types, framing problems), is counted in
   * {@link #summary()} and forwarded to the read options' listener.
   */
  static Joiner open(Path file, JoinOptions options) throws IOException {
    return Providers.get().openJoiner(file, options);
  }

  /**
   * Joins the messages of a reader; closing the joiner closes it. Every diagnostic is counted in {@link #summary()},
   * the reader's own included, as with {@link #open(Path, JoinOptions)}; those the reader reports itself (unknown
   * message types, framing problems in lenient mode) go to the reader's listener, the others to the join options'.
   */
  static Joiner of(BinaryLogReader reader, JoinOptions options) {
    return Providers.get().joiner(reader, options);
  }

  /**
   * The joined events in order.
   *
   * @throws IllegalStateException if called a second time
   */
  @Override
  Iterator<JoinResult> iterator();

  /** The joined events as a sequential stream; closing the stream closes the joiner. */
  default Stream<JoinResult> stream() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(),
        Spliterator.ORDERED | Spliterator.NONNULL), false).onClose(this::close);
  }

  /** What was read, emitted and skipped so far. */
  JoinSummary summary();

  /** Closes the reader. */
  @Override
  void close();
}
