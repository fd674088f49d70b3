package io.github.vwbinlog.core.examples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the snippets an examples test marks with {@code // tag::name[]} and {@code // end::name[]}, and the docs that
 * must show them verbatim.
 */
final class DocSnippets {
  private static final Pattern TAGGED = Pattern.compile("// tag::(\\w+)\\[]\\n(.*?)\\n\\s*// end::\\1\\[]",
      Pattern.DOTALL);

  private DocSnippets() {}

  /** One snippet: its tag name and its lines without their common indentation. */
  record Snippet(String name, String text) {}

  /** The source of a test of this package, e.g. {@code "JoiningGuideExamplesTest.java"}. */
  static String source(String file) throws IOException {
    return Files.readString(moduleDir().resolve("src/test/java/io/github/vwbinlog/core/examples/" + file));
  }

  /** A file of the repository, e.g. {@code "docs/JOINING.md"}. */
  static String repositoryFile(String path) throws IOException {
    return Files.readString(moduleDir().resolveSibling(path));
  }

  /** The tagged snippets of {@code source}, in order. */
  static List<Snippet> in(String source) {
    List<Snippet> snippets = new ArrayList<>();
    Matcher m = TAGGED.matcher(source);
    while (m.find()) {
      snippets.add(new Snippet(m.group(1), dedent(m.group(2))));
    }
    return snippets;
  }

  private static Path moduleDir() {
    return Path.of(System.getProperty("user.dir"));
  }

  private static String dedent(String block) {
    List<String> lines = block.lines().toList();
    int indent = lines.stream().filter(l -> !l.isBlank())
        .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
    return String.join("\n", lines.stream().map(l -> l.length() >= indent ? l.substring(indent) : l).toList());
  }
}
