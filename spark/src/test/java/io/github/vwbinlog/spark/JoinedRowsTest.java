package io.github.vwbinlog.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** The row adapter without Spark running: the columns asked for, and no DSJSON line unless it is asked for. */
class JoinedRowsTest {
  private static final Path LOG = SparkReadTest.FILES.resolve("valid_joined_logs/average_reward_100_interactions.fb");

  /** A converter that counts the lines it is asked for. */
  private static final class CountingConverter implements DsjsonConverter {
    final DsjsonConverter real = DsjsonConverter.of(JoinOptions.defaults());
    int lines;

    @Override
    public JoinOptions options() {
      return real.options();
    }

    @Override
    public JoinSummary convert(Path input, OutputStream out) throws IOException {
      return real.convert(input, out);
    }

    @Override
    public JoinSummary convert(BinaryLogReader input, OutputStream out) throws IOException {
      return real.convert(input, out);
    }

    @Override
    public byte[] line(JoinResult result) {
      lines++;
      return real.line(result);
    }
  }

  private static StructType columns(String... names) {
    List<StructField> fields = new ArrayList<>();
    for (String name : names) {
      fields.add(Schemas.JOINED.fields()[Schemas.JOINED.fieldIndex(name)]);
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  @Test
  void onlyTheColumnsAskedForAndNoLineUnlessAsked() throws IOException {
    CountingConverter converter = new CountingConverter();
    JoinedRows pruned = new JoinedRows("f", converter, columns("event_id", "reward"));
    JoinedRows withLine = new JoinedRows("f", converter, columns("dsjson", "offset"));
    try (Joiner joiner = Joiner.open(LOG, JoinOptions.defaults())) {
      for (JoinResult r : joiner) {
        int before = converter.lines;
        InternalRow row = pruned.row(r, joiner.position());
        assertThat(row.numFields()).isEqualTo(2);
        assertThat(row.getUTF8String(0).toString()).isEqualTo(r.id());
        assertThat(row.getFloat(1)).isEqualTo(r.reward());
        assertThat(converter.lines).as("lines written without the dsjson column").isEqualTo(before);

        InternalRow line = withLine.row(r, joiner.position());
        assertThat(converter.lines).isEqualTo(before + 1);
        String expected = new String(converter.real.line(r), StandardCharsets.UTF_8);
        assertThat(line.getUTF8String(0).toString() + "\n").isEqualTo(expected);
        assertThat(line.getLong(1)).isEqualTo(joiner.position().offset());
      }
    }
  }

  @Test
  void theLineCheckedIsTheColumnsWrittenOnce() throws IOException {
    CountingConverter converter = new CountingConverter();
    CheckedLines lines = new CheckedLines(converter);
    JoinedRows rows = new JoinedRows("f", lines, columns("dsjson"));
    try (Joiner joiner = Joiner.open(LOG, JoinOptions.defaults())) {
      for (JoinResult r : joiner) {
        int before = converter.lines;
        assertThat(lines.check(r)).isNull();
        InternalRow row = rows.row(r, joiner.position());
        assertThat(converter.lines).as("lines written for one event").isEqualTo(before + 1);
        assertThat(row.getUTF8String(0).toString() + "\n")
            .isEqualTo(new String(converter.real.line(r), StandardCharsets.UTF_8));
      }
    }
  }

  @Test
  void aRefusedLineSaysWhy(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path log = SparkReadTest.refusedLines(dir.resolve("r.log"));
    CheckedLines lines = new CheckedLines(DsjsonConverter.of(JoinOptions.defaults()));
    List<String> refused = new ArrayList<>();
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      for (JoinResult r : joiner) {
        io.github.vwbinlog.join.LineRefusedException e = lines.check(r);
        if (e != null) {
          refused.add(e.eventId() + " " + e.reason());
        }
      }
    }
    assertThat(refused).hasSize(28).contains("e0-1 NON_FINITE_NUMBER", "e0-3 INVALID_CONTEXT", "e0-7 INVALID_UTF8",
        "e0-8 INVALID_CONTEXT");
  }

  @Test
  void theSettingsAndTheEventsBytesColumns() throws IOException {
    JoinedRows rows = new JoinedRows("f", DsjsonConverter.of(JoinOptions.defaults()),
        columns("default_reward", "use_client_time", "joined_events"));
    JoinOptions options = JoinOptions.defaults().withDefaultReward(-2f);
    try (Joiner joiner = Joiner.open(LOG, options)) {
      for (JoinResult r : joiner) {
        java.nio.ByteBuffer events = java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3});
        InternalRow row = rows.row(r, joiner.position(), events);
        assertThat(row.getFloat(0)).isEqualTo(-2f);
        assertThat(row.getBoolean(1)).isFalse();
        assertThat(row.getBinary(2)).containsExactly(1, 2, 3);
        assertThat(rows.row(r, joiner.position()).isNullAt(2)).as("no bytes given").isTrue();
      }
    }
    assertThat(rows.needsJoinedEvents()).isTrue();
    assertThat(new JoinedRows("f", DsjsonConverter.of(JoinOptions.defaults()), columns("dsjson")).needsJoinedEvents())
        .isFalse();
  }
}
