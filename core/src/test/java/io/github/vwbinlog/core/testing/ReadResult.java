package io.github.vwbinlog.core.testing;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Everything one pass of a reader gives: the messages in order, and the exception that ended it, if any.
 *
 * @param messages the messages returned before the end
 * @param error the exception {@code hasNext()} threw, or null when the reading ended cleanly
 */
public record ReadResult(List<Message> messages, @Nullable BinaryLogException error) {

  /** Reads every message of {@code reader}, then closes it. */
  public static ReadResult readAll(BinaryLogReader reader) {
    List<Message> messages = new ArrayList<>();
    try (reader) {
      for (Message m : reader) {
        messages.add(m);
      }
      return new ReadResult(messages, null);
    } catch (BinaryLogException e) {
      return new ReadResult(messages, e);
    }
  }

  /** The error's class and text, or "clean end": what must agree between sources. */
  public String ending() {
    return error == null ? "clean end" : error.getClass().getSimpleName() + ": " + error.getMessage();
  }
}
