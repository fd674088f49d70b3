package io.github.vwbinlog.spi;

import io.github.vwbinlog.BinaryLogReader;

/**
 * Internal: a reader that hands on the messages of another as that one reads them ({@link BinaryLogReader#peek}), so
 * that core can reach its own reader beneath for what only that one can do: read a payload again from its file.
 */
public interface WrappingReader {

  /** The reader whose messages this one hands on, in the same order, at the same position. */
  BinaryLogReader wrapped();
}
