package io.github.vwbinlog;

import io.github.vwbinlog.spi.WrappingReader;
import java.util.Iterator;
import java.util.Objects;
import java.util.function.Consumer;

/** {@link BinaryLogReader#peek}: the reader's messages, each handed to an action as it is read. */
final class PeekingReader implements BinaryLogReader, WrappingReader {
  private final BinaryLogReader reader;
  private final Consumer<? super Message> action;

  PeekingReader(BinaryLogReader reader, Consumer<? super Message> action) {
    this.reader = reader;
    this.action = Objects.requireNonNull(action, "action");
  }

  @Override
  public Iterator<Message> iterator() {
    Iterator<Message> messages = reader.iterator();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return messages.hasNext();
      }

      @Override
      public Message next() {
        Message m = messages.next();
        action.accept(m);
        return m;
      }
    };
  }

  @Override
  public BinaryLogReader wrapped() {
    return reader;
  }

  @Override
  public ReadOptions options() {
    return reader.options();
  }

  @Override
  public long position() {
    return reader.position();
  }

  @Override
  public long size() {
    return reader.size();
  }

  @Override
  public void close() {
    reader.close();
  }
}
