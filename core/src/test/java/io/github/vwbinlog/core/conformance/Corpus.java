package io.github.vwbinlog.core.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The conformance corpus, read in place from {@code ../shared/conformance} (the system property {@code vwbinlog.shared}
 * that the root pom gives surefire): its cases and the files they name.
 *
 * <pre>{@code
 * for (Corpus.Case c : Corpus.cases("parse_error")) {
 *   Path log = c.input();
 * }
 * }</pre>
 */
public final class Corpus {

  /** The folders of {@code files/} that hold joined logs; the others hold event-batch files (corpus README). */
  public static final List<String> JOINED_LOG_FOLDERS =
      List.of("valid_joined_logs", "invalid_joined_logs", "skip_learn", "derived");

  private Corpus() {}

  /** The conformance folder. */
  public static Path root() {
    String shared = System.getProperty("vwbinlog.shared");
    if (shared == null) {
      throw new IllegalStateException("the system property vwbinlog.shared is not set (the root pom sets it for "
          + "surefire): run the tests from the project root");
    }
    Path root = Path.of(shared, "conformance");
    if (!Files.isDirectory(root)) {
      throw new IllegalStateException("no conformance corpus at " + root);
    }
    return root;
  }

  /** A path relative to the conformance folder. */
  public static Path resolve(String relative) {
    return root().resolve(relative);
  }

  /** Every case of {@code cases.json}, in file order. */
  public static List<Case> cases() {
    return Holder.CASES;
  }

  /** The cases of one kind ({@code parse_error}, {@code dsjson_reference}...), in file order. */
  public static List<Case> cases(String kind) {
    return cases().stream().filter(c -> c.kind().equals(kind)).toList();
  }

  /** Every joined log under {@code files/} ({@code *.log} and {@code *.fb} of {@link #JOINED_LOG_FOLDERS}), sorted. */
  public static List<Path> joinedLogs() {
    Path files = resolve("files");
    return JOINED_LOG_FOLDERS.stream()
        .flatMap(folder -> walk(files.resolve(folder)))
        .filter(p -> p.toString().endsWith(".log") || p.toString().endsWith(".fb"))
        .sorted()
        .toList();
  }

  private static Stream<Path> walk(Path folder) {
    try (Stream<Path> paths = Files.walk(folder)) {
      return paths.filter(Files::isRegularFile).toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final class Holder {
    static final List<Case> CASES = load();

    private static List<Case> load() {
      try {
        String text = Files.readString(resolve("cases.json"), StandardCharsets.UTF_8);
        return Json.array(Json.parse(text)).stream().map(v -> new Case(Json.object(v))).toList();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * One case of {@code cases.json}.
   *
   * @param json the whole case object
   */
  public record Case(Map<String, @Nullable Object> json) {

    /** The unique id, e.g. {@code vw_binary_parser/test_log_file_with_bad_magic}. */
    public String id() {
      return (String) Objects.requireNonNull(json.get("id"));
    }

    /** The kind: {@code parse_error}, {@code dsjson_reference}... */
    public String kind() {
      return (String) Objects.requireNonNull(json.get("kind"));
    }

    /** The input file, resolved; fails for the cases without one. */
    public Path input() {
      return resolve((String) Objects.requireNonNull(json.get("input"), "case " + id() + " has no input"));
    }

    /** The {@code expect} object. */
    public Map<String, @Nullable Object> expect() {
      return Json.object(json.get("expect"));
    }

    /** The {@code implied} object, or an empty one. */
    public Map<String, @Nullable Object> implied() {
      Object implied = json.get("implied");
      return implied == null ? Map.of() : Json.object(implied);
    }

    /** The {@code notes}, or "". */
    public String notes() {
      Object notes = json.get("notes");
      return notes == null ? "" : notes.toString();
    }

    @Override
    public String toString() {
      return id();
    }
  }
}
