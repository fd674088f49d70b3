package io.github.vwbinlog.cli;

import static io.github.vwbinlog.cli.ConvertCommandTest.convert;
import static io.github.vwbinlog.cli.ConvertCommandTest.corpus;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code vw-binlog convert --format parquet}: the file holds a row per joined event (DuckDB reads it back; the columns
 * are compared with the DSJSON lines in the parquet module's tests), the summary is that of the DSJSON conversion, and
 * the output is written atomically like DSJSON's.
 */
class ConvertParquetTest {

  @TempDir
  Path temp;

  @Test
  void oneRowPerJoinedEventOfEveryInputWithTheSummaryOfTheDsjsonConversion() throws Exception {
    Path cb = corpus("valid_joined_logs/cb_simple.log");
    Path ccb = corpus("valid_joined_logs/ccb_sum_reward_100_interactions.fb");
    Path out = temp.resolve("events.parquet");
    ConvertCommandTest.Run parquet = convert("--format", "parquet", "-o", out, cb, ccb);
    ConvertCommandTest.Run dsjson = convert(cb, ccb);
    assertThat(parquet.exit()).as(parquet.err()).isZero();
    assertThat(parquet.err()).isEqualTo(dsjson.err());
    long lines = dsjson.out().lines().count();
    String query = "SELECT count(*), count(DISTINCT file) FROM read_parquet('" + out + "')";
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        ResultSet rs = db.createStatement().executeQuery(query)) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(lines);
      assertThat(rs.getLong(2)).isEqualTo(2);
    }
    try (Stream<Path> files = Files.list(temp)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("events.parquet");
    }
  }

  @Test
  void standardOutputGetsAWholeParquetFile() {
    ConvertCommandTest.Run run = convert("--format", "parquet", corpus("valid_joined_logs/cb_simple.log"));
    assertThat(run.exit()).isZero();
    byte[] bytes = run.stdout();
    assertThat(new String(bytes, 0, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PAR1");
    assertThat(new String(bytes, bytes.length - 4, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PAR1");
  }

  @Test
  void strictOnAnErroringInputLeavesNoFile() throws Exception {
    Path out = temp.resolve("events.parquet");
    ConvertCommandTest.Run run = convert("--format", "parquet", "--strict", "-o", out,
        corpus("invalid_joined_logs/corrupt_joined_payload.log"));
    assertThat(run.exit()).isEqualTo(1);
    try (Stream<Path> files = Files.list(temp)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void anUnknownFormatIsAUsageError() {
    ConvertCommandTest.Run run = convert("--format", "csv", corpus("valid_joined_logs/cb_simple.log"));
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("--format");
  }
}
