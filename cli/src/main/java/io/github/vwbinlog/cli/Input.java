package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.ReadOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * One input of a command: a file, or standard input ({@code -}).
 *
 * @param name how messages name it: the path as given, or {@code -}
 * @param path the file, or null for standard input
 */
record Input(String name, @Nullable Path path) {

  /** The command-line name of standard input. */
  static final String STDIN = "-";

  static Input stdin() {
    return new Input(STDIN, null);
  }

  static Input file(Path path) {
    return new Input(path.toString(), path);
  }

  boolean isStdin() {
    return path == null;
  }

  /** The size in bytes, or -1 when unknown (standard input, a pipe). */
  long size() {
    if (path == null || !Files.isRegularFile(path)) {
      return -1;
    }
    try {
      return Files.size(path);
    } catch (IOException e) {
      return -1;
    }
  }

  /** Opens a reader: the file memory-mapped, or standard input read as a stream. */
  BinaryLogReader open(InputStream stdin, ReadOptions options) throws IOException {
    return path == null ? BinaryLogReader.of(stdin, options) : BinaryLogReader.open(path, options);
  }

  /** Why an input cannot be opened, in a few words ("no such file", "permission denied", "is a directory"). */
  static String describe(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
