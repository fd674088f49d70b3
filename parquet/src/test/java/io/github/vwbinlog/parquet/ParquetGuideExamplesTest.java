package io.github.vwbinlog.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.join.JoinOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java example of docs/PARQUET.md, as code the build compiles and runs; the page must show it verbatim (between
 * the {@code tag::} and {@code end::} comments below), so the docs cannot drift from code that works.
 */
class ParquetGuideExamplesTest {

  @TempDir
  Path temp;

  static void twoLogsInOneFile(Path day1, Path day2, Path events) throws IOException {
    // tag::append[]
    ParquetConverter converter = ParquetConverter.of(JoinOptions.defaults());
    try (OutputStream out = Files.newOutputStream(events);
        ParquetConverter.Writer writer = converter.open(out)) {
      writer.append(day1);
      writer.append(day2);   // one file, the logs one after the other, each joined on its own
    }
    // end::append[]
  }

  @Test
  void theExampleWritesBothLogsAndThePageShowsIt() throws Exception {
    Path day1 = Corpus.resolve("files/valid_joined_logs/cb_simple.log");
    Path day2 = Corpus.resolve("files/valid_joined_logs/average_reward_100_interactions.fb");
    Path events = temp.resolve("events.parquet");
    twoLogsInOneFile(day1, day2, events);
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        ResultSet rs = db.createStatement().executeQuery("SELECT count(DISTINCT file), count(*) FROM read_parquet('"
            + events + "')")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(2);
      assertThat(rs.getLong(2)).isGreaterThan(100);
    }

    Path module = Path.of(System.getProperty("user.dir"));
    String source = Files.readString(module.resolve(
        "src/test/java/io/github/vwbinlog/parquet/ParquetGuideExamplesTest.java"));
    Pattern tagged = Pattern.compile("// tag::append\\[]\\n(.*?)\\n\\s*// end::append\\[]", Pattern.DOTALL);
    Matcher m = tagged.matcher(source);
    assertThat(m.find()).isTrue();
    String snippet = m.group(1).stripIndent();
    assertThat(Files.readString(module.resolveSibling("docs/PARQUET.md"))).contains(snippet);
  }
}
