package io.github.vwbinlog.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns the FILE arguments of {@code convert} and {@code stats} into the inputs to process, in order: files in the
 * order given, each directory replaced by its files (not recursively; hidden files skipped; those matching the glob)
 * sorted by name, and {@code -} for standard input (at most once). Everything is checked before anything is read, so
 * that a typo fails the run (exit 3) before any output is written.
 */
final class Inputs {
  private Inputs() {}

  /** An argument that names nothing readable. */
  static final class UnreadableException extends Exception {
    private static final long serialVersionUID = 1L;

    UnreadableException(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * The inputs the arguments name.
   *
   * @param glob which files of a directory are taken, matched against their names (for example {@code *.log})
   * @throws UnreadableException naming the first argument that cannot be read
   * @throws IllegalArgumentException if standard input is named twice (a usage error)
   */
  static List<Input> resolve(List<String> args, String glob) throws UnreadableException {
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
    List<Input> inputs = new ArrayList<>();
    boolean stdin = false;
    for (String arg : args) {
      if (arg.equals(Input.STDIN)) {
        if (stdin) {
          throw new IllegalArgumentException("standard input (-) can be read only once");
        }
        stdin = true;
        inputs.add(Input.stdin());
        continue;
      }
      Path path = Path.of(arg);
      if (Files.isDirectory(path)) {
        inputs.addAll(directory(path, matcher, glob));
      } else {
        inputs.add(file(path));
      }
    }
    return inputs;
  }

  private static Input file(Path path) throws UnreadableException {
    if (!Files.exists(path)) {
      throw new UnreadableException("cannot open " + path + ": no such file");
    }
    if (!Files.isReadable(path)) {
      throw new UnreadableException("cannot open " + path + ": permission denied");
    }
    return Input.file(path);
  }

  private static List<Input> directory(Path dir, PathMatcher matcher, String glob) throws UnreadableException {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path p : entries) {
        String name = p.getFileName().toString();
        if (!name.startsWith(".") && Files.isRegularFile(p) && matcher.matches(p.getFileName())) {
          files.add(p);
        }
      }
    } catch (NoSuchFileException e) {
      throw new UnreadableException("cannot open " + dir + ": no such directory");
    } catch (AccessDeniedException e) {
      throw new UnreadableException("cannot open " + dir + ": permission denied");
    } catch (IOException e) {
      throw new UnreadableException("cannot open " + dir + ": " + Input.describe(e));
    }
    if (files.isEmpty()) {
      throw new UnreadableException("cannot open " + dir + ": no files matching " + glob + " in the directory");
    }
    // Name order, compared as strings: time-stamped log names sort chronologically, whatever the locale.
    files.sort(Comparator.comparing(p -> p.getFileName().toString()));
    List<Input> inputs = new ArrayList<>(files.size());
    for (Path p : files) {
      inputs.add(file(p));
    }
    return inputs;
  }
}
